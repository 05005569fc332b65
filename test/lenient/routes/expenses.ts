import { isRecord, jsonBody } from '../server/context.ts';
import type { Context, Reply } from '../server/context.ts';
import { ApiError, invalid, notFound } from '../server/errors.ts';
import { enc, link } from '../server/links.ts';
import type { Route } from '../server/router.ts';
import { monthIndex, monthOfDate, monthString, parseMonth } from '../util/months.ts';
import { inRange, summarise } from './expenses-calc.ts';
import { checkId, findUser } from './lookup.ts';

function month(body: Record<string, unknown>, name: string, fallback: string): string {
  const value = body[name];
  if (value === undefined || value === null || value === '') return fallback;
  const parsed = typeof value === 'string' ? parseMonth(value) : null;
  if (parsed === null) throw invalid(name, `${name} must be a month in the form YYYY-MM.`, 422);
  return parsed;
}

/** An array of ids, or leniently one id as a plain string; null means "all accounts". */
function accountSelection(body: Record<string, unknown>): string[] | null {
  const value = body.accounts;
  if (value === undefined || value === null) return null;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((v): v is string => typeof v === 'string'))
    throw invalid('accounts', 'accounts must be an array of account identifiers.', 422);
  return list.length === 0 ? null : list;
}

/**
 * Any range is answered as asked, including an inverted one (no months, so
 * zero averages and empty histories). Ids in `accounts` that are not the
 * user's are ignored.
 */
function create(ctx: Context): Reply {
  const user = findUser(ctx);
  const raw = jsonBody(ctx) ?? {};
  if (!isRecord(raw))
    throw new ApiError(400, 'invalid-request', 'Malformed request body.', 'The body must be a JSON object.');
  const current = monthIndex(monthOfDate(new Date()));
  const fromMonth = month(raw, 'fromMonth', monthString(current - 13));
  const toMonth = month(raw, 'toMonth', monthString(current));
  const wanted = accountSelection(raw);
  const accounts = [...ctx.world.accounts.values()].filter(
    (a) => a.userId === user.id && (wanted === null || wanted.includes(a.id)),
  );
  const chosen = new Set(accounts.map((a) => a.id));
  const transactions = (ctx.world.transactionsByUser.get(user.id) ?? []).filter(
    (t) => t.status === 'posted' && chosen.has(t.accountId) && inRange(t, fromMonth, toMonth),
  );
  const id = ctx.world.ids.next('expenses');
  const userPath = `/users/${enc(user.id)}`;
  const body: Record<string, unknown> = {
    type: 'expenses',
    id,
    fromMonth,
    toMonth,
    ...summarise(transactions, fromMonth, toMonth),
    links: {
      self: link(`${userPath}/expenses/${enc(id)}`),
      accounts: accounts.map((a) => link(`${userPath}/accounts/${enc(a.id)}`)),
    },
  };
  // Bounded history: the oldest summaries are forgotten first.
  if (ctx.world.expenses.size >= 2_000) {
    const oldest = ctx.world.expenses.keys().next();
    if (oldest.done !== true) ctx.world.expenses.delete(oldest.value);
  }
  ctx.world.expenses.set(id, { userId: user.id, body });
  return { status: 200, body };
}

/** Target of the `self` link; returns the summary as it was computed. */
function get(ctx: Context): Reply {
  const user = findUser(ctx);
  const id = checkId(ctx, 'expensesId', 'expenses', 'expenses.id');
  const found = ctx.world.expenses.get(id);
  if (!found || found.userId !== user.id)
    throw notFound('expenses.id', `Expense summary ${id} does not exist for this user.`);
  return { status: 200, body: found.body };
}

export const expenseRoutes: Route[] = [
  { method: 'POST', pattern: '/users/:userId/expenses', auth: true, clientAccess: true, handle: create },
  {
    method: 'GET',
    pattern: '/users/:userId/expenses/:expensesId',
    auth: true,
    clientAccess: true,
    handle: get,
  },
];
