import { randomUUID } from 'node:crypto';
import { parameterNotValid } from '../errors.ts';
import type { MockContext, Route } from '../router.ts';
import type { TransactionRecord } from '../world/world.ts';
import { requireUser } from './connections.ts';

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

/** The default range (spec: Limits): 13 months before the current month, through the current month. */
export function defaultRange(now = new Date()): { fromMonth: string; toMonth: string } {
  const month = (offset: number) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  return { fromMonth: month(-13), toMonth: month(0) };
}

function cents(amount: string): number {
  return Math.round(Math.abs(Number(amount)) * 100);
}

function decimal(totalCents: number): string {
  return (totalCents / 100).toFixed(2);
}

/** A summary block: average per month, and the total of each month (spec: Expenses resource). */
function summaryBlock(transactions: TransactionRecord[], months: string[]) {
  const perMonth = new Map(months.map((m) => [m, 0]));
  for (const t of transactions) {
    const month = t.postDate.slice(0, 7);
    perMonth.set(month, (perMonth.get(month) ?? 0) + cents(t.amount));
  }
  const total = [...perMonth.values()].reduce((a, b) => a + b, 0);
  return {
    avgMonthly: decimal(Math.round(total / months.length)),
    summary: 'monthly',
    changeHistory: months.map((date) => ({ date, amount: decimal(perMonth.get(date) ?? 0) })),
  };
}

/** `expenses-month-number-not-checked`: any two digits pass as the month (2024-13). */
const laxMonthPattern = /^[0-9]{4}-[0-9]{2}$/;

function readBody(body: unknown, laxMonths = false) {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw parameterNotValid('body', 'the body must be a JSON object');
  const { fromMonth, toMonth, accounts } = body as Record<string, unknown>;
  for (const [name, value] of Object.entries({ fromMonth, toMonth })) {
    const pattern = laxMonths ? laxMonthPattern : monthPattern;
    if (value !== undefined && (typeof value !== 'string' || !pattern.test(value))) {
      throw parameterNotValid(name, `${name} must be a month in YYYY-MM form`);
    }
  }
  if (accounts !== undefined && (!Array.isArray(accounts) || !accounts.every((a) => typeof a === 'string'))) {
    throw parameterNotValid('accounts', 'accounts must be an array of account identifiers');
  }
  return {
    fromMonth: fromMonth as string | undefined,
    toMonth: toMonth as string | undefined,
    accounts: accounts as string[] | undefined,
  };
}

/**
 * POST /users/{user.id}/expenses (spec: Endpoints): summarise the user's posted transactions over the
 * months asked, counting only the accounts given (all of the user's by default).
 */
export const createExpenses: Route = {
  method: 'POST',
  path: '/users/:userId/expenses',
  auth: 'bearer',
  body: 'json',
  handle(request, context) {
    const userId = context.fault('expenses-unknown-user-accepted')
      ? (request.params.userId ?? '')
      : requireUser(request.params.userId, context);
    const body = readBody(request.body, context.fault('expenses-month-number-not-checked'));
    const defaults = defaultRange();
    if (context.fault('expenses-default-range-12-months'))
      defaults.fromMonth = defaultRange(addMonths(new Date(), 1)).fromMonth;
    if (context.fault('expenses-to-month-previous'))
      defaults.toMonth = defaultRange(addMonths(new Date(), -1)).toMonth;
    const fromMonth = body.fromMonth ?? defaults.fromMonth;
    const toMonth = body.toMonth ?? defaults.toMonth;
    if (fromMonth > toMonth) throw parameterNotValid('fromMonth', 'fromMonth must not be after toMonth');
    const userAccounts = accountsOf(userId, context);
    const unknown = body.accounts?.find((id) => !userAccounts.includes(id));
    if (unknown !== undefined)
      throw parameterNotValid('accounts', `account ${unknown} is not an account of the user`);
    const selected = context.fault('expenses-accounts-ignored')
      ? userAccounts
      : (body.accounts ?? userAccounts);
    const months = monthsBetween(fromMonth, toMonth);
    const transactions = context.world.affordability
      .filter((s) => s.userId === userId)
      .flatMap((s) => s.transactions)
      .filter(
        (t) =>
          t.status === 'posted' && selected.includes(t.account) && months.includes(t.postDate.slice(0, 7)),
      );
    const ofClass = (name: string, direction: string) =>
      transactions.filter((t) => t.class === name && t.direction === direction);
    const id = randomUUID();
    return {
      status: 200,
      body: {
        type: 'expenses',
        id,
        ...(context.fault('expenses-range-not-echoed') ? defaults : { fromMonth, toMonth }),
        payments: payments(ofClass('payment', 'debit'), months),
        cashWithdrawals: summaryBlock(ofClass('cash-withdrawal', 'debit'), months),
        bankFees: summaryBlock(ofClass('bank-fee', 'debit'), months),
        externalTransfers: summaryBlock(ofClass('external-transfer', 'debit'), months),
        loanInterests: summaryBlock(ofClass('loan-interest', 'debit'), months),
        loanRepayments: summaryBlock(ofClass('loan-repayment', 'credit'), months),
        links: {
          self: `${context.baseUrl}/users/${userId}/expenses/${id}`,
          accounts: selected.map((account) => `${context.baseUrl}/users/${userId}/accounts/${account}`),
        },
      },
    };
  },
};

function addMonths(date: Date, months: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
}

function accountsOf(userId: string, context: MockContext): string[] {
  const connections = new Set(context.world.connections.filter((c) => c.userId === userId).map((c) => c.id));
  return context.world.accounts.filter((a) => connections.has(a.connectionId)).map((a) => a.id);
}

/** One entry per expense division, each with its classes (spec: Entry of payments, Entry of subCategory). */
function payments(transactions: TransactionRecord[], months: string[]) {
  const total = transactions.reduce((sum, t) => sum + cents(t.amount), 0);
  const divisions = new Map<string, Map<string, TransactionRecord[]>>();
  for (const t of transactions) {
    const subClass = t.subClass ?? { title: 'Other', code: 'other' };
    const division = expenseDivision(subClass.code);
    const classes = divisions.get(division.title) ?? new Map<string, TransactionRecord[]>();
    classes.set(subClass.code, [...(classes.get(subClass.code) ?? []), t]);
    divisions.set(division.title, classes);
  }
  return [...divisions].map(([divisionTitle, classes]) => {
    const divisionCents = [...classes.values()].flat().reduce((sum, t) => sum + cents(t.amount), 0);
    return {
      division: divisionTitle,
      avgMonthly: decimal(Math.round(divisionCents / months.length)),
      percentageTotal: total === 0 ? 0 : Math.round((divisionCents / total) * 10_000) / 100,
      subCategory: [...classes].map(([code, members]) => {
        const block = summaryBlock(members, months);
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
