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
