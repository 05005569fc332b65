import { addMonths, monthIndex, type MonthRange } from '../../src/checks/arbitraries/expenses.ts';
import { check, NotExercised } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { Failure } from '../../src/checks/failures.ts';
import { expectRule } from '../../src/checks/rule.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { averagesWithinTheirMonths, percentagesShareOneTotal } from '../../src/rules/expenses.ts';
import {
  centTolerance,
  clientErrors,
  createExpenses,
  dataWindow,
  defaultExpenses,
  isClientError,
  monthAmounts,
  summaryOf,
  type MonthAmounts,
  selectableAccounts,
} from './support.ts';

// Spec: Endpoints > POST {base_url}/users/{user.id}/expenses. What a summary counts, seen by comparing
// summaries of the same data with one input changed: the amounts a service reports are its own (how it
// classes, signs and rounds), but how they must change with the accounts and the months asked for is
// stated. The months compared lie in dataWindow(), where the fixture user has transactions.

/** Amount of a month in a series; a month not listed counts as nothing spent (AMB-EXP-07). */
function amountAt(series: MonthAmounts | undefined, month: string): number {
  return series?.get(month) ?? 0;
}

/** Months of a range, first to last. */
function monthsOf({ fromMonth, toMonth }: MonthRange): string[] {
  const count = monthIndex(toMonth) - monthIndex(fromMonth) + 1;
  return Array.from({ length: count }, (_, i) => addMonths(fromMonth, i));
}

/** Where two summaries disagree, as a finding shows it: a few series and months with both amounts. */
function disagreements(
  got: Map<string, MonthAmounts>,
  expected: Map<string, MonthAmounts>,
  series: readonly string[],
  months: readonly string[],
  tolerance: number,
): string[] {
  return series.flatMap((name) =>
    months
      .filter((m) => Math.abs(amountAt(got.get(name), m) - amountAt(expected.get(name), m)) > tolerance)
      .map(
        (m) =>
          `${name} ${m}: ${amountAt(got.get(name), m).toFixed(2)} where ${amountAt(expected.get(name), m).toFixed(2)} was due`,
      ),
  );
}

/**
 * Summary blocks whose spending goes one way only (spec: Debit classes, Credit classes): their amounts
 * add up over accounts however a service signs or rounds them. Payments and external transfers are left
 * out: a service may net refunds or incoming transfers against them, and a net need not add up.
 */
const oneWayBlocks = ['cashWithdrawals', 'bankFees', 'loanInterests', 'loanRepayments'] as const;

/** Most accounts summarised one by one: a bound on the requests a large connection costs. */
const maxAccounts = 4;

check(
  "An accounts selection answered 200 summarises every account it names and no other: a month's amount in a block is the sum of each account's own",
  ['EXP-22'],
  async () => {
    const [accountIds, window] = await Promise.all([selectableAccounts(), dataWindow()]);
    const accounts = accountIds.slice(0, maxAccounts);
    if (accounts.length < 2)
      throw new NotExercised('the fixture user has a single account: no selection of several to compare');
    // Each account alone, then all of them in two orders: a service reading only the first account of a
    // selection is caught whichever account has spending.
    const selections = [...accounts.map((account) => [account]), accounts, [...accounts].reverse()];
    const answers = await Promise.all(
      selections.map(async (selection) => ({
        selection,
        summary: summaryOf(
          (await createExpenses({ ...window, accounts: selection })).exchange,
          `the selection ${JSON.stringify(selection)}`,
        ),
      })),
    );
    const singles = answers.slice(0, accounts.length);
    const together = answers.slice(accounts.length);
    const summed = new Map<string, MonthAmounts>();
    for (const { summary } of singles)
      for (const [name, amounts] of monthAmounts(summary.body)) {
        const total = summed.get(name) ?? new Map<string, number>();
        for (const [month, amount] of amounts) total.set(month, (total.get(month) ?? 0) + amount);
        summed.set(name, total);
      }
    const months = monthsOf(window);
    const spent = oneWayBlocks.some((name) => months.some((m) => amountAt(summed.get(name), m) !== 0));
    if (!spent)
      throw new NotExercised(
        `the accounts ${accounts.join(', ')} show no ${oneWayBlocks.join(', ')} in ${window.fromMonth} to ${window.toMonth}: nothing to add up`,
      );
    for (const { selection, summary } of together) {
      const got = monthAmounts(summary.body);
      const wrong = disagreements(got, summed, oneWayBlocks, months, centTolerance * accounts.length);
      if (wrong.length > 0)
        throw new Failure(
          `accounts ${JSON.stringify(selection)} over ${window.fromMonth} to ${window.toMonth}: the amounts are not the sums of each account's own summary, ` +
            `${wrong.length} month(s) differ: ${wrong.slice(0, 6).join('; ')}`,
          summary.exchange,
        );
    }
  },
  { needs: ['write', 'userId'] },
);

/** Every series a summary reports: the five blocks and payments. */
const allSeries = [
  'cashWithdrawals',
  'bankFees',
  'externalTransfers',
  'loanInterests',
  'loanRepayments',
  'payments',
];

/** Total spending of a month over every series, to pick the month with the most to lose. */
function spendingOf(series: Map<string, MonthAmounts>, month: string): number {
  return allSeries.reduce((sum, name) => sum + Math.abs(amountAt(series.get(name), month)), 0);
}

check(
  'An account named twice in accounts is summarised once: the amounts are those of the account named once, or the selection is refused',
  ['EXP-22'],
  async () => {
    const [accountIds, window] = await Promise.all([selectableAccounts(), dataWindow()]);
    const months = monthsOf(window);
    // The account with the most spending in the window: a double count shows on any amount but zero.
    const singles = await Promise.all(
      accountIds.slice(0, maxAccounts).map(async (account) => {
        const { exchange } = await createExpenses({ ...window, accounts: [account] });
        const summary = summaryOf(exchange, `the selection ${JSON.stringify([account])}`);
        const amounts = monthAmounts(summary.body);
        return { account, amounts, spent: months.reduce((sum, m) => sum + spendingOf(amounts, m), 0) };
      }),
    );
    const once = singles.reduce((best, single) => (single.spent > best.spent ? single : best));
    if (once.spent === 0)
      throw new NotExercised(
        `the accounts ${accountIds.slice(0, maxAccounts).join(', ')} show no spending in ${window.fromMonth} to ${window.toMonth}: a double count would not show`,
      );
    const selection = [once.account, once.account];
    const { exchange } = await createExpenses({ ...window, accounts: selection });
    // Whether a repeated identifier is an error is not stated: a refusal in the spec's shape is a reading.
    if (isClientError(exchange)) return expectErrorList(exchange, { status: clientErrors });
    const twice = monthAmounts(summaryOf(exchange, `the selection ${JSON.stringify(selection)}`).body);
    const wrong = disagreements(twice, once.amounts, allSeries, months, centTolerance);
    if (wrong.length > 0)
      throw new Failure(
        `accounts ${JSON.stringify(selection)} over ${window.fromMonth} to ${window.toMonth}: the amounts are not those of ${JSON.stringify([once.account])}, ` +
          `${wrong.length} month(s) differ: ${wrong.slice(0, 6).join('; ')}`,
        exchange,
      );
  },
  { needs: ['write', 'userId'] },
);

check(
  "The first and the last month of a range are summarised whole: a month's amounts are the same whether it is the only, the first, the last or an inner month of the range",
  ['EXP-23'],
  async () => {
    const window = await dataWindow();
    const { exchange: wide } = await createExpenses(window);
    const reference = monthAmounts(
      summaryOf(wide, `the range ${window.fromMonth} to ${window.toMonth}`).body,
    );
    // An inner month of the window, so that the months either side of it are past months too.
    const inner = monthsOf(window).slice(1, -1);
    const month = inner.reduce((best, m) =>
      spendingOf(reference, m) > spendingOf(reference, best) ? m : best,
    );
    if (spendingOf(reference, month) === 0)
      throw new NotExercised(`no spending in ${window.fromMonth} to ${window.toMonth}: nothing to compare`);
    const ranges = [
      { fromMonth: month, toMonth: month, role: 'the only month' },
      { fromMonth: month, toMonth: addMonths(month, 1), role: 'the first month' },
      { fromMonth: addMonths(month, -1), toMonth: month, role: 'the last month' },
    ];
    const answers = await Promise.all(
      ranges.map(({ fromMonth, toMonth }) => createExpenses({ fromMonth, toMonth })),
    );
    answers.forEach(({ exchange }, i) => {
      const { fromMonth, toMonth, role } = ranges[i] as (typeof ranges)[number];
      const got = monthAmounts(summaryOf(exchange, `the range ${fromMonth} to ${toMonth}`).body);
      const wrong = disagreements(got, reference, allSeries, [month], centTolerance);
      if (wrong.length > 0)
        throw new Failure(
          `${month} is ${role} of ${fromMonth} to ${toMonth} and an inner month of ${window.fromMonth} to ${window.toMonth}, ` +
            `but its amounts differ: ${wrong.join('; ')}`,
          exchange,
        );
    });
  },
  { needs: ['write', 'userId'] },
);

/**
 * The summaries a check of averages and shares judges: the default range, the data window, and the month
 * of the window with the most spending alone, where an average over one month is that month's amount.
 */
async function summariesToJudge(): Promise<{ exchange: Exchange; body: Record<string, unknown> }[]> {
  const window = await dataWindow();
  const ranged = summaryOf(
    (await createExpenses(window)).exchange,
    `the summary from ${window.fromMonth} to ${window.toMonth}`,
  );
  const reference = monthAmounts(ranged.body);
  const month = monthsOf(window).reduce((best, m) =>
    spendingOf(reference, m) > spendingOf(reference, best) ? m : best,
  );
  return [
    summaryOf((await defaultExpenses()).exchange, 'the default summary'),
    ranged,
    summaryOf(
      (await createExpenses({ fromMonth: month, toMonth: month })).exchange,
      `the summary of ${month} alone`,
    ),
  ];
}

check(
  'No avgMonthly of a summary is above the largest month of its changeHistory, nor below its total spread over the months of the range',
  ['EXP-25'],
  async () => {
    for (const { exchange, body } of await summariesToJudge())
      expectRule(averagesWithinTheirMonths(body), exchange);
  },
  { needs: ['write', 'userId'] },
);

check(
  "The payments entries' percentageTotal of a summary are shares of one total: none outside 0 to 100, and together not above 100",
  ['EXP-26'],
  async () => {
    for (const { exchange, body } of await summariesToJudge())
      expectRule(percentagesShareOneTotal(body), exchange);
  },
  { needs: ['write', 'userId'] },
);
