import { addMonths, monthOf, monthRange, type MonthRange } from '../../src/checks/arbitraries/expenses.ts';
import { check } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { expectThat } from '../../src/checks/failures.ts';
import { forAll } from '../../src/checks/property.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { expectRule } from '../../src/checks/rule.ts';
import { historyWithinRange, rangeRunsForward, reportsRangeAsked } from '../../src/rules/expenses.ts';
import {
  clientErrors,
  createExpenses,
  defaultExpenses,
  expensesBody,
  isClientError,
  type TimedExchange,
} from './support.ts';

/** Most the server's clock (its Date header) may differ from ours and still name the current month. */
const clockSkewMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

/**
 * The months of the instants from `from` to `to` in every time zone in use, UTC-12 to UTC+14: "the
 * current month" names no zone, and a service may count months in its own (AMB-EXP-02).
 */
function monthsInAnyZone(from: number, to: number): string[] {
  const first = monthOf(from - 12 * hourMs);
  const last = monthOf(to + 14 * hourMs);
  return first === last ? [first] : [first, last];
}

/**
 * The months that may be "the current month" of a request: the month, in any time zone, of a moment
 * between its sending and its answer, or of the answer's Date header (the server's own clock) when that
 * is within a day of ours.
 */
function currentMonths({ exchange, sentAt, answeredAt }: TimedExchange): string[] {
  const months = new Set(monthsInAnyZone(sentAt, answeredAt));
  const date = Date.parse(exchange.response?.headers.date ?? '');
  if (!Number.isNaN(date) && date > sentAt - clockSkewMs && date < answeredAt + clockSkewMs)
    for (const month of monthsInAnyZone(date, date)) months.add(month);
  return [...months].sort();
}

/** The answer's toMonth is the current month, in some time zone; `asked` says what the request gave. */
function expectEndsNow(answer: TimedExchange, asked: string): void {
  const { toMonth } = expensesBody(answer.exchange);
  const expected = currentMonths(answer);
  expectThat(
    typeof toMonth === 'string' && expected.includes(toMonth),
    `${asked}: expected toMonth ${expected.join(' or ')} (the current month, in some time zone), got ${JSON.stringify(toMonth)}`,
    answer.exchange,
  );
}

/**
 * Months back of the fromMonth given alone: more than a year, so a service that ends an open range a
 * fixed year after its start ends it before the current month; within the 60 months or so a service
 * may keep, though a refusal of a range that far back is accepted too.
 */
const openRangeMonthsBack = 20;

check(
  'Without toMonth, the expenses range ends with the current month, with no body and with fromMonth alone',
  ['EXP-02'],
  async () => {
    expectEndsNow(await defaultExpenses(), 'no toMonth and no fromMonth');
    const fromMonth = addMonths(monthOf(Date.now()), -openRangeMonthsBack);
    const answer = await createExpenses({ fromMonth });
    // A service may keep less history than 20 months and refuse the range (the spec states no history
    // limit): a refusal in the spec's shape is a reading; a 200 runs to the current month.
    if (isClientError(answer.exchange)) return expectErrorList(answer.exchange, { status: clientErrors });
    expectEndsNow(answer, `fromMonth ${fromMonth} and no toMonth`);
  },
  { needs: ['write', 'userId'] },
);

check(
  'Without fromMonth, the expenses range starts 13 months before the current month',
  ['EXP-03'],
  async () => {
    const answer = await defaultExpenses();
    const { fromMonth } = expensesBody(answer.exchange);
    // "13 months ago": minus 13, or minus 12 counting the current month among the 13 (AMB-EXP-03).
    const expected = [
      ...new Set(currentMonths(answer).flatMap((month) => [addMonths(month, -13), addMonths(month, -12)])),
    ].sort();
    expectThat(
      typeof fromMonth === 'string' && expected.includes(fromMonth),
      `expected fromMonth ${expected.join(' or ')} (13 months before the current month, read as 12 or 13 back), got ${JSON.stringify(fromMonth)}`,
      answer.exchange,
    );
  },
  { needs: ['write', 'userId'] },
);

check(
  "An expenses resource's fromMonth is not after its toMonth",
  ['EXP-11'],
  async () => {
    const { exchange } = await defaultExpenses();
    expectRule(rangeRunsForward(expensesBody(exchange)), exchange);
  },
  { needs: ['write', 'userId'] },
);

check(
  'A fromMonth after toMonth is refused with a 4xx error list, or answered 200 with a range that runs forward or is the one asked',
  ['EXP-11', 'ERR-11'],
  async () => {
    const current = monthOf(Date.now());
    const asked = { fromMonth: addMonths(current, -2), toMonth: addMonths(current, -5) };
    const { exchange } = await createExpenses(asked);
    // Refused, read with the months swapped, or kept as asked (AMB-EXP-06): never a 5xx, never a range
    // ending first that nobody asked for.
    if (isClientError(exchange)) return expectErrorList(exchange, { status: clientErrors });
    expectRule(rangeRunsForward(expensesBody(exchange), asked), exchange);
    // Whichever reading, the answer is an expenses resource: a range of no month averages to a decimal too.
    expectResource(exchange, 'expenses');
  },
  { needs: ['write', 'userId'] },
);

/**
 * Ranges inside the default range by every clock (the last 12 months before the current one), drawn once
 * per check: valid under every reading, where a range years back may meet a history limit the spec never
 * states.
 */
function ranges() {
  return monthRange(monthOf(Date.now()));
}

check(
  'Given fromMonth and toMonth, the expenses resource reports that same range',
  ['EXP-04'],
  async () => {
    await forAll(ranges(), async (range: MonthRange) => {
      const { exchange } = await createExpenses(range);
      expectRule(reportsRangeAsked(expensesBody(exchange), range), exchange);
    });
  },
  { needs: ['write', 'userId'] },
);

check(
  "Every changeHistory date lies within the resource's fromMonth to toMonth",
  ['EXP-18'],
  async () => {
    const datesInRange = async ({ exchange }: TimedExchange) =>
      expectRule(historyWithinRange(expensesBody(exchange)), exchange);
    await datesInRange(await defaultExpenses());
    await forAll(ranges(), async (range: MonthRange) => datesInRange(await createExpenses(range)));
  },
  { needs: ['write', 'userId'] },
);
