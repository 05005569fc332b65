import fc from 'fast-check';
import { monthPattern } from '../../rules/expenses.ts';

/**
 * Months as the expenses resource writes them, `YYYY-MM` (spec: Expenses resource), with the arithmetic the
 * range checks need, and the arbitraries of the expenses properties.
 */
export { isMonth } from '../../rules/expenses.ts';

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
 * Valid ranges inside the default range in every time zone, with fromMonth <= toMonth: from `back` months
 * before `current` (12 at most) to the month before it. The default range, which a service summarises
 * without being asked, runs from 13 months ago to the current month; a service a day ahead of UTC
 * (AMB-EXP-02) or behind it counts both ends a month on or back, so these months are inside it for every
 * clock. Neither a future month nor a month older than the default range is asked for: whether a service
 * keeps or allows those is not shown. The arbitrary shrinks towards the previous month alone.
 */
export function monthRange(current: string, back = 12): fc.Arbitrary<MonthRange> {
  const months = fc.integer({ min: 1, max: Math.max(1, Math.min(back, 12)) });
  return fc.tuple(months, months).map(([a, b]) => ({
    fromMonth: addMonths(current, -Math.max(a, b)),
    toMonth: addMonths(current, -Math.min(a, b)),
  }));
}

/** A non-empty selection of the given account identifiers, in their order. */
export function accountSelection(accountIds: string[]): fc.Arbitrary<string[]> {
  return fc.subarray(accountIds, { minLength: 1 });
}

/**
 * Month values with no month in them under any reading (spec: Expenses resource, format `YYYY-MM`): no
 * month number and no month name, so neither a strict parser nor a lenient one (AMB-EXP-05) nor a
 * natural-language date parser finds a month to read.
 */
export const unparsableMonths = [
  'not-a-month', // a phrase: no digit, no month name
  'YYYY-MM', // the format's own placeholder: no digit, no month name
  '2024-xx', // a year with letters where the month goes
] as const;

/**
 * Values that a lenient server reads as a month and a strict one refuses (AMB-EXP-05), accepted both ways:
 * refused with a 4xx error list, or read and answered 200.
 */
export const nearMonths = [
  '2024-1', // a one-digit month
  '2024-13', // a month past 12, rolled over into the next year
  '24-01', // a two-digit year
  'January', // a month name without a year, read by a date parser as January of the current year
] as const;
