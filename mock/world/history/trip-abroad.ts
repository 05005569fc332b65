import { day, monthStart } from '../clock.ts';
import type { Merchant } from '../merchants.ts';
import type { Holdings, Ledger } from './ledger.ts';
import type { Till } from './purchases.ts';

/**
 * The busy user's trip to New Zealand or Britain: a fare booked weeks ahead, then nine days of spending
 * there on the first card, each purchase with an international transaction fee.
 */
export function tripAbroad(book: Ledger, till: Till, held: Holdings, merchants: Merchant[]): void {
  const { r } = book;
  const abroad = r.pick(['NZ', 'GB'] as const);
  const there = merchants.filter((m) => m.seed.country === abroad);
  const leave = monthStart(r.int(3, 10)) + r.int(0, 20) * day;
  const airline = r.pick(till.au.filter((m) => m.seed.category === 'airline'));
  const fare = r.int(abroad === 'GB' ? 1400 : 450, abroad === 'GB' ? 2600 : 1100) * 100;
  till.pay(airline, till.payFrom(), r.instant(leave - 60 * day, leave - 20 * day), fare);
  const card = held.cards[0] ?? held.main;
  for (let k = r.int(6, 12); k > 0; k--) {
    const merchant = r.pick(there);
    const at = r.instant(leave, leave + 9 * day);
    const cents = till.amountOf(merchant);
    till.pay(merchant, card, at, cents);
    book.add(
      card,
      at + 1000,
      -Math.max(1, Math.round(cents * 0.03)),
      'bank-fee',
      'INTERNATIONAL TRANSACTION FEE',
    );
  }
}
