/** POST /users/{user.id}/expenses: a monthly summary computed from the user's posted transactions. */
import { randomUUID } from 'node:crypto';
import { invalidParameter } from '../errors.ts';
import { readJsonObject, sendJson } from '../http.ts';
import type { Context } from '../http.ts';
import { links } from '../links.ts';
import { requireUser } from '../lookup.ts';
import { formatCents } from '../money.ts';
import type { AnzsicClass, Transaction, TransactionClass, World } from '../model.ts';
import { MONTH_PATTERN, addMonths, compareMonths, monthOf, monthsBetween } from '../months.ts';

/** The default range: the current month and the thirteen before it. */
const DEFAULT_MONTHS_BACK = 13;
/** Keeps a hostile range (say 0001-01 to now) from building enormous histories. */
const MAX_RANGE_MONTHS = 60;

/** Month totals in cents, keyed by `YYYY-MM`. */
type MonthTotals = Map<string, number>;

function optionalMonth(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !MONTH_PATTERN.test(value)) {
    throw invalidParameter(name, `${name} must be a month in the form YYYY-MM.`);
  }
  return value;
}

function selectedAccounts(body: Record<string, unknown>, world: World, owned: readonly string[]): string[] {
  const value = body.accounts;
  if (value === undefined) return [...owned];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw invalidParameter('accounts', 'accounts must be an array of account identifiers.');
  }
  const ids = value as string[];
  const unknown = ids.find((id) => !owned.includes(id) || !world.accounts.has(id));
  if (unknown !== undefined) throw invalidParameter('accounts', `${unknown} is not an account of this user.`);
  return ids.length === 0 ? [...owned] : [...new Set(ids)];
}

/** `monthly` when there is spending in every month of the range, `irregular` when in some, `none` otherwise. */
function regularity(totals: MonthTotals, months: readonly string[]): string {
  const active = months.filter((m) => (totals.get(m) ?? 0) !== 0).length;
  if (active === 0) return 'none';
  return active === months.length ? 'monthly' : 'irregular';
}

function history(totals: MonthTotals, months: readonly string[]): { date: string; amount: string }[] {
  return months.map((m) => ({ date: m, amount: formatCents(totals.get(m) ?? 0) }));
}

function sum(totals: MonthTotals): number {
  let total = 0;
  for (const value of totals.values()) total += value;
  return total;
}

function add(totals: MonthTotals, month: string, cents: number): void {
  totals.set(month, (totals.get(month) ?? 0) + cents);
}

function block(totals: MonthTotals, months: readonly string[]): unknown {
  return {
    avgMonthly: formatCents(Math.round(sum(totals) / months.length)),
    summary: regularity(totals, months),
    changeHistory: history(totals, months),
  };
}

const BLOCKS: readonly [string, TransactionClass][] = [
  ['cashWithdrawals', 'cash-withdrawal'],
  ['bankFees', 'bank-fee'],
  ['externalTransfers', 'external-transfer'],
  ['loanInterests', 'loan-interest'],
  ['loanRepayments', 'loan-repayment'],
];

export async function postExpenses(ctx: Context): Promise<void> {
  const { world } = ctx;
  const user = requireUser(world, ctx.params.userId ?? '');
  const body = await readJsonObject(ctx.req, true);

  const current = monthOf(new Date());
  const requestedFrom = optionalMonth(body, 'fromMonth');
  const requestedTo = optionalMonth(body, 'toMonth');
  const toMonth = requestedTo ?? current;
  const fromMonth = requestedFrom ?? addMonths(toMonth, -DEFAULT_MONTHS_BACK);
  if (compareMonths(toMonth, current) > 0)
    throw invalidParameter('toMonth', 'toMonth cannot be in the future.');
  if (compareMonths(fromMonth, toMonth) > 0)
    throw invalidParameter('fromMonth', 'fromMonth is after toMonth.');
  if (compareMonths(toMonth, fromMonth) >= MAX_RANGE_MONTHS) {
    throw invalidParameter('fromMonth', `The range may span at most ${MAX_RANGE_MONTHS} months.`);
  }
  const owned = user.connectionIds.flatMap((id) => world.connections.get(id)?.accountIds ?? []);
  const accountIds = selectedAccounts(body, world, owned);
  const months = monthsBetween(fromMonth, toMonth);

  const blockTotals = new Map<TransactionClass, MonthTotals>(BLOCKS.map(([, cls]) => [cls, new Map()]));
  const divisions = new Map<
    string,
    { title: string; classes: Map<string, { cls: AnzsicClass; totals: MonthTotals }> }
  >();
  const inRange = (tx: Transaction) => tx.status === 'posted' && months.includes(tx.postDate.slice(0, 7));
  for (const accountId of accountIds) {
    for (const tx of (world.transactionsByAccount.get(accountId) ?? []).filter(inRange)) {
      const month = tx.postDate.slice(0, 7);
      const cents = Math.abs(tx.amountCents);
      const blockTarget = blockTotals.get(tx.class);
      // External transfers count as expenses only when money leaves.
      if (blockTarget && !(tx.class === 'external-transfer' && tx.direction === 'credit')) {
        add(blockTarget, month, cents);
      }
      if (tx.class !== 'payment') continue;
      const category = world.merchants.find((m) => m.id === tx.merchantId)?.category;
      if (!category) continue;
      const division = divisions.get(category.divisionCode) ?? {
        title: category.divisionTitle,
        classes: new Map(),
      };
      divisions.set(category.divisionCode, division);
      const entry = division.classes.get(category.classCode) ?? { cls: category, totals: new Map() };
      division.classes.set(category.classCode, entry);
      add(entry.totals, month, cents);
    }
  }

  const divisionTotal = (d: { classes: Map<string, { totals: MonthTotals }> }) =>
    [...d.classes.values()].reduce((total, c) => total + sum(c.totals), 0);
  const paymentsTotal = [...divisions.values()].reduce((total, d) => total + divisionTotal(d), 0);
  const payments = [...divisions.values()]
    .sort((a, b) => divisionTotal(b) - divisionTotal(a) || a.title.localeCompare(b.title))
    .map((d) => ({
      division: d.title,
      avgMonthly: formatCents(Math.round(divisionTotal(d) / months.length)),
      percentageTotal: paymentsTotal === 0 ? 0 : Math.round((divisionTotal(d) * 10000) / paymentsTotal) / 100,
      subCategory: [...d.classes.values()]
        .sort((a, b) => a.cls.classCode.localeCompare(b.cls.classCode))
        .map((c) => ({
          summary: regularity(c.totals, months),
          category: {
            expenseClass: {
              classCode: c.cls.classCode,
              classTitle: c.cls.classTitle,
              divisionCode: c.cls.divisionCode,
              divisionTitle: c.cls.divisionTitle,
            },
          },
          changeHistory: history(c.totals, months),
        })),
    }));

  const blocks = Object.fromEntries(
    BLOCKS.map(([name, cls]) => [name, block(blockTotals.get(cls) ?? new Map(), months)]),
  );
  const id = randomUUID();
  sendJson(ctx.res, 200, {
    type: 'expenses',
    id,
    fromMonth,
    toMonth,
    payments,
    ...blocks,
    links: {
      self: links.expenses(ctx.baseUrl, user.id, id),
      accounts: accountIds.map((a) => links.account(ctx.baseUrl, user.id, a)),
    },
  });
}
