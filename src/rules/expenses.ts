import { decide, type Verdict } from './verdict.ts';
import { asRecord, type Members } from './values.ts';

// Spec: Endpoints > POST {base_url}/users/{user.id}/expenses, and Resources and their fields > Expenses
// resource. Months in YYYY-MM form order as strings; a month in another form is EXP-10's or EXP-17's.

export const monthPattern = /^([0-9]{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && monthPattern.test(value);
}

/** The summary blocks that carry a changeHistory beside the payments' subcategories. */
export const summaryBlocks = [
  'cashWithdrawals',
  'bankFees',
  'externalTransfers',
  'loanInterests',
  'loanRepayments',
] as const;

/** The range a request asked for, as its body gave it (members of any type). */
export interface AskedRange {
  fromMonth?: unknown;
  toMonth?: unknown;
}

/**
 * EXP-11: an expenses resource's fromMonth is not after its toMonth, unless the request asked for that very
 * range (AMB-EXP-06: kept as asked), which the rule does not judge.
 */
export function rangeRunsForward(body: Members, asked: AskedRange = {}): Verdict {
  const { fromMonth, toMonth } = body;
  if (!isMonth(fromMonth) || !isMonth(toMonth)) return undefined;
  if (fromMonth > toMonth && asked.fromMonth === fromMonth && asked.toMonth === toMonth) return undefined;
  const given = isMonth(asked.fromMonth) && isMonth(asked.toMonth);
  return decide(fromMonth <= toMonth, () =>
    given
      ? `asked for ${asked.fromMonth as string} to ${asked.toMonth as string}; the answer's range runs from ${fromMonth} back to ${toMonth}`
      : `fromMonth ${fromMonth} is after toMonth ${toMonth}`,
  );
}

/**
 * EXP-04: given a forward fromMonth and toMonth, the resource reports that same range; months answered in
 * another form are EXP-10's.
 */
export function reportsRangeAsked(body: Members, asked: AskedRange): Verdict {
  const { fromMonth: from, toMonth: to } = asked;
  const { fromMonth, toMonth } = body;
  if (!isMonth(from) || !isMonth(to) || from > to || !isMonth(fromMonth) || !isMonth(toMonth))
    return undefined;
  return decide(
    fromMonth === from && toMonth === to,
    () =>
      `asked for ${from} to ${to}, got fromMonth ${JSON.stringify(fromMonth)} and toMonth ${JSON.stringify(toMonth)}`,
  );
}

/** Every changeHistory of the resource, with where it lies. */
function changeHistories(body: Members): { where: string; entries: unknown[] }[] {
  const histories: { where: string; entries: unknown[] }[] = [];
  const add = (where: string, value: unknown) => {
    if (Array.isArray(value)) histories.push({ where, entries: value });
  };
  for (const block of summaryBlocks) add(`${block}.changeHistory`, asRecord(body[block])?.changeHistory);
  const payments = Array.isArray(body.payments) ? body.payments : [];
  payments.forEach((payment, p) => {
    const subCategories = asRecord(payment)?.subCategory;
    if (Array.isArray(subCategories))
      subCategories.forEach((sub, s) =>
        add(`payments[${p}].subCategory[${s}].changeHistory`, asRecord(sub)?.changeHistory),
      );
  });
  return histories;
}

/**
 * EXP-18: every changeHistory date lies within the resource's fromMonth to toMonth; shown by a forward range
 * with at least one date (a reversed range is EXP-11's).
 */
export function historyWithinRange(body: Members): Verdict {
  const { fromMonth, toMonth } = body;
  if (!isMonth(fromMonth) || !isMonth(toMonth) || fromMonth > toMonth) return undefined;
  const dated = changeHistories(body).flatMap(({ where, entries }) =>
    entries.map((entry) => ({ where, date: asRecord(entry)?.date })).filter(({ date }) => isMonth(date)),
  );
  if (dated.length === 0) return undefined;
  const outside = dated
    .filter(({ date }) => (date as string) < fromMonth || (date as string) > toMonth)
    .map(({ where, date }) => `${where} ${date as string}`);
  return decide(
    outside.length === 0,
    () =>
      `${outside.length} changeHistory date(s) outside ${fromMonth} to ${toMonth}: ${outside.slice(0, 10).join(', ')}`,
  );
}

/** EXP-13: no two entries of payments name the same division; payments that is no array is EXP-12's. */
export function divisionsOnce(body: Members): Verdict {
  const { payments } = body;
  if (!Array.isArray(payments)) return undefined;
  const divisions = payments
    .map((p) => asRecord(p)?.division)
    .filter((d): d is string => typeof d === 'string');
  const repeated = [...new Set(divisions.filter((d, i) => divisions.indexOf(d) !== i))];
  return decide(
    repeated.length === 0,
    () => `payments names division(s) ${repeated.map((d) => JSON.stringify(d)).join(', ')} more than once`,
  );
}

/** A decimal amount as the spec writes money (a string); anything else is EXP-14's, EXP-16's or EXP-17's. */
const decimalPattern = /^[-+]?[0-9]+(\.[0-9]+)?$/;

const decimalOf = (value: unknown): number | undefined =>
  typeof value === 'string' && decimalPattern.test(value) ? Number(value) : undefined;

/**
 * The months from fromMonth to toMonth, both included; undefined for months in another form (EXP-10's) or
 * a range that holds none (a reversed range kept as asked, AMB-EXP-06).
 */
function monthsInRange(body: Members): number | undefined {
  const { fromMonth, toMonth } = body;
  if (!isMonth(fromMonth) || !isMonth(toMonth)) return undefined;
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  const count = index(toMonth) - index(fromMonth) + 1;
  return count >= 1 ? count : undefined;
}

/** changeHistory entries added up by month; an entry of another form is EXP-17's. */
function byMonth(histories: unknown[]): Map<string, number> {
  const amounts = new Map<string, number>();
  for (const history of histories)
    for (const entry of Array.isArray(history) ? history : []) {
      const { date } = asRecord(entry) ?? {};
      const amount = decimalOf(asRecord(entry)?.amount);
      if (isMonth(date) && amount !== undefined) amounts.set(date, (amounts.get(date) ?? 0) + amount);
    }
  return amounts;
}

/**
 * Each average a resource gives, with the months it averages: the summary blocks' over their changeHistory,
 * each payments entry's over its own subCategory histories added up by month, never other divisions'.
 */
function averages(body: Members): { name: string; average: number; months: Map<string, number> }[] {
  const blocks = summaryBlocks.map((block) => ({
    name: block,
    average: asRecord(body[block])?.avgMonthly,
    histories: [asRecord(body[block])?.changeHistory],
  }));
  const payments = (Array.isArray(body.payments) ? body.payments : []).map((payment) => {
    const entry = asRecord(payment);
    const subCategories = Array.isArray(entry?.subCategory) ? entry.subCategory : [];
    return {
      name: `payments "${String(entry?.division)}"`,
      average: entry?.avgMonthly,
      histories: subCategories.map((sub) => asRecord(sub)?.changeHistory),
    };
  });
  return [...blocks, ...payments].flatMap(({ name, average, histories }) => {
    const value = decimalOf(average);
    return value === undefined ? [] : [{ name, average: value, months: byMonth(histories) }];
  });
}

/** A cent, for a service that rounds each amount it reports. */
const cent = 0.01;

/**
 * EXP-25: an average lies between what its months allow. Whichever months a service averages over (every
 * month of the range, or only those with spending, AMB-EXP-07) and however it signs amounts (AMB-EXP-09),
 * a monthly average is at most its largest month, and at least the changeHistory's total spread over every
 * month of the range, since it divides by no more months than the range has (in magnitude). The lower
 * bound allows two cents: a cent for the average's rounding and one for the months' rounding, spread.
 */
export function averagesWithinTheirMonths(body: Members): Verdict {
  const range = monthsInRange(body);
  const wrong = averages(body).flatMap(({ name, average, months }) => {
    const values = [...months.values()];
    const largest = Math.max(0, ...values.map(Math.abs));
    const total = Math.abs(values.reduce((sum, amount) => sum + amount, 0));
    const found: string[] = [];
    if (Math.abs(average) > largest + cent + 1e-9)
      found.push(
        `${name}: avgMonthly ${average.toFixed(2)} is above its largest month, ${largest.toFixed(2)}`,
      );
    if (range !== undefined && Math.abs(average) < total / range - 2 * cent - 1e-9)
      found.push(
        `${name}: avgMonthly ${average.toFixed(2)} is below its total ${total.toFixed(2)} over the ${range} month(s) of the range, ${(total / range).toFixed(2)} a month`,
      );
    return found;
  });
  return decide(
    wrong.length === 0,
    () => `an average its months do not allow: ${wrong.slice(0, 4).join('; ')}`,
  );
}

/**
 * EXP-26: the payments entries' percentageTotal are shares of one total, on a scale of 0 to 100 or of 0 to
 * 1 (AMB-EXP-08): where every division goes the same way (no avgMonthly of one sign beside one of the
 * other, AMB-EXP-09: a service may net refunds into a division), each share is within 0 to 100 and
 * together they are not above 100, on either scale. Each share may be rounded to a whole percentage,
 * so each allows half a point.
 */
export function percentagesShareOneTotal(body: Members): Verdict {
  const { payments } = body;
  if (!Array.isArray(payments)) return undefined;
  const entries = payments.map((p) => asRecord(p) ?? {});
  const signs = new Set(
    entries.map((p) => Math.sign(decimalOf(p.avgMonthly) ?? 0)).filter((sign) => sign !== 0),
  );
  const shares = entries
    .map((p) => ({ division: String(p.division), share: p.percentageTotal }))
    .filter((s): s is { division: string; share: number } => typeof s.share === 'number');
  if (signs.size > 1 || shares.length === 0) return undefined;
  const rounding = 0.5;
  const outside = shares.filter(({ share }) => share < -rounding || share > 100 + rounding);
  const sum = shares.reduce((total, { share }) => total + share, 0);
  return decide(outside.length === 0 && sum <= 100 + rounding * shares.length, () =>
    outside.length > 0
      ? `percentageTotal outside 0 to 100: ${outside
          .slice(0, 4)
          .map(({ division, share }) => `${JSON.stringify(division)} ${share}`)
          .join(', ')}`
      : `the divisions' percentageTotal add up to ${sum.toFixed(2)}, more than the whole: ${shares
          .slice(0, 6)
          .map(({ division, share }) => `${JSON.stringify(division)} ${share}`)
          .join(', ')}`,
  );
}
