import { now } from '../clock.ts';
import { last4, title, type Holdings, type Ledger } from './ledger.ts';

/**
 * Each savings account: regular transfers in from the main account (weekly for the busy user), interest
 * at each month's end, now and then a transfer back, and an opening balance.
 */
export function savings(book: Ledger, held: Holdings, busy: boolean): void {
  const { r } = book;
  const { main } = held;
  for (const saver of held.savers) {
    const amount = r.int(busy ? 100 : 50, busy ? 300 : 500) * 100;
    const pair = (at: number): void => {
      book.add(main, at, -amount, 'internal-transfer', `TRANSFER TO ${title(saver.name)} ${last4(saver)}`);
      book.add(saver, at, amount, 'internal-transfer', `TRANSFER FROM ${title(main.name)} ${last4(main)}`);
    };
    if (busy) book.every(7, pair);
    else book.monthly(r.int(1, 28), pair);
    const rate = r.int(800, 6000);
    book.monthEnds((at) => book.add(saver, at, rate + r.int(-300, 300), 'interest', 'CREDIT INTEREST'));
    for (let k = busy ? 2 : r.chance(0.3) ? 1 : 0; k > 0; k--) {
      const at = r.instant(book.start, now);
      const back = r.int(2, 20) * 100 * 100;
      book.add(saver, at, -back, 'internal-transfer', `TRANSFER TO ${title(main.name)} ${last4(main)}`);
      book.add(main, at, back, 'internal-transfer', `TRANSFER FROM ${title(saver.name)} ${last4(saver)}`);
    }
    book.opening.set(saver.id, r.int(2000, 40000) * 100);
  }
}
