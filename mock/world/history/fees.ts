import type { Holdings, Ledger } from './ledger.ts';

/** A monthly fee on the main account: always for the busy user, for half the others. */
export function accountFee(book: Ledger, held: Holdings, busy: boolean): void {
  const { r } = book;
  if (busy || r.chance(0.5)) {
    const fee = r.pick([400, 500, 600]);
    book.monthly(1, (at) => book.add(held.main, at, -fee, 'bank-fee', 'MONTHLY ACCOUNT FEE'));
  }
}
