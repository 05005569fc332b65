/** Round 5: affordability transactions. */
import { api, guarded, token } from '../client.ts';
import type { Transaction } from '../client.ts';
import { errorResponse, isObject, obj, queryOf, route, str, withJson, withQuery } from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest, MutantResponse } from '../mutant.ts';
import { decodeCursor, encodeCursor, entries, jsonOf, walkSnapshot } from './shared.ts';

const FILTER_PAYMENTS = "transaction.class.eq('payment')";
const LIST_CLAUSE =
  'Query: `limit` (string, optional, maximum 500, default 500); `filter` (string, optional; property `transaction.class`; applies only to the JSON form); `next` (cursor, taken from the `links.next` value of the previous page).';
const ORDER_CLAUSE = 'Ordering: by account, then posted date descending, pending transactions first.';
const SNAPSHOT_CLAUSE =
  'The affordability transaction list is the full snapshot of transactions and extends the transaction resource.';

function isSnapshotPage(request: MutantRequest): boolean {
  return route(request, 'GET', /^\/users\/[^/]+\/affordability\/[^/]+\/transactions$/) !== null;
}

/** A successful snapshot page of this request, or undefined. */
function pageOf(request: MutantRequest, response: MutantResponse): JsonObject | undefined {
  if (!isSnapshotPage(request) || response.status !== 200) return undefined;
  return jsonOf(response);
}

/** The page with other entries (size follows). */
function withRows(response: MutantResponse, page: JsonObject, rows: unknown[]): MutantResponse {
  return withJson(response, { ...page, size: rows.length, data: rows });
}

/** Applies `change` to every maximal run of consecutive entries that `same` groups together. */
function mapRuns(
  rows: JsonObject[],
  same: (a: JsonObject, b: JsonObject) => boolean,
  change: (run: JsonObject[]) => JsonObject[],
): JsonObject[] {
  const out: JsonObject[] = [];
  let run: JsonObject[] = [];
  for (const row of rows) {
    const last = run[run.length - 1];
    if (last !== undefined && !same(last, row)) {
      out.push(...change(run));
      run = [];
    }
    run.push(row);
  }
  out.push(...change(run));
  return out;
}

function page(target: Parameters<Mutant['probe']>[0], query: string): string {
  const { fixtures } = target.profile;
  return `/users/${fixtures.userId}/affordability/${fixtures.affordabilityId}/transactions${query === '' ? '' : `?${query}`}`;
}

const DEBIT_CLASSES = [
  'bank-fee',
  'payment',
  'cash-withdrawal',
  'internal-transfer',
  'external-transfer',
  'loan-interest',
];
const CREDIT_CLASSES = [
  'refund',
  'direct-credit',
  'interest',
  'internal-transfer',
  'external-transfer',
  'loan-repayment',
];

const limitPlusOne: Mutant = {
  name: 'r5-affordability-limit-plus-one',
  group: 'affordability',
  clause: LIST_CLAUSE,
  why: 'limit caps the entries of a page; a page of limit + 1 entries exceeds it.',
  async handle(request, forward) {
    const query = queryOf(request);
    const limit = Number(query.get('limit') ?? NaN);
    if (!isSnapshotPage(request) || !Number.isInteger(limit) || limit < 1 || limit >= 500)
      return forward(request);
    query.set('limit', String(limit + 1));
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(target, page(target, 'limit=10'), await token(target));
      if (reply.status !== 200) return `limit=10 answered ${reply.status}`;
      const size = (obj(reply.json).data as unknown[] | undefined)?.length ?? 0;
      return size <= 10 ? null : `limit=10 gave a page of ${size} entries`;
    }),
};

const nextPageSkipsFirst: Mutant = {
  name: 'r5-affordability-next-page-skips-first',
  group: 'affordability',
  clause: SNAPSHOT_CLAUSE,
  why: 'Walked with any page size the list is the same full snapshot; dropping the first entry of every later page loses transactions.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = pageOf(request, response);
    if (!body || !queryOf(request).has('next')) return response;
    return withRows(response, body, entries(body).slice(1));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const small = (await walkSnapshot(target, tok, { limit: 10, maxPages: 200 })).rows.map((t) => t.id);
      const large = (await walkSnapshot(target, tok)).rows.map((t) => t.id);
      if (small.join() === large.join()) return null;
      return `walked 10 at a time the snapshot has ${small.length} transactions, walked 500 at a time ${large.length}`;
    }),
};

const boundaryRepeated: Mutant = {
  name: 'r5-affordability-boundary-repeated',
  group: 'affordability',
  clause: SNAPSHOT_CLAUSE,
  why: "A snapshot holds each transaction once; a next page that starts with the previous page's last entry repeats it.",
  async handle(request, forward) {
    const response = await forward(request);
    const body = pageOf(request, response);
    const next = str(obj(body?.links).next);
    if (!body || next === undefined) return response;
    const url = new URL(next);
    const cursor = decodeCursor(url.searchParams.get('next') ?? '');
    if (!cursor || typeof cursor.offset !== 'number' || cursor.offset < 2) return response;
    url.searchParams.set('next', encodeCursor({ ...cursor, offset: cursor.offset - 1 }));
    return withJson(response, { ...body, links: { ...obj(body.links), next: url.toString() } });
  },
  probe: (target) =>
    guarded(async () => {
      const rows = (await walkSnapshot(target, await token(target), { limit: 10, maxPages: 200 })).rows;
      const seen = new Set<string>();
      for (const row of rows) {
        if (seen.has(row.id)) return `transaction ${row.id} appears twice in the snapshot`;
        seen.add(row.id);
      }
      return null;
    }),
};

const postedAscending: Mutant = {
  name: 'r5-affordability-posted-ascending',
  group: 'affordability',
  clause: ORDER_CLAUSE,
  why: 'Within an account posted transactions come newest first; oldest first is the opposite order.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = pageOf(request, response);
    if (!body) return response;
    const rows = mapRuns(
      entries(body),
      (a, b) => a.account === b.account && a.status === 'posted' && b.status === 'posted',
      (run) => (run[0]?.status === 'posted' ? [...run].reverse() : run),
    );
    return withRows(response, body, rows);
  },
  probe: (target) =>
    guarded(async () => {
      const rows = (await walkSnapshot(target, await token(target))).rows;
      const last = new Map<string, Transaction>();
      for (const row of rows) {
        if (row.status !== 'posted') continue;
        const before = last.get(row.account);
        if (before && Date.parse(row.postDate) > Date.parse(before.postDate)) {
          return `in account ${row.account} ${row.postDate} (posted) follows ${before.postDate}`;
        }
        last.set(row.account, row);
      }
      return null;
    }),
};

const accountLinksCollapsed: Mutant = {
  name: 'r5-affordability-account-links-collapsed',
  group: 'affordability',
  clause: '| links | object | `account` and `institution`; there is no `self` link |',
  why: "A transaction's account link leads to its own account; two transactions of different accounts cannot share one.",
  async handle(request, forward) {
    const response = await forward(request);
    const body = pageOf(request, response);
    if (!body) return response;
    const rows = entries(body);
    const first = obj(rows[0]?.links).account;
    return withRows(
      response,
      body,
      rows.map((t) => ({ ...t, links: { ...obj(t.links), account: first } })),
    );
  },
  probe: (target) =>
    guarded(async () => {
      const rows = (await walkSnapshot(target, await token(target))).rows;
      const owner = new Map<string, string>();
      for (const row of rows) {
        const link = str(obj(row.links).account);
        if (link === undefined) return `transaction ${row.id} has no account link`;
        const seen = owner.get(link);
        if (seen !== undefined && seen !== row.account) {
          return `accounts ${seen} and ${row.account} share the account link ${link}`;
        }
        owner.set(link, row.account);
      }
      return null;
    }),
};

const accountsInterleaved: Mutant = {
  name: 'r5-affordability-accounts-interleaved',
  group: 'affordability',
  clause: ORDER_CLAUSE,
  why: 'The list is ordered by account first, so the transactions of one account are contiguous; sorting by date alone interleaves accounts.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = pageOf(request, response);
    if (!body) return response;
    const rows = [...entries(body)].sort(
      (a, b) => Date.parse(str(b.postDate) ?? '') - Date.parse(str(a.postDate) ?? ''),
    );
    return withRows(response, body, rows);
  },
  probe: (target) =>
    guarded(async () => {
      const rows = (await walkSnapshot(target, await token(target))).rows;
      const finished = new Set<string>();
      let current: string | undefined;
      for (const row of rows) {
        if (row.account === current) continue;
        if (finished.has(row.account)) return `account ${row.account} appears again after other accounts`;
        if (current !== undefined) finished.add(current);
        current = row.account;
      }
      return null;
    }),
};

const filterLostOnNext: Mutant = {
  name: 'r5-affordability-filter-lost-on-next',
  group: 'affordability',
  clause: LIST_CLAUSE,
  why: 'The next cursor continues the filtered list it came from, so later pages must still hold only the filtered class.',
  async handle(request, forward) {
    const query = queryOf(request);
    const raw = query.get('next');
    if (!isSnapshotPage(request) || raw === null || !query.has('filter')) return forward(request);
    const cursor = decodeCursor(raw);
    if (!cursor) return forward(request);
    query.delete('filter');
    query.set('next', encodeCursor({ ...cursor, filter: null }));
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      let next: string | undefined = page(target, `limit=5&filter=${encodeURIComponent(FILTER_PAYMENTS)}`);
      for (let n = 0; n < 6 && next !== undefined; n += 1) {
        const reply = await api(target, next, tok);
        if (reply.status !== 200) return `page ${n + 1} of the filtered list answered ${reply.status}`;
        const body = obj(reply.json);
        const other = entries(body).find((t) => t.class !== 'payment');
        if (other)
          return `page ${n + 1} of the payment-filtered list holds a ${String(other.class)} transaction`;
        next = str(obj(body.links).next);
      }
      return null;
    }),
};

const emptySnapshotMissing: Mutant = {
  name: 'r5-affordability-empty-snapshot-missing',
  group: 'affordability',
  clause:
    'Success: 200 with the affordability list envelope; `data` is an empty array when there are no transactions.',
  why: 'A snapshot without transactions answers 200 with an empty data array, not an error.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = pageOf(request, response);
    if (!body || entries(body).length > 0) return response;
    return errorResponse(
      404,
      'resource-not-found',
      'The snapshot holds no transactions.',
      'affordability.id',
    );
  },
  probe: (target) =>
    guarded(async () => {
      const { fixtures } = target.profile;
      const reply = await api(
        target,
        `/users/${fixtures.userId}/affordability/${fixtures.emptyAffordabilityId}/transactions`,
        await token(target),
      );
      const data = obj(reply.json).data;
      return reply.status === 200 && Array.isArray(data) && data.length === 0
        ? null
        : `the empty snapshot answered ${reply.status}`;
    }),
};

const lastPageLoops: Mutant = {
  name: 'r5-affordability-last-page-loops',
  group: 'affordability',
  clause:
    'Affordability list envelope: `type` (`list`), `count` (number), `size` (number), `data` (array of transactions), `links` with `self` and, when more pages exist, `next`.',
  why: 'next is given only when more pages exist; a last page whose next leads back to itself promises pages that are not there.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = pageOf(request, response);
    const links = obj(body?.links);
    if (!body || links.next !== undefined || entries(body).length === 0) return response;
    return withJson(response, { ...body, links: { ...links, next: links.self } });
  },
  probe: (target) =>
    guarded(async () => {
      const walked = await walkSnapshot(target, await token(target), { limit: 100, maxPages: 30 });
      if (walked.truncated) return 'links.next never ran out after 30 pages';
      const ids = walked.rows.map((t) => t.id);
      return new Set(ids).size === ids.length
        ? null
        : 'following links.next served the same transactions again';
    }),
};

const defaultLimit25: Mutant = {
  name: 'r5-affordability-default-limit-25',
  group: 'affordability',
  clause: '| `limit` default and page size | affordability transactions | 500 |',
  why: 'Without limit a page holds up to 500 entries, as many as with limit=500; 25 is not that default.',
  async handle(request, forward) {
    const query = queryOf(request);
    if (!isSnapshotPage(request) || query.has('limit')) return forward(request);
    query.set('limit', '25');
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const plain = await api(target, page(target, ''), tok);
      const full = await api(target, page(target, 'limit=500'), tok);
      if (plain.status !== 200 || full.status !== 200)
        return `pages answered ${plain.status} and ${full.status}`;
      const a = entries(obj(plain.json)).length;
      const b = entries(obj(full.json)).length;
      return a === b ? null : `a page without limit holds ${a} entries, one with limit=500 holds ${b}`;
    }),
};

const selfOnLaterPages: Mutant = {
  name: 'r5-affordability-self-link-on-later-pages',
  group: 'affordability',
  clause: '| links | object | `account` and `institution`; there is no `self` link |',
  why: 'Affordability transactions have no self link, on every page.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = pageOf(request, response);
    if (!body || !queryOf(request).has('next')) return response;
    const rows = entries(body).map((t) => ({
      ...t,
      links: { ...obj(t.links), self: `${str(obj(t.links).account) ?? ''}/transactions/${String(t.id)}` },
    }));
    return withRows(response, body, rows);
  },
  probe: (target) =>
    guarded(async () => {
      const walked = await walkSnapshot(target, await token(target), { limit: 10, maxPages: 3 });
      const selfish = walked.rows.find((t) => 'self' in obj(t.links));
      return selfish ? `transaction ${selfish.id} has a self link` : null;
    }),
};

function isEmptySubClass(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (!isObject(value)) return false;
  return Object.values(value).every((v) => v === null || v === '' || v === undefined);
}

const subClassOnNonPayment: Mutant = {
  name: 'r5-affordability-subclass-on-non-payment',
  group: 'affordability',
  clause:
    '| subClass | object or null | `title` and `code`; populated only for payment transactions, otherwise null or empty. For payments the default is the HEC classification; a custom class is returned when configured for the partner account. |',
  why: 'subClass is populated only for payments; a cash withdrawal or a fee with a populated subClass breaks that.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = pageOf(request, response);
    if (!body) return response;
    const rows = entries(body).map((t) =>
      t.class !== 'payment' && t.subClass === null
        ? { ...t, subClass: { title: 'Miscellaneous', code: '9999' } }
        : t,
    );
    return withRows(response, body, rows);
  },
  probe: (target) =>
    guarded(async () => {
      const rows = (await walkSnapshot(target, await token(target))).rows;
      const wrong = rows.find((t) => t.class !== 'payment' && !isEmptySubClass(t.subClass));
      return wrong ? `a ${wrong.class} transaction has subClass ${JSON.stringify(wrong.subClass)}` : null;
    }),
};

const directionFlipped: Mutant = {
  name: 'r5-affordability-every-seventh-direction-flipped',
  group: 'affordability',
  clause:
    'Debit classes: bank-fee (fee charged by the bank), payment (to a merchant), cash-withdrawal (via ATM), internal-transfer (between shared accounts; affordability only), external-transfer (to an account not among those shared; affordability only), loan-interest (charged on a loan account).',
  why: 'The class tables tie each class to a direction; a payment, fee or withdrawal marked credit is none of the credit classes.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = pageOf(request, response);
    if (!body) return response;
    const rows = entries(body).map((t, i) =>
      i % 7 === 6 ? { ...t, direction: t.direction === 'debit' ? 'credit' : 'debit' } : t,
    );
    return withRows(response, body, rows);
  },
  probe: (target) =>
    guarded(async () => {
      const rows = (await walkSnapshot(target, await token(target))).rows;
      for (const t of rows) {
        const known = DEBIT_CLASSES.includes(t.class) || CREDIT_CLASSES.includes(t.class);
        if (!known) continue;
        const table =
          t.direction === 'debit' ? DEBIT_CLASSES : t.direction === 'credit' ? CREDIT_CLASSES : [];
        if (!table.includes(t.class)) return `transaction ${t.id} is a ${t.direction} of class ${t.class}`;
      }
      return null;
    }),
};

export const affordabilityMutants: Mutant[] = [
  limitPlusOne,
  nextPageSkipsFirst,
  boundaryRepeated,
  postedAscending,
  accountLinksCollapsed,
  accountsInterleaved,
  filterLostOnNext,
  emptySnapshotMissing,
  lastPageLoops,
  defaultLimit25,
  selfOnLaterPages,
  subClassOnNonPayment,
  directionFlipped,
];
