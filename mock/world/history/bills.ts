import type { Merchant } from '../merchants.ts';
import { title, type Holdings, type Ledger } from './ledger.ts';
import type { Till } from './purchases.ts';

/**
 * Bills on a monthly day, by direct debit, BPAY or card: the busy user's a household's worth (phone,
 * internet, power, subscriptions, gym, insurance), another user's one to three.
 */
export function bills(book: Ledger, till: Till, held: Holdings, busy: boolean): void {
  const { r } = book;
  const { cards, main } = held;
  const billers = till.au.filter((m) => m.category.recurring === true);
  const bills: Merchant[] = [];
  const billOf = (key: string): Merchant[] => billers.filter((m) => m.seed.category === key);
  if (busy) {
    bills.push(
      r.pick(billOf('telcoMobile')),
      r.pick([...billOf('isp'), ...billOf('telcoWired')]),
      r.pick(billOf('electricity')),
    );
    bills.push(...r.some([...billOf('streaming'), ...billOf('payTv')], 2), r.pick(billOf('gym')));
    bills.push(r.pick(billOf('healthInsurance')), r.pick(billOf('generalInsurance')));
  } else {
    bills.push(...r.some(billers, r.int(1, 3)));
  }
  for (const bill of bills) {
    const account = cards.length > 0 && r.chance(0.6) ? r.pick(cards) : main;
    const base = till.amountOf(bill);
    const variable = bill.seed.category === 'electricity';
    const text = ['streaming', 'payTv', 'gym'].includes(bill.seed.category)
      ? `${bill.seed.descriptor} ${title(bill.place.suburb)} AU`
      : r.pick([
          `DIRECT DEBIT ${bill.seed.descriptor} ${r.digits(7)}`,
          `BPAY ${bill.seed.descriptor} ${r.digits(8)}`,
        ]);
    book.monthly(r.int(1, 28), (at) =>
      till.pay(bill, account, at, variable ? Math.round((base * r.int(70, 130)) / 100) : base, text),
    );
  }
}
