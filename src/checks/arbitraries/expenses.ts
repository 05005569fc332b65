import fc from 'fast-check';

/**
 * Months as the expenses resource writes them, `YYYY-MM` (spec: Expenses resource), with the arithmetic the
 * range checks need, and the arbitraries of the expenses properties.
 */
const monthPattern = /^([0-9]{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && monthPattern.test(value);
}

/** The month of an instant by the UTC clock. */
export function monthOf(instant: Date | number): string {
  const date = new Date(instant);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Months since year 0: a number that orders and subtracts months. */
export function monthIndex(month: string): number {
  const match = monthPattern.exec(month);
  if (!match) throw new RangeError(`not a month in YYYY-MM form: ${JSON.stringify(month)}`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

export function addMonths(month: string, count: number): string {
  const index = monthIndex(month) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export interface MonthRange {
  fromMonth: string;
  toMonth: string;
}

/**
 * Valid ranges ending no later than `current` and starting at most `spanMonths` before it, with
 * fromMonth <= toMonth. Past months only: whether a future month may be asked for is not shown. The
 * arbitrary shrinks towards the current month alone.
 */
export function monthRange(current: string, spanMonths = 36): fc.Arbitrary<MonthRange> {
  const back = fc.integer({ min: 0, max: spanMonths });
  return fc.tuple(back, back).map(([a, b]) => ({
    fromMonth: addMonths(current, -Math.max(a, b)),
    toMonth: addMonths(current, -Math.min(a, b)),
  }));
}

/** A non-empty selection of the given account identifiers, in their order. */
export function accountSelection(accountIds: string[]): fc.Arbitrary<string[]> {
  return fc.subarray(accountIds, { minLength: 1 });
}

/**
 * Month values with no month in them under any reading: a word, a month name without a year, letters for
 * the month (spec: Expenses resource, format `YYYY-MM`).
 */
export const unparsableMonths = ['not-a-month', 'January', '2024-xx'] as const;

/**
 * Near misses of `YYYY-MM` that a lenient server reads as a month and a strict one refuses: a one-digit
 * month, a month past 12 (rolled over), a two-digit year.
 */
export const nearMonths = ['2024-1', '2024-13', '24-01'] as const;
