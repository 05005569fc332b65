import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { addMonths, isMonth, monthOf, type MonthRange } from '../../src/checks/arbitraries/expenses.ts';
import { summaryBlocks } from '../../src/rules/expenses.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { describeAnswer, describeRequest, Failure } from '../../src/checks/failures.ts';
import { brokenRequirements, expectResource, violationsOf } from '../../src/checks/resource.ts';
import { api, perRun, runSettings } from '../../src/checks/run-context.ts';
import { formatViolations } from '../../src/validation/validator.ts';

/** POST /users/{user.id}/expenses (spec: Endpoints). */
export function expensesPath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}/expenses`;
}

export function fixtureUser(): string {
  const userId = runSettings().profile.fixtures.userId;
  if (!userId) throw new NotExercised('the profile gives no fixtures.userId');
  return userId;
}

export interface TimedExchange {
  exchange: Exchange;
  /** The clock just before the request was sent and just after its answer came. */
  sentAt: number;
  answeredAt: number;
}

async function timed(send: () => Promise<Exchange>): Promise<TimedExchange> {
  const sentAt = Date.now();
  const exchange = await send();
  return { exchange, sentAt, answeredAt: Date.now() };
}

/**
 * Expenses resources created once per worker, target and body: several checks look at the same summary
 * (the field-level checks, the default range), and two properties draw the same ranges from one seed.
 */
export function createExpenses(body: unknown, userId = fixtureUser()): Promise<TimedExchange> {
  return perRun(`expenses:${userId} ${JSON.stringify(body)}`, () =>
    timed(() => api().post(expensesPath(userId), body)),
  );
}

/**
 * A body sent exactly as given under content type application/json (probes of bodies that are not JSON,
 * or of no bytes at all), with the run's token.
 */
export function postRawExpenses(body: string, userId = fixtureUser()): Promise<Exchange> {
  const headers = { 'content-type': 'application/json' };
  return api().authorized({ method: 'POST', path: expensesPath(userId), body, headers });
}

/** Any client error: the spec shows no status for the refusals of this endpoint (spec: Errors). */
export const clientErrors = Array.from({ length: 100 }, (_, i) => 400 + i);

/** Whether the answer is a client error, the status a refusal may have here. */
export function isClientError(exchange: Exchange): boolean {
  return clientErrors.includes(exchange.response?.status ?? 0);
}

/**
 * Where the spec leaves the reading open, a refusal (any 4xx with an error list) or a 200 with an expenses
 * resource; anything else, a 5xx above all, fails.
 */
export function expectRefusedOrSummarised(exchange: Exchange, what: string): void {
  if (isClientError(exchange)) return expectErrorList(exchange, { status: clientErrors });
  if (exchange.response?.status === 200) return expectResource(exchange, 'expenses');
  throw new Failure(
    `${describeRequest(exchange)}: ${what} must be refused with a 4xx error list or answered 200 with an expenses resource, got ${describeAnswer(exchange)}`,
    exchange,
  );
}

/** The summary of the fixture user with every member left to its default. */
export function defaultExpenses(): Promise<TimedExchange> {
  return createExpenses({});
}

/**
 * The body of a 200 answer, or a Failure naming what came instead. Another answer to a request the
 * service must take breaks "Success: 200 with the expenses resource" (EXP-01), not the rule about a
 * field the check went on to read.
 */
export function expensesBody(exchange: Exchange): Record<string, unknown> {
  const body = exchange.response?.body;
  if (exchange.response?.status !== 200 || body === null || typeof body !== 'object' || Array.isArray(body))
    throw new Failure(
      `${describeRequest(exchange)}: expected 200 with an expenses resource, got ${describeAnswer(exchange)}`,
      exchange,
      ['EXP-01'],
    );
  return body as Record<string, unknown>;
}

/**
 * Whether a violation at `pointer` concerns the field at `pattern` (`*` for one segment): the field itself
 * or a value above it (a missing or mistyped parent), never a value below it. Field-level requirements
 * nest here (payments holds subCategory holds changeHistory), so a subtree match would fail a requirement
 * for a field that belongs to another.
 */
function concernsField(pointer: string, pattern: string): boolean {
  const parts = pointer === '' ? [] : pointer.split('/').slice(1);
  const expected = pattern.split('/').slice(1);
  if (parts.length > expected.length) return false;
  return parts.every((part, i) => expected[i] === '*' || expected[i] === part);
}

/**
 * The 200 answer's expenses resource conforms at these fields (schemas/expenses.schema.json); `label`
 * names them in the message when the list of pointers is long.
 */
export function expectExpensesFields(
  exchange: Exchange,
  fields: string[],
  label = fields.join(', '),
  /** The rule these fields are held to here, where it is not the schema's own (an empty summary's shape). */
  requirement?: RequirementId,
): void {
  expensesBody(exchange);
  const violations = violationsOf(exchange.response?.body, 'expenses').filter((v) =>
    fields.some((field) => concernsField(v.pointer, field)),
  );
  if (violations.length === 0) return;
  throw new Failure(
    `${describeRequest(exchange)}: not a valid expenses resource at ${label}:\n${formatViolations(violations)}`,
    exchange,
    // A field's container of the wrong shape (payments no array) is the container's rule, not the field's.
    requirement ? [requirement] : brokenRequirements('expenses', violations),
  );
}

export { summaryBlocks } from '../../src/rules/expenses.ts';

/**
 * Which of the accounts a link refers to: links may be absolute or relative URLs or bare identifiers, so
 * an account is recognised by its identifier ending the link (query and fragment aside).
 */
export function linkedAccount(link: unknown, accountIds: string[]): string | undefined {
  if (typeof link !== 'string') return undefined;
  const path = link.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // a malformed escape: compare the raw segment
  }
  return accountIds.find((id) => path === id || path.endsWith(`/${id}`) || decoded === id);
}

/** links.accounts of an expenses resource, or undefined when it is no array (EXP-19's finding). */
export function accountLinks(body: Record<string, unknown>): unknown[] | undefined {
  const links = body.links as { accounts?: unknown } | null | undefined;
  return Array.isArray(links?.accounts) ? links.accounts : undefined;
}

function accountIdsOf(exchange: Exchange): string[] {
  const accounts = (exchange.response?.body as { accounts?: { data?: unknown } } | null)?.accounts;
  const data = Array.isArray(accounts?.data) ? (accounts.data as { id?: unknown }[]) : [];
  return data.map((a) => a?.id).filter((id): id is string => typeof id === 'string');
}

async function connectionAccounts(userId: string, connectionId: string): Promise<string[]> {
  const exchange = await api().get(
    `/users/${encodeURIComponent(userId)}/connections/${encodeURIComponent(connectionId)}`,
  );
  if (exchange.response?.status !== 200)
    throw new NotExercised(
      `the accounts of connection ${connectionId} could not be read: ${describeAnswer(exchange)}`,
    );
  return accountIdsOf(exchange);
}

/** Most connections read to learn a user's accounts: a bound, so a hostile list cannot stretch a check. */
const maxConnections = 50;

/** Every account of the fixture user: the accounts of each of its connections. */
export async function userAccounts(): Promise<string[]> {
  const userId = fixtureUser();
  const list = await api().get(`/users/${encodeURIComponent(userId)}/connections`);
  const data = (list.response?.body as { data?: unknown } | null)?.data;
  if (list.response?.status !== 200 || !Array.isArray(data))
    throw new NotExercised(`the connections of user ${userId} could not be listed: ${describeAnswer(list)}`);
  const connectionIds = (data as { id?: unknown }[])
    .map((c) => c?.id)
    .filter((id): id is string => typeof id === 'string');
  if (connectionIds.length > maxConnections)
    throw new NotExercised(
      `user ${userId} has more than ${maxConnections} connections to read accounts from`,
    );
  const ids = (await Promise.all(connectionIds.map((id) => connectionAccounts(userId, id)))).flat();
  if (ids.length === 0) throw new NotExercised(`the connections of user ${userId} list no accounts`);
  return [...new Set(ids)];
}

/**
 * Accounts of the fixture user for a check to name in an `accounts` selection: the profile's
 * fixtures.accountIds (a staging's accounts with spending, say), or where it gives none, every account
 * the user's connections embed, read from them.
 */
export async function selectableAccounts(): Promise<string[]> {
  const given = runSettings().profile.fixtures.accountIds;
  return given && given.length > 0 ? [...given] : userAccounts();
}

/**
 * The 200 answer's expenses resource, or why a check that compares summaries has none to compare: a
 * refusal in the spec's shape leaves it not exercised (the checks of refusals judge those), anything else
 * fails with the answer.
 */
export function summaryOf(
  exchange: Exchange,
  what: string,
): { exchange: Exchange; body: Record<string, unknown> } {
  if (isClientError(exchange)) {
    expectErrorList(exchange, { status: clientErrors });
    throw new NotExercised(
      `${what} was refused (${describeAnswer(exchange)}), so there is no summary to compare`,
    );
  }
  return { exchange, body: expensesBody(exchange) };
}

/** Amounts of one kind of spending by month (YYYY-MM). */
export type MonthAmounts = Map<string, number>;

/** A changeHistory entry's amount as a number; an amount that is no decimal string is EXP-17's finding. */
function amountOf(entry: unknown): { date: string; amount: number } | undefined {
  const { date, amount } = (entry ?? {}) as { date?: unknown; amount?: unknown };
  if (!isMonth(date) || typeof amount !== 'string' || !/^[-+]?[0-9]+(\.[0-9]+)?$/.test(amount))
    return undefined;
  return { date, amount: Number(amount) };
}

function addHistory(into: MonthAmounts, history: unknown): void {
  if (!Array.isArray(history)) return;
  for (const entry of history) {
    const read = amountOf(entry);
    if (read) into.set(read.date, (into.get(read.date) ?? 0) + read.amount);
  }
}

/**
 * Each summary block's changeHistory by month, and payments: the changeHistory of all its subCategory
 * entries added up by month, since how payments are split into divisions is the service's own. A month
 * a changeHistory leaves out counts as 0 (only months with spending may be listed, AMB-EXP-07).
 */
export function monthAmounts(body: Record<string, unknown>): Map<string, MonthAmounts> {
  const series = new Map<string, MonthAmounts>();
  for (const block of summaryBlocks) {
    const amounts: MonthAmounts = new Map();
    addHistory(amounts, (body[block] as { changeHistory?: unknown } | null)?.changeHistory);
    series.set(block, amounts);
  }
  const payments: MonthAmounts = new Map();
  for (const payment of Array.isArray(body.payments) ? (body.payments as unknown[]) : []) {
    const subCategories = (payment as { subCategory?: unknown } | null)?.subCategory;
    for (const sub of Array.isArray(subCategories) ? subCategories : [])
      addHistory(payments, (sub as { changeHistory?: unknown } | null)?.changeHistory);
  }
  series.set('payments', payments);
  return series;
}

/**
 * Most an amount may differ from another of the same spending and still be the same amount: a cent, for
 * a service that rounds each amount it adds up.
 */
export const centTolerance = 0.01;

/** Months of the window the amounts are compared in: a year, as many as any service keeps. */
const windowMonths = 12;

/**
 * Twelve past months holding the fixture user's transactions, for the checks that compare amounts (an
 * empty summary compares equal to anything). A service's data runs up to now, but a test double's world
 * may be fixed in time: the fixture snapshot's first page, when the profile names one, shows the latest
 * month its transactions were posted in, and the window ends there. It ends a month before the current
 * one at the latest, so that no month of it is in the future in any time zone.
 */
export function dataWindow(): Promise<MonthRange> {
  return perRun('expenses:data window', async () => {
    const lastPast = addMonths(monthOf(Date.now()), -1);
    const latest = (await latestSnapshotMonth()) ?? lastPast;
    const toMonth = latest < lastPast ? latest : lastPast;
    return { fromMonth: addMonths(toMonth, -(windowMonths - 1)), toMonth };
  });
}

/** The latest month of a postDate on the first page of the fixture snapshot, if the profile names one. */
async function latestSnapshotMonth(): Promise<string | undefined> {
  const { userId, affordabilityId } = runSettings().profile.fixtures;
  if (!userId || !affordabilityId) return undefined;
  const exchange = await api().get(
    `/users/${encodeURIComponent(userId)}/affordability/${encodeURIComponent(affordabilityId)}/transactions`,
  );
  const data = (exchange.response?.body as { data?: unknown } | null)?.data;
  if (exchange.response?.status !== 200 || !Array.isArray(data)) return undefined;
  const months = data
    .map((t) => (t as { postDate?: unknown } | null)?.postDate)
    .map((date) => (typeof date === 'string' ? date.slice(0, 7) : undefined))
    .filter(isMonth)
    .sort();
  return months.at(-1);
}
