import { randomUUID } from 'node:crypto';
import { detail, kindOf, MockError, parameterNotValid, quoted } from '../errors.ts';
import type { ExpensesPolicy } from '../policy/expenses.ts';
import type { RouteHandler } from '../router.ts';
import type { TransactionRecord } from '../world/world.ts';
import { accountsOfUser } from './accounts.ts';
import { requireUser } from './connections.ts';
import { transactionsOfUser } from './transactions.ts';

const monthPattern = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

/** Months from `from` to `to` inclusive, as YYYY-MM. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (let key = from; key <= to; key = `${year}-${String(month).padStart(2, '0')}`) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/** YYYY-MM of the month `count` months after `month` (YYYY-MM). */
function monthsAfter(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthFrom(new Date(Date.UTC(year, m - 1, 1)), count);
}

/** YYYY-MM of the UTC month `offset` months from `now`'s. */
function monthFrom(now: Date, offset: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The default range (spec: Limits): 13 months before the current month, through the current month. The
 * current month is the UTC one, or the service's own zone's; "13 months ago" is 12 months back where the
 * current month is counted among the 13.
 */
function defaultRange({ zoneHours, monthsBack, endOffset }: ExpensesPolicy['defaultRange']): {
  fromMonth: string;
  toMonth: string;
} {
  const now = new Date(Date.now() + zoneHours * 3_600_000);
  return { fromMonth: monthFrom(now, -monthsBack), toMonth: monthFrom(now, endOffset) };
}

/** How an amount of spending is written: positive, or negative as the policy reads outflows. */
type Writer = (totalCents: number) => string;

function cents(amount: string): number {
  return Math.round(Math.abs(Number(amount)) * 100);
}

function writer(policy: ExpensesPolicy): Writer {
  const negative = policy.outflows === 'negative';
  return (totalCents) => (negative && totalCents > 0 ? '-' : '') + (totalCents / 100).toFixed(2);
}

interface Summarising {
  months: string[];
  write: Writer;
  /** Every month of the range in changeHistory (with 0.00), or only those with spending. */
  everyMonth: boolean;
}

/** A summary block: average per month, and the total of each month (spec: Expenses resource). */
function summaryBlock(transactions: TransactionRecord[], { months, write, everyMonth }: Summarising) {
  const perMonth = new Map(months.map((m) => [m, 0]));
  for (const t of transactions) {
    const month = t.postDate.slice(0, 7);
    perMonth.set(month, (perMonth.get(month) ?? 0) + cents(t.amount));
  }
  const total = [...perMonth.values()].reduce((a, b) => a + b, 0);
  return {
    // A range kept as asked backwards holds no month (reversedRange 'as-asked'): its average is 0.00.
    avgMonthly: write(Math.round(total / Math.max(months.length, 1))),
    summary: 'monthly',
    changeHistory: months
      .filter((date) => everyMonth || (perMonth.get(date) ?? 0) > 0)
      .map((date) => ({ date, amount: write(perMonth.get(date) ?? 0) })),
  };
}

/** Near misses of YYYY-MM that a lenient reading takes: a one-digit month, a two-digit year, a month past 12. */
const nearMonth = /^([0-9]{2}|[0-9]{4})-([0-9]{1,2})$/;

/** A month of the body: YYYY-MM, a near miss where the policy reads one, else refused (spec: `YYYY-MM`). */
function readMonth(name: string, value: unknown, policy: ExpensesPolicy['months']): string | undefined {
  if (value === undefined || (typeof value === 'string' && monthPattern.test(value))) return value;
  const near = typeof value === 'string' ? nearMonth.exec(value) : null;
  if (near && Number(near[2]) > 0 && policy.nearMisses === 'read') {
    const year = Number(near[1]) + (near[1]?.length === 2 ? 2000 : 0);
    // A month past 12 rolls over into the next year, as Date.UTC reads it.
    return monthFrom(new Date(Date.UTC(year, 0, 1)), Number(near[2]) - 1);
  }
  if (!near && policy.malformed === 'absent') return undefined;
  throw parameterNotValid(name, detail.malformed(name, 'a month in YYYY-MM form', quoted(value)));
}

function readBody(body: unknown, policy: ExpensesPolicy) {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw parameterNotValid('body', detail.malformed('the body', 'a JSON object', kindOf(body)));
  const { fromMonth, toMonth, accounts } = body as Record<string, unknown>;
  // Where the first element's type alone is checked, a later one of another type fails as a naive
  // service's string handling would.
  const checked =
    Array.isArray(accounts) && policy.accounts.typeChecked === 'first' ? accounts.slice(0, 1) : accounts;
  if (checked !== undefined && (!Array.isArray(checked) || !checked.every((a) => typeof a === 'string'))) {
    const expected = 'an array of account identifiers';
    throw parameterNotValid('accounts', detail.malformed('accounts', expected, quoted(accounts)));
  }
  if (Array.isArray(accounts) && !accounts.every((a) => typeof a === 'string'))
    throw new MockError(
      500,
      'internal-server-error',
      'Internal error',
      "accounts: cannot read properties of a non-string (reading 'trim')",
    );
  // Every element is a string by now.
  const selection = accounts as string[] | undefined;
  if (selection?.length === 0 && policy.accounts.empty === 'refused')
    throw parameterNotValid(
      'accounts',
      detail.malformed('accounts', 'at least one account identifier', '[]'),
    );
  const from = readMonth('fromMonth', fromMonth, policy.months);
  // Unchecked beside a valid fromMonth, a toMonth that is no month is taken as absent.
  const unchecked =
    from !== undefined && !monthPattern.test(String(toMonth)) && !policy.months.toMonthCheckedBesideFrom;
  return {
    fromMonth: from,
    toMonth: unchecked ? undefined : readMonth('toMonth', toMonth, policy.months),
    // An empty selection selects no account, or is none given.
    accounts: selection?.length === 0 && policy.accounts.empty === 'all' ? undefined : selection,
  };
}

/** The range asked for, each end defaulted; a reversed one is refused, or swapped or kept as the policy reads it. */
function rangeOf(body: { fromMonth?: string; toMonth?: string }, policy: ExpensesPolicy) {
  const defaults = defaultRange(policy.defaultRange);
  const fromMonth = body.fromMonth ?? defaults.fromMonth;
  // Ending twelve months in is fromMonth and 11 more.
  const openEnd =
    body.fromMonth !== undefined && policy.openRangeEnd === 'twelve-months'
      ? monthsAfter(body.fromMonth, 11)
      : defaults.toMonth;
  const toMonth = body.toMonth ?? openEnd;
  if (fromMonth <= toMonth) return { fromMonth, toMonth, defaults };
  const reversed = policy.reversedRange;
  if (reversed === 'swapped') return { fromMonth: toMonth, toMonth: fromMonth, defaults };
  // Kept as asked, the range holds no month (monthsBetween is empty): nothing is summed.
  if (reversed === 'as-asked') return { fromMonth, toMonth, defaults };
  const received = `fromMonth ${quoted(fromMonth)} and toMonth ${quoted(toMonth)}`;
  throw parameterNotValid('fromMonth', detail.malformed('fromMonth', 'no later than toMonth', received));
}

/**
 * POST /users/{user.id}/expenses (spec: Endpoints): summarise the user's posted transactions over the
 * months asked, counting only the accounts given (all of the user's by default).
 */
export const createExpenses: RouteHandler = {
  // "All members optional in effect": no body at all is the request with none, unless it is refused.
  emptyBody: (context) => (context.policy.expenses.emptyBody === 'refused' ? undefined : {}),
  handle(request, context) {
    const policy = context.policy.expenses;
    const userId =
      policy.unknownUser === 'accepted'
        ? (request.params.userId ?? '')
        : requireUser(request.params.userId, context);
    const body = readBody(request.body, policy);
    const { fromMonth, toMonth, defaults } = rangeOf(body, policy);
    const userAccounts = accountsOfUser(userId, context).map(({ account }) => account.id);
    // The accounts a selection may name, and whose transactions are summed: the user's, or their holders'.
    const holders =
      policy.accounts.of === 'anyone'
        ? [...new Set(context.world.connections.map((c) => c.userId))]
        : [userId];
    const known = holders.flatMap((holder) =>
      accountsOfUser(holder, context).map(({ account }) => account.id),
    );
    const unknown = body.accounts?.find((id) => !known.includes(id));
    if (unknown !== undefined)
      throw parameterNotValid(
        'accounts',
        detail.unknown('account', quoted(unknown), 'the user has no account with this identifier'),
      );
    const selected =
      policy.accounts.read === 'ignored'
        ? userAccounts
        : policy.accounts.read === 'first-only'
          ? (body.accounts?.slice(0, 1) ?? userAccounts)
          : (body.accounts ?? userAccounts);
    const summed = policy.accounts.summed === 'all-of-user' ? userAccounts : selected;
    const months = monthsBetween(fromMonth, toMonth);
    // An end not summed is still listed, as a service reading that end as exclusive would.
    const summedMonths = months.filter(
      (month) =>
        !(month === fromMonth && !policy.firstMonthSummed) && !(month === toMonth && !policy.lastMonthSummed),
    );
    const counted = holders
      .flatMap((holder) => transactionsOfUser(holder, context))
      .filter(
        (t) =>
          t.status === 'posted' &&
          summed.includes(t.account) &&
          summedMonths.includes(t.postDate.slice(0, 7)),
      );
    // Summed once for each time the selection names it, as a join on it would.
    const transactions =
      policy.accounts.repeated === 'each-time'
        ? counted.flatMap((t) => summed.filter((account) => account === t.account).map(() => t))
        : counted;
    const ofClass = (name: string, direction: string) =>
      transactions.filter((t) => t.class === name && t.direction === direction);
    const summarising: Summarising = {
      months,
      write: writer(policy),
      everyMonth: policy.changeHistory === 'every-month',
    };
    const id = randomUUID();
    const reply = {
      status: 200,
      body: {
        type: 'expenses' as const,
        id,
        ...(policy.echoedRange === 'default' ? defaults : { fromMonth, toMonth }),
        payments: payments(ofClass('payment', 'debit'), summarising, policy.percentageTotal === 'fraction'),
        cashWithdrawals: summaryBlock(ofClass('cash-withdrawal', 'debit'), summarising),
        bankFees: summaryBlock(ofClass('bank-fee', 'debit'), summarising),
        externalTransfers: summaryBlock(ofClass('external-transfer', 'debit'), summarising),
        loanInterests: summaryBlock(ofClass('loan-interest', 'debit'), summarising),
        loanRepayments: summaryBlock(ofClass('loan-repayment', 'credit'), summarising),
        links: {
          self: `${context.baseUrl}/users/${userId}/expenses/${id}`,
          accounts: selected.map((account) => `${context.baseUrl}/users/${userId}/accounts/${account}`),
        },
      },
    };
    // Kept so that its links.self resolves (routes/expenses-resource.ts, the mock's own).
    context.state.addExpenses({ userId, resource: reply.body });
    return reply;
  },
};

/** One entry per expense division, each with its classes (spec: Entry of payments, Entry of subCategory). */
function payments(transactions: TransactionRecord[], summarising: Summarising, fraction: boolean) {
  const { months, write } = summarising;
  const total = transactions.reduce((sum, t) => sum + cents(t.amount), 0);
  const divisions = new Map<string, Map<string, TransactionRecord[]>>();
  for (const t of transactions) {
    const subClass = t.subClass ?? { title: 'Other', code: 'other' };
    const division = expenseDivision(subClass.code);
    const classes = divisions.get(division.title) ?? new Map<string, TransactionRecord[]>();
    const members = classes.get(subClass.code);
    if (members) members.push(t);
    else classes.set(subClass.code, [t]);
    divisions.set(division.title, classes);
  }
  return [...divisions].map(([divisionTitle, classes]) => {
    const divisionCents = [...classes.values()].flat().reduce((sum, t) => sum + cents(t.amount), 0);
    return {
      division: divisionTitle,
      avgMonthly: write(Math.round(divisionCents / Math.max(months.length, 1))),
      // A percentage with two decimals, or a fraction of 1 with four.
      percentageTotal:
        total === 0 ? 0 : Math.round((divisionCents / total) * 10_000) / (fraction ? 10_000 : 100),
      subCategory: [...classes].map(([code, members]) => {
        const block = summaryBlock(members, summarising);
        const division = expenseDivision(code);
        const classTitle = members[0]?.subClass?.title ?? 'Other';
        return {
          summary: block.summary,
          category: {
            expenseClass: {
              classCode: code,
              classTitle,
              divisionCode: division.code,
              divisionTitle: division.title,
            },
          },
          changeHistory: block.changeHistory,
        };
      }),
    };
  });
}

/** Expense divisions grouping the payment classes; a class outside the table counts as other expenses. */
function expenseDivision(classCode: string): { code: string; title: string } {
  return expenseDivisions[classCode] ?? { code: 'other', title: 'Other expenses' };
}

/**
 * Payment subClass codes (the HEC classes the world's merchants carry) grouped into expense divisions after
 * the ABS Household Expenditure Survey's broad groups; the spec names divisions but not their set.
 */
const food = { code: 'food', title: 'Food and groceries' };
const transport = { code: 'transport', title: 'Transport' };
const utilities = { code: 'utilities', title: 'Utilities and communication' };
const health = { code: 'health', title: 'Health and personal care' };
const recreation = { code: 'recreation', title: 'Recreation and travel' };

const expenseDivisions: Record<string, { code: string; title: string }> = {
  groceries: food,
  'dining-out': food,
  'alcohol-tobacco': { code: 'alcohol-tobacco', title: 'Alcohol and tobacco' },
  'vehicle-fuel': transport,
  transport,
  'travel-accommodation': recreation,
  'recreation-entertainment': recreation,
  utilities,
  'telephone-internet': utilities,
  'health-medical': health,
  'personal-care': health,
  'clothing-footwear': { code: 'clothing', title: 'Clothing and footwear' },
  'household-goods-services': { code: 'household', title: 'Household goods and services' },
  insurance: { code: 'insurance', title: 'Insurance' },
};
