import { day, iso } from '../clock.ts';
import { affordabilityOrder } from '../order.ts';
import type { Random } from '../random.ts';
import type { TransactionRecord } from '../world.ts';
import type { Draft, HistoryInput } from './ledger.ts';

/** Cents as a decimal string with two places: -1234 -> '-12.34'. */
function money(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Pending flags, running balances, account balances; the records in the affordability order. */
export function settle(
  r: Random,
  input: HistoryInput,
  drafts: Draft[],
  opening: Map<string, number>,
): TransactionRecord[] {
  const records: TransactionRecord[] = [];
  for (const account of input.accounts) {
    const own = drafts
      .filter((d) => d.account === account)
      // Oldest first, and within one second by id descending: exactly the reverse of the affordability order.
      .sort((a, b) => a.at - b.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const type = account.class.type;
    const spending = type === 'transaction' || type === 'credit-card';
    const pendingCount = Math.min(
      own.length,
      input.busy ? (spending ? r.int(8, 15) : r.int(5, 7)) : spending ? r.int(0, 3) : 0,
    );
    // Accounts that hold money never dip below zero: the opening balance covers the lowest point.
    let lowest = 0;
    let running = 0;
    for (const d of own) {
      running += d.cents;
      lowest = Math.min(lowest, running);
    }
    let balance = opening.get(account.id) ?? r.int(500, 6000) * 100;
    if (type === 'transaction' || type === 'savings')
      balance = Math.max(balance, -lowest + r.int(50, 800) * 100);
    own.forEach((d, index) => {
      balance += d.cents;
      const pending = index >= own.length - pendingCount;
      const transactionDay = iso(d.at - d.lag * day).slice(0, 10);
      records.push({
        id: d.id,
        status: pending ? 'pending' : 'posted',
        description: d.description,
        amount: money(d.cents),
        account: account.id,
        balance: money(balance),
        direction: d.cents < 0 ? 'debit' : 'credit',
        class: d.class,
        institution: input.institutionOf(account),
        transactionDate: !pending && r.chance(0.03) ? '' : transactionDay,
        postDate: iso(d.at),
        subClass: d.subClass,
      });
    });
    account.balance = money(balance);
    account.availableFunds =
      type === 'credit-card'
        ? money(r.int(6, 20) * 1000 * 100 + balance)
        : type === 'mortgage'
          ? money(r.int(0, 250) * 100 * 100)
          : type === 'loan'
            ? '0.00'
            : money(balance);
  }
  return records.sort(affordabilityOrder);
}
