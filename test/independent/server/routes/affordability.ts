/** GET /users/{user.id}/affordability/{affordability.id}/transactions: the paged snapshot. */
import { parseFilter } from '../filter.ts';
import { invalidParameter } from '../errors.ts';
import { queryParam, sendJson } from '../http.ts';
import type { Context } from '../http.ts';
import { links } from '../links.ts';
import { requireSnapshot, requireUser } from '../lookup.ts';
import { TRANSACTION_CLASSES } from '../model.ts';
import type { Transaction } from '../model.ts';
import { presentTransaction } from '../present.ts';

const PAGE_SIZE = 500;

/** What a cursor remembers: which snapshot, where the next page starts, and under which filter. */
interface Cursor {
  snapshot: string;
  offset: number;
  filter: string | null;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  const bad = invalidParameter('next', 'next is not a cursor issued by this list.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  if (parsed === null || typeof parsed !== 'object') throw bad;
  const { snapshot, offset, filter } = parsed as Record<string, unknown>;
  if (typeof snapshot !== 'string' || typeof offset !== 'number' || !Number.isInteger(offset)) throw bad;
  if (filter !== null && typeof filter !== 'string') throw bad;
  return { snapshot, offset, filter };
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return PAGE_SIZE;
  const limit = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1 && limit <= PAGE_SIZE)) {
    throw invalidParameter('limit', `limit must be a whole number from 1 to ${PAGE_SIZE}.`);
  }
  return limit;
}

export function listAffordabilityTransactions(ctx: Context): void {
  const { world, url } = ctx;
  const user = requireUser(world, ctx.params.userId ?? '');
  const snapshot = requireSnapshot(world, user, ctx.params.affordabilityId ?? '');
  const limit = parseLimit(queryParam(url, 'limit'));
  const rawFilter = queryParam(url, 'filter') ?? null;
  const filter = rawFilter === null ? null : parseFilter(rawFilter, ['transaction.class'], ['eq']);
  if (filter && !TRANSACTION_CLASSES.includes(filter.value)) {
    throw invalidParameter('filter', `transaction.class must be one of ${TRANSACTION_CLASSES.join(', ')}.`);
  }

  const all = snapshot.transactionIds.flatMap((id) => {
    const tx = world.transactions.get(id);
    return tx && (filter === null || tx.class === filter.value) ? [tx] : [];
  });

  let offset = 0;
  const rawNext = queryParam(url, 'next');
  if (rawNext !== undefined) {
    const cursor = decodeCursor(rawNext);
    // A cursor only continues the list it came from: same snapshot, same filter, inside the list.
    if (
      cursor.snapshot !== snapshot.id ||
      cursor.filter !== rawFilter ||
      cursor.offset <= 0 ||
      cursor.offset >= all.length
    ) {
      throw invalidParameter('next', 'next does not continue this list.');
    }
    offset = cursor.offset;
  }

  const page: Transaction[] = all.slice(offset, offset + limit);
  const pageLinks: Record<string, string> = { self: links.request(ctx.baseUrl, url) };
  if (offset + limit < all.length) {
    const next = new URL(`${ctx.baseUrl}${url.pathname}`);
    next.searchParams.set('limit', String(limit));
    if (rawFilter !== null) next.searchParams.set('filter', rawFilter);
    next.searchParams.set(
      'next',
      encodeCursor({ snapshot: snapshot.id, offset: offset + limit, filter: rawFilter }),
    );
    pageLinks.next = next.toString();
  }
  const body = {
    type: 'list',
    count: all.length,
    size: page.length,
    data: page.map((tx) => presentTransaction(ctx.baseUrl, world, tx)),
    links: pageLinks,
  };
  sendJson(ctx.res, 200, body);
}
