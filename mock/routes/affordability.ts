import { notFound, parameterNotValid } from '../errors.ts';
import { matchesFilter, parseFilter } from '../filters.ts';
import { transactionResource } from '../representations.ts';
import type { MockContext, Route } from '../router.ts';
import type { TransactionRecord } from '../world/world.ts';
import { requireUser } from './connections.ts';

/** Page size limits (spec: Limits): `limit` defaults to 500 and may not exceed it. */
const pageSize = 500;

interface Cursor {
  offset: number;
  limit: number;
  filter: string | null;
}

/** Cursors are opaque to clients: base64url JSON of where the next page starts and what was asked. */
function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (Number.isSafeInteger(cursor.offset) && cursor.offset >= 0 && Number.isSafeInteger(cursor.limit))
      return cursor;
  } catch {
    // fall through to the refusal
  }
  throw parameterNotValid('next', 'next is not a cursor this service issued');
}

function parseLimit(raw: string | null, maximum: number): number {
  if (raw === null) return pageSize;
  const limit = /^[0-9]{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1 && limit <= maximum))
    throw parameterNotValid('limit', `limit must be a whole number from 1 to ${pageSize}`);
  return limit;
}

function readClass(transaction: TransactionRecord, _property: string): string {
  return transaction.class;
}

/**
 * GET /users/{user.id}/affordability/{affordability.id}/transactions (spec: Endpoints): pages of at most
 * 500 in the snapshot's order, `links.next` while more remain, the `transaction.class` filter.
 */
export const listAffordabilityTransactions: Route = {
  method: 'GET',
  path: '/users/:userId/affordability/:affordabilityId/transactions',
  auth: 'bearer',
  handle(request, context) {
    const userId = requireUser(request.params.userId, context);
    const snapshot = context.world.affordability.find(
      (s) => s.id === request.params.affordabilityId && s.userId === userId,
    );
    if (!snapshot)
      throw notFound('affordability.id', `no affordability snapshot ${request.params.affordabilityId}`);
    const { query } = request;
    const next = query.get('next');
    if (next !== null && context.fault('affordability-cursor-refused'))
      throw parameterNotValid('next', 'cursor refused');
    const cursor = next === null ? undefined : decodeCursor(next);
    const limit = cursor?.limit ?? pageLimit(query.get('limit'), context);
    const filter = cursor ? cursor.filter : query.get('filter');
    const parsed = parseFilter(filter, ['transaction.class'], ['eq', 'ne']);
    const terms = context.fault('affordability-filter-ignored') ? [] : parsed;
    const matching = ordered(
      terms.length === 0
        ? snapshot.transactions
        : snapshot.transactions.filter((t) => matchesFilter(t, terms, readClass)),
      context,
    );
    const offset = cursor?.offset ?? 0;
    const path = `${context.baseUrl}/users/${userId}/affordability/${snapshot.id}/transactions`;
    const search = String(query);
    const links: { self: string; next?: string } = { self: search ? `${path}?${search}` : path };
    // Faults: pages one short of an explicit limit (AFFORD-08); pages overlapping by one entry (AFFORD-11).
    const size =
      context.fault('affordability-short-pages') && limit > 1 && limit < pageSize ? limit - 1 : limit;
    const step = context.fault('affordability-page-overlap') && size > 1 ? size - 1 : size;
    let nextOffset = offset + size < matching.length ? offset + step : undefined;
    if (context.fault('affordability-next-missing')) nextOffset = undefined;
    if (context.fault('affordability-next-on-last-page')) nextOffset ??= matching.length;
    if (nextOffset !== undefined)
      links.next = `${path}?next=${encodeCursor({ offset: nextOffset, limit, filter })}`;
    const data = matching.slice(offset, offset + size).map((t) => transactionResource(t, userId, context));
    return { status: 200, body: { type: 'list', count: data.length, size: matching.length, data, links } };
  },
};

function pageLimit(raw: string | null, context: MockContext): number {
  if (context.fault('affordability-default-page-100') && raw === null) return 100;
  if (context.fault('affordability-limit-ignored')) return pageSize;
  return parseLimit(raw, context.fault('affordability-limit-unbounded') ? 10_000 : pageSize);
}

/** The snapshot is stored in the spec's order; the ordering faults reorder it the way a faulty server would. */
function ordered(transactions: TransactionRecord[], context: MockContext): TransactionRecord[] {
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
