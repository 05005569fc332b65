import { now } from '../clock.ts';
import { employers } from '../reference-data.ts';
import type { Draft, Holdings, Ledger } from './ledger.ts';

/**
 * A fortnightly salary into the main account, from one employer. Its amount is settled last
 * (settleSalary), once the rest of the main account's flows are known.
 */
export function salary(book: Ledger, held: Holdings, busy: boolean): Draft[] {
  const { r } = book;
  const employer = r.pick(employers);
  const salaryText = busy
    ? `SALARY ${employer}`
    : r.pick([`SALARY ${employer}`, `PAY ${employer}`, `${employer} PAYROLL`]);
  const salaries: Draft[] = [];
  book.every(14, (at) => salaries.push(book.add(held.main, at, 0, 'direct-credit', salaryText)));
  return salaries;
}

/** Credits besides pay: a tax refund in August (the busy user's), Medicare benefits now and then. */
export function otherCredits(book: Ledger, held: Holdings, busy: boolean): void {
  const { r } = book;
  const taxTime = Date.UTC(2026, 7, r.int(5, 28));
  if (busy && taxTime >= book.start)
    book.add(
      held.main,
      r.onDay(taxTime)!,
      r.int(300, 2500) * 100 + r.int(0, 99),
      'direct-credit',
      'ATO TAX REFUND',
    );
  for (let k = busy ? r.int(1, 3) : r.chance(0.3) ? 1 : 0; k > 0; k--)
    book.add(held.main, r.instant(book.start, now), r.int(3000, 12000), 'direct-credit', 'MEDICARE BENEFIT');
}

/**
 * The salary that leaves the main account growing over the window by a drawn amount (and never below
 * $1,500 a fortnight), whatever else flowed through it.
 */
export function settleSalary(
  book: Ledger,
  held: Holdings,
  kept: Draft[],
  salaries: Draft[],
  busy: boolean,
): void {
  const { r } = book;
  const flows = kept
    .filter((d) => d.account === held.main && !salaries.includes(d))
    .reduce((sum, d) => sum + d.cents, 0);
  const growth = r.int(busy ? 500 : 100, busy ? 4000 : 1500) * 100;
  const salary = Math.max(150_000, Math.ceil((growth - flows) / salaries.length / 100) * 100 + r.int(0, 99));
  for (const pay of salaries) pay.cents = salary;
}
