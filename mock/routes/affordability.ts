import { filterOf } from '../../src/operations/table.ts';
import { detail, MockError, notFound, parameterNotValid, quoted } from '../errors.ts';
import { filterTest, parseFilter, type FilterTerm } from '../filters.ts';
import { transactionResource } from '../representations.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import { pageMaximum, type AffordabilityPolicy } from '../policy/affordability.ts';
import { affordabilityClasses } from '../../src/types/affordability-classes.ts';
import type { TransactionRecord } from '../world/world.ts';
import { requireUser } from './connections.ts';

const classFilter = filterOf('listAffordabilityTransactions');

/** The debit and credit class tables (spec: Affordability transaction), closed for affordability. */
const classes: ReadonlySet<string> = new Set(affordabilityClasses);

/**
 * Where the next page starts and, unless the cursor holds the position only (a reading), what was asked:
 * limit and filter are then read from the query of every request.
 */
interface Cursor {
  offset: number;
  limit?: number;
  filter?: string | null;
}

/** Cursors are opaque to clients: base64url JSON of where the next page starts and what was asked. */
function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string, policy: AffordabilityPolicy['cursor']): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (
      Number.isSafeInteger(cursor.offset) &&
      cursor.offset >= 0 &&
      (cursor.limit === undefined || Number.isSafeInteger(cursor.limit))
    )
      return cursor;
  } catch {
    // fall through to the refusal
  }
  if (policy.unreadable === 'fails')
    throw new MockError(500, 'internal-server-error', 'Internal error', 'cannot read cursor');
  throw parameterNotValid(
    'next',
    detail.unknown('next', quoted(raw), 'not a cursor this service issued; take it from links.next'),
  );
}

/**
 * The page size a request asks: the default without a limit; else the limit, a whole number from 1 to
 * the maximum, else refused; or, as the policy reads them, a limit above the maximum capped and one that
 * is no whole number from 1 given the default page.
 */
function pageLimit(raw: string | null, policy: AffordabilityPolicy['limit']): number {
  if (raw === null) return policy.default;
  if (policy.honoured === 'never') return pageMaximum;
  const limit = /^[0-9]{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (limit > policy.maximum && policy.aboveMaximum === 'capped') return policy.maximum;
  if (!(limit >= 1) && policy.invalid === 'default-page') return policy.default;
  if (!(limit >= 1 && limit <= policy.maximum))
    throw parameterNotValid(
      'limit',
      detail.malformed('limit', `a whole number from 1 to ${pageMaximum}`, quoted(raw)),
    );
  return limit;
}

/**
 * The `transaction.class` filter (spec: "property `transaction.class`"), the property written as the
 * spec names it, or without its prefix as the policy reads it. A class outside both tables matches
 * nothing, or is refused.
 */
function readFilter(raw: string | null, policy: AffordabilityPolicy['filter']): FilterTerm[] {
  let terms: FilterTerm[];
  try {
    terms = parseFilter(raw, [policy.property], classFilter.operators, { nearMisses: policy.nearMisses });
  } catch (error) {
    if (policy.malformed === 'fails')
      throw new MockError(500, 'internal-server-error', 'Internal error', 'filter parser failed');
    throw error;
  }
  const unknown = terms.find((term) => !classes.has(term.value));
  if (unknown && policy.unknownClass === 'refused')
    throw parameterNotValid(
      'filter',
      detail.unknown(
        'transaction class',
        quoted(unknown.value),
        `the classes are ${[...classes].join(', ')}`,
      ),
    );
  return policy.applied ? terms : [];
}

function readClass(transaction: TransactionRecord): string {
  return transaction.class;
}

/**
 * GET /users/{user.id}/affordability/{affordability.id}/transactions (spec: Endpoints): pages of at most
 * 500 in the snapshot's order, `links.next` while more remain, the `transaction.class` filter.
 */
export const listAffordabilityTransactions: RouteHandler = {
  handle(request, context) {
    const userId = requireUser(request.params.userId, context);
    // The fault looks a snapshot up by its id alone, whichever user the path names.
    const anyones = context.fault('affordability-other-user-served');
    const snapshot = context.world.affordability.find(
      (s) => s.id === request.params.affordabilityId && (anyones || s.userId === userId),
    );
    if (
      !snapshot ||
      (snapshot.transactions.length === 0 && context.policy.affordability.emptySnapshot === 'not-found')
    )
      throw notFound(
        'affordability.id',
        detail.unknown(
          'affordability.id',
          quoted(request.params.affordabilityId),
          'the user has no affordability snapshot with this id',
        ),
      );
    const path = `${context.baseUrl}/users/${userId}/affordability/${snapshot.id}/transactions`;
    const page = affordabilityListPage(snapshot.transactions, path, userId, request.query, context);
    // The fault gives a self link to the transactions of the pages a cursor reached, the first page's kept right.
    const body =
      request.query.has('next') && context.fault('affordability-self-link-on-later-pages')
        ? {
            ...page,
            data: page.data.map((t) => ({
              ...t,
              links: { ...t.links, self: `${t.links.account}/transactions/${t.id}` },
            })),
          }
        : page;
    return { status: 200, body };
  },
};

/**
 * The page a request asks of a transaction list, in the affordability list envelope: `limit`, the `next`
 * cursor and the `transaction.class` filter, as the spec gives them for the affordability list. The
 * mock's own transaction lists (routes/transactions.ts) page through here too, so one paging serves every
 * list of transactions, under the affordability policy. `path` is the list's link
 * without its query; `transactions` are in the list's order.
 */
export function affordabilityListPage(
  transactions: readonly TransactionRecord[],
  path: string,
  userId: string,
  query: URLSearchParams,
  context: MockContext,
) {
  const policy = context.policy.affordability;
  const positionOnly = policy.cursor.holds === 'position-only';
  const next = query.get('next');
  if (next !== null && !policy.cursor.accepted) throw parameterNotValid('next', 'cursor refused');
  const cursor = next === null ? undefined : decodeCursor(next, policy.cursor);
  // What the walk asked, when the cursor carries it (AMB-AFFORD-03's default reading).
  const carried = cursor && !positionOnly ? cursor : undefined;
  const walked = carried ? carriedFilter(carried, query) : query.get('filter');
  const filter = cursor && !policy.filter.keptOnNext ? null : walked;
  // A limit sent beside the cursor sizes the pages from its position on, rather than being ignored.
  const asked =
    carried?.limit !== undefined && !query.has('limit')
      ? carried.limit
      : pageLimit(query.get('limit'), policy.limit);
  const limit = filter !== null && policy.limit.honoured === 'without-filter' ? pageMaximum : asked;
  const terms = readFilter(filter, policy.filter);
  const passes =
    policy.filter.match === 'substring'
      ? (t: TransactionRecord) =>
          terms.every((term) => t.class.includes(term.value) === (term.operator === 'eq'))
      : filterTest(terms, readClass);
  const leftOut = terms.length === 0 ? undefined : policy.filter.leavesOut;
  const matching = ordered(
    terms.length === 0 ? transactions : transactions.filter(passes).filter((_, i) => i !== leftOut),
    policy.order,
  );
  const offset = cursor?.offset ?? 0;
  const search = String(query);
  const links: { self: string; next?: string | null } = { self: search ? `${path}?${search}` : path };
  const { shortBy, overlap } = policy.page;
  const size = limit > shortBy && limit < pageMaximum ? limit - shortBy : limit;
  const remaining = matching.length - (offset + size);
  // A skip loses entries at a page boundary only where more would remain: it never leaves an empty
  // page after the last, nor a list ended early, which are other rules' faults.
  const skips = terms.length === 0 ? policy.page.skipped.unfiltered : policy.page.skipped.filtered;
  const step = (size > overlap ? size - overlap : size) + (remaining > skips ? skips : 0);
  let nextOffset = remaining > 0 ? offset + step : undefined;
  if (policy.next.given === 'never') nextOffset = undefined;
  if (remaining === 1 && policy.next.missingWhenOneRemains) nextOffset = undefined;
  if (remaining === 0 && policy.next.afterFullLastPage) nextOffset = matching.length;
  if (policy.next.given === 'always') nextOffset ??= matching.length;
  if (matching.length === 0 && query.has('limit') && policy.next.onEmptyLimitedList) nextOffset = 0;
  if (nextOffset !== undefined) {
    const token = encodeCursor(positionOnly ? { offset: nextOffset } : { offset: nextOffset, limit, filter });
    links.next = policy.next.form === 'cursor' ? token : `${path}?${nextQuery(token, query, positionOnly)}`;
  } else if (policy.next.onLastPage === 'null') links.next = null;
  const end = remaining === 0 && policy.page.fullLastPageDropsLast ? offset + size - 1 : offset + size;
  const data = matching
    .slice(offset, end)
    .map((t) => varyTransaction(transactionResource(t, userId, context), policy.transaction));
  // count the page and size the list; or count the list and size the limit.
  const counts =
    policy.countSize === 'total-and-limit'
      ? { count: matching.length, size: limit }
      : { count: data.length, size: matching.length };
  return { type: 'list', ...counts, data, links };
}

/**
 * The filter of a page the cursor continues: the walk's own. A filter sent beside the cursor is refused
 * unless it is that one, since the cursor's position counts the entries of the walk's list, not another's.
 */
function carriedFilter(cursor: Cursor, query: URLSearchParams): string | null {
  const walked = cursor.filter ?? null;
  const sent = query.get('filter');
  if (sent === null || sent === walked) return walked;
  const expected = `the walk's own (${walked === null ? 'none' : quoted(walked)}) beside next, or left out`;
  throw parameterNotValid('filter', detail.malformed('filter', expected, quoted(sent)));
}

/**
 * The query of links.next: the cursor alone, or, when the cursor holds the position only, the limit and
 * filter of this request too, so the link leads to the page that follows.
 */
function nextQuery(token: string, query: URLSearchParams, positionOnly: boolean): string {
  const kept = new URLSearchParams();
  if (positionOnly)
    for (const name of ['limit', 'filter']) {
      const value = query.get(name);
      if (value !== null) kept.set(name, value);
    }
  kept.set('next', token);
  return String(kept);
}

/** A transaction as the policy writes it where the spec leaves room: the plain representation by default. */
function varyTransaction<T extends ReturnType<typeof transactionResource>>(
  transaction: T,
  policy: AffordabilityPolicy['transaction'],
): T {
  const varied: Record<string, unknown> = { ...transaction };
  if (policy.nonPaymentSubClass === 'empty-object' && transaction.class !== 'payment') varied.subClass = {};
  if (policy.debitAmounts === 'positive' && transaction.direction === 'debit')
    varied.amount = transaction.amount.replace(/^-/, '');
  if (transaction.status !== 'posted') {
    if (policy.pendingStatus === 'authorised') varied.status = 'authorised';
    if (policy.transactionDate === 'empty-when-pending') varied.transactionDate = '';
  }
  return varied as T;
}

/** The snapshot is stored in the spec's order; the other orders are a faulty server's. */
function ordered(
  transactions: readonly TransactionRecord[],
  order: AffordabilityPolicy['order'],
): readonly TransactionRecord[] {
  if (order === 'date-across-accounts') {
    return [...transactions].sort((a, b) => b.postDate.localeCompare(a.postDate));
  }
  if (order === 'ascending') {
    return [...transactions].sort(
      (a, b) =>
        a.account.localeCompare(b.account) ||
        (a.status === b.status ? a.postDate.localeCompare(b.postDate) : a.status === 'pending' ? -1 : 1),
    );
  }
  if (order === 'pending-last') {
    return [...transactions].sort(
      (a, b) =>
        a.account.localeCompare(b.account) || (a.status === b.status ? 0 : a.status === 'pending' ? 1 : -1),
    );
  }
  return transactions;
}
