import { filterOf, pageSizeOf } from '../../src/operations/table.ts';
import { detail, MockError, notFound, parameterNotValid, quoted } from '../errors.ts';
import { filterTest, parseFilter, type FilterTerm } from '../filters.ts';
import { transactionResource } from '../representations.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import type { AffordabilityVariants } from '../variants/types.ts';
import { affordabilityClasses } from '../../src/types/affordability-classes.ts';
import type { TransactionRecord } from '../world/world.ts';
import { requireUser } from './connections.ts';

/** Page size limits (spec: Limits): `limit` defaults to the page size and may not exceed the maximum. */
const pageSize = pageSizeOf('listAffordabilityTransactions');
const classFilter = filterOf('listAffordabilityTransactions');

/** The debit and credit class tables (spec: Affordability transaction), closed for affordability. */
const classes: ReadonlySet<string> = new Set(affordabilityClasses);

/**
 * Where the next page starts and, unless the cursor holds the position only (a variant), what was asked:
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

function decodeCursor(raw: string, context: MockContext): Cursor {
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
  if (context.fault('affordability-garbage-cursor-500'))
    throw new MockError(500, 'internal-server-error', 'Internal error', 'cannot read cursor');
  throw parameterNotValid(
    'next',
    detail.unknown('next', quoted(raw), 'not a cursor this service issued; take it from links.next'),
  );
}

/**
 * `limit` as asked: a whole number from 1 to the maximum, else refused; under the variants a limit above
 * the maximum is capped and one that is no whole number from 1 gets the default page.
 */
function parseLimit(raw: string | null, maximum: number, variants: AffordabilityVariants): number {
  if (raw === null) return pageSize.default;
  const limit = /^[0-9]{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (limit > maximum && variants.limitAboveMaximum === 'capped') return maximum;
  if (!(limit >= pageSize.minimum) && variants.invalidLimit === 'default-page') return pageSize.default;
  if (!(limit >= pageSize.minimum && limit <= maximum))
    throw parameterNotValid(
      'limit',
      detail.malformed(
        'limit',
        `a whole number from ${pageSize.minimum} to ${pageSize.maximum}`,
        quoted(raw),
      ),
    );
  return limit;
}

/**
 * The `transaction.class` filter (spec: "property `transaction.class`"), the property written as the
 * spec names it, or without its prefix under the classFilter variant. A class outside both tables
 * matches nothing, or is refused under the unknownClass variant.
 */
function readFilter(raw: string | null, context: MockContext): FilterTerm[] {
  const variants = context.options.variants.affordability ?? {};
  const [spec = ''] = classFilter.properties;
  const property = variants.classFilter === 'bare' ? spec.slice(classFilter.resource.length + 1) : spec;
  let terms: FilterTerm[];
  try {
    terms = parseFilter(raw, [property], classFilter.operators, {
      nearMisses: context.options.variants.forgivingFilters ? 'forgiven' : 'refused',
    });
  } catch (error) {
    if (context.fault('affordability-malformed-filter-500'))
      throw new MockError(500, 'internal-server-error', 'Internal error', 'filter parser failed');
    throw error;
  }
  const unknown = terms.find((term) => !classes.has(term.value));
  if (unknown && variants.unknownClass === 'refused')
    throw parameterNotValid(
      'filter',
      detail.unknown(
        'transaction class',
        quoted(unknown.value),
        `the classes are ${[...classes].join(', ')}`,
      ),
    );
  return context.fault('affordability-filter-ignored') ? [] : terms;
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
      (snapshot.transactions.length === 0 && context.fault('affordability-empty-snapshot-404'))
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
    return {
      status: 200,
      body: affordabilityListPage(snapshot.transactions, path, userId, request.query, context),
    };
  },
};

/**
 * The page a request asks of a transaction list, in the affordability list envelope: `limit`, the `next`
 * cursor and the `transaction.class` filter, as the spec gives them for the affordability list. The
 * mock's own transaction lists (routes/transactions.ts) page through here too, so one paging serves every
 * list of transactions, the affordability variants and faults included. `path` is the list's link
 * without its query; `transactions` are in the list's order.
 */
export function affordabilityListPage(
  transactions: readonly TransactionRecord[],
  path: string,
  userId: string,
  query: URLSearchParams,
  context: MockContext,
) {
  const variants = context.options.variants.affordability ?? {};
  const positionOnly = variants.cursor === 'position-only';
  const next = query.get('next');
  if (next !== null && context.fault('affordability-cursor-refused'))
    throw parameterNotValid('next', 'cursor refused');
  const cursor = next === null ? undefined : decodeCursor(next, context);
  // What the walk asked, when the cursor carries it (AMB-AFFORD-03's default reading).
  const carried = cursor && !positionOnly ? cursor : undefined;
  const filter = carried ? carriedFilter(carried, query) : query.get('filter');
  // A limit sent beside the cursor sizes the pages from its position on, rather than being ignored.
  const asked =
    carried?.limit !== undefined && !query.has('limit')
      ? carried.limit
      : pageLimit(query.get('limit'), context);
  // The fault pages a filtered list at the default size, whatever limit was asked.
  const limit =
    filter !== null && context.fault('affordability-limit-ignored-with-filter') ? pageSize.default : asked;
  const terms = readFilter(filter, context);
  // The fault takes a class that holds the value anywhere (interest within loan-interest), as LIKE would.
  const passes = context.fault('affordability-filter-substring')
    ? (t: TransactionRecord) =>
        terms.every((term) => t.class.includes(term.value) === (term.operator === 'eq'))
    : filterTest(terms, readClass);
  const matching = ordered(terms.length === 0 ? transactions : transactions.filter(passes), context);
  const offset = cursor?.offset ?? 0;
  const search = String(query);
  const links: { self: string; next?: string | null } = { self: search ? `${path}?${search}` : path };
  // Faults: pages one short of an explicit limit (AFFORD-08); pages overlapping by one entry (AFFORD-11).
  const size =
    context.fault('affordability-short-pages') && limit > 1 && limit < pageSize.maximum ? limit - 1 : limit;
  const step = context.fault('affordability-page-overlap') && size > 1 ? size - 1 : size;
  const remaining = matching.length - (offset + size);
  let nextOffset = remaining > 0 ? offset + step : undefined;
  if (context.fault('affordability-next-missing')) nextOffset = undefined;
  // Faults of the paging edges: no next when one transaction alone remains (AFFORD-04); a next after a
  // last page that is exactly full (AFFORD-05), as a service that emits it for every full page does.
  if (remaining === 1 && context.fault('affordability-next-missing-before-last-one')) nextOffset = undefined;
  if (remaining === 0 && context.fault('affordability-next-on-full-last-page')) nextOffset = matching.length;
  if (context.fault('affordability-next-on-last-page')) nextOffset ??= matching.length;
  // The fault links an empty snapshot asked with a limit to a next page, of nothing.
  if (matching.length === 0 && query.has('limit') && context.fault('affordability-empty-limited-has-next'))
    nextOffset = 0;
  if (nextOffset !== undefined) {
    const token = encodeCursor(positionOnly ? { offset: nextOffset } : { offset: nextOffset, limit, filter });
    links.next = variants.next === 'cursor' ? token : `${path}?${nextQuery(token, query, positionOnly)}`;
  } else if (variants.lastPageNext === 'null') links.next = null;
  // The fault leaves out the last transaction of a last page that is exactly full (AFFORD-11).
  const end =
    remaining === 0 && context.fault('affordability-last-dropped-on-full-page')
      ? offset + size - 1
      : offset + size;
  const data = matching
    .slice(offset, end)
    .map((t) => varyTransaction(transactionResource(t, userId, context), variants));
  // count the page and size the list; under the countSize variant, count the list and size the limit.
  const counts =
    variants.countSize === 'total-and-limit'
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

/** A transaction as the representation variants write it: the plain representation when none applies. */
function varyTransaction<T extends ReturnType<typeof transactionResource>>(
  transaction: T,
  variants: AffordabilityVariants,
): T {
  const varied: Record<string, unknown> = { ...transaction };
  if (variants.nonPaymentSubClass === 'empty-object' && transaction.class !== 'payment') varied.subClass = {};
  if (variants.debitAmounts === 'positive' && transaction.direction === 'debit')
    varied.amount = transaction.amount.replace(/^-/, '');
  if (transaction.status !== 'posted') {
    if (variants.pendingStatus === 'authorised') varied.status = 'authorised';
    if (variants.transactionDate === 'empty-when-pending') varied.transactionDate = '';
  }
  return varied as T;
}

function pageLimit(raw: string | null, context: MockContext): number {
  if (context.fault('affordability-default-page-100') && raw === null) return 100;
  if (context.fault('affordability-default-page-600') && raw === null) return 600;
  if (context.fault('affordability-limit-ignored')) return pageSize.default;
  const maximum = context.fault('affordability-limit-unbounded') ? 10_000 : pageSize.maximum;
  return parseLimit(raw, maximum, context.options.variants.affordability ?? {});
}

/** The snapshot is stored in the spec's order; the ordering faults reorder it the way a faulty server would. */
function ordered(
  transactions: readonly TransactionRecord[],
  context: MockContext,
): readonly TransactionRecord[] {
  if (context.fault('affordability-accounts-interleaved')) {
    return [...transactions].sort((a, b) => b.postDate.localeCompare(a.postDate));
  }
  if (context.fault('affordability-order-ascending')) {
    return [...transactions].sort(
      (a, b) =>
        a.account.localeCompare(b.account) ||
        (a.status === b.status ? a.postDate.localeCompare(b.postDate) : a.status === 'pending' ? -1 : 1),
    );
  }
  if (context.fault('affordability-pending-last')) {
    return [...transactions].sort(
      (a, b) =>
        a.account.localeCompare(b.account) || (a.status === b.status ? 0 : a.status === 'pending' ? 1 : -1),
    );
  }
  return transactions;
}
