import type { Context, Reply } from '../server/context.ts';
import { invalid, notFound } from '../server/errors.ts';
import { matches, parseFilters } from '../server/filter.ts';
import { enc, link } from '../server/links.ts';
import type { Route } from '../server/router.ts';
import { transactionView } from '../views/transaction.ts';
import { checkId, findUser } from './lookup.ts';

export const PAGE_MAX = 500;
// `class` is accepted as a shorthand for `transaction.class`.
const FILTERABLE = { 'transaction.class': 'transaction.class', class: 'transaction.class' };

/** Digits only; above the maximum is clamped to 500 rather than refused. */
function pageSize(ctx: Context): number {
  const raw = ctx.query.get('limit');
  if (raw === null || raw.trim() === '') return PAGE_MAX;
  if (!/^\s*\d+\s*$/.test(raw) || Number(raw) < 1)
    throw invalid('limit', 'limit must be a whole number from 1 to 500.');
  return Math.min(PAGE_MAX, Number(raw));
}

/** The cursor is simply the offset of the next entry, as a decimal string. */
function offset(ctx: Context): number {
  const raw = ctx.query.get('next');
  if (raw === null || raw.trim() === '') return 0;
  if (!/^\s*\d{1,9}\s*$/.test(raw)) throw invalid('next', 'next is not a cursor issued by this service.');
  return Number(raw);
}

/**
 * The snapshot never changes, so offset paging has no duplicates or gaps.
 * `count` is the number of matching transactions over all pages, `size` the
 * number on this page. `links.next` repeats limit and filter.
 */
function transactions(ctx: Context): Reply {
  const user = findUser(ctx);
  const id = checkId(ctx, 'affordabilityId', 'affordability', 'affordability.id');
  const snapshot = ctx.world.affordability.get(id);
  if (!snapshot || snapshot.userId !== user.id)
    throw notFound('affordability.id', `Affordability ${id} does not exist for this user.`);
  const limit = pageSize(ctx);
  const start = offset(ctx);
  const filters = ctx.query.getAll('filter');
  const conditions = parseFilters(filters, FILTERABLE);
  const selected = snapshot.transactions.filter((t) => matches(conditions, () => t.class));
  const page = selected.slice(start, start + limit);
  const path = `/users/${enc(user.id)}/affordability/${enc(snapshot.id)}/transactions`;
  const queryAt = ctx.target.indexOf('?');
  const links: Record<string, string> = {
    self: link(`${path}${queryAt === -1 ? '' : ctx.target.slice(queryAt)}`),
  };
  if (start + limit < selected.length) {
    const next = new URLSearchParams();
    if (ctx.query.get('limit') !== null) next.set('limit', String(limit));
    for (const f of filters) next.append('filter', f);
    next.set('next', String(start + limit));
    links.next = link(`${path}?${next.toString()}`);
  }
  return {
    status: 200,
    body: { type: 'list', count: selected.length, size: page.length, data: page.map(transactionView), links },
  };
}

export const affordabilityRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/users/:userId/affordability/:affordabilityId/transactions',
    auth: true,
    clientAccess: true,
    handle: transactions,
  },
];
