/** Round 1, affordability transactions. */
import { affordabilityPath, api, createUser, guarded, token, walk } from '../client.ts';
import type { Page, Transaction, UserResource } from '../client.ts';
import { arr, obj, queryOf, readJsonObject, route, str, withJson, withQuery } from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest, MutantResponse, Target } from '../mutant.ts';

const LIST = /^\/users\/([^/]+)\/affordability\/([^/]+)\/transactions$/;

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

/** A page answer of the list, as an object, or undefined. */
function pageBody(request: MutantRequest, response: MutantResponse): JsonObject | undefined {
  const body = readJsonObject(response);
  return route(request, 'GET', LIST) && response.status === 200 && body?.type === 'list' ? body : undefined;
}

/** Rewrites each transaction of a page. */
function mapTransactions(body: JsonObject, edit: (tx: JsonObject) => JsonObject): JsonObject {
  return { ...body, data: arr(body.data).map((tx) => edit(obj(tx))) };
}

/** The whole fixture snapshot, in pages of 500. */
async function fullList(target: Target, tok: string, filter?: string): Promise<Transaction[]> {
  const query = new URLSearchParams({ limit: '500' });
  if (filter !== undefined) query.set('filter', filter);
  const { pages, truncated, failure } = await walk(
    target,
    tok,
    `${affordabilityPath(target)}?${query.toString()}`,
    12,
  );
  if (failure !== undefined) throw new Error(failure);
  if (truncated) throw new Error('the 500-entry walk did not end within 12 pages');
  return pages.flatMap((p) => p.data);
}

/** Small pages, walked to the end, give the same entries in the same order as 500-entry pages. */
function pagingProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const tok = await token(target);
    const big = await walk(target, tok, `${affordabilityPath(target)}?limit=500`, 12);
    if (big.failure !== undefined) return big.failure;
    if (big.truncated) return 'walking with limit=500 did not end after 12 pages';
    const full = big.pages.flatMap((p) => p.data.map((tx) => tx.id));
    if (new Set(full).size !== full.length) return 'walking with limit=500 repeats entries';
    const limit = Math.max(5, Math.ceil(full.length / 6));
    const maxPages = Math.ceil(full.length / limit) + 3;
    const { pages, truncated, failure } = await walk(
      target,
      tok,
      `${affordabilityPath(target)}?limit=${limit}`,
      maxPages,
    );
    if (failure !== undefined) return failure;
    const small = pages.flatMap((p) => p.data.map((tx) => tx.id));
    if (truncated) return `walking with limit=${limit} did not end after ${maxPages} pages`;
    if (new Set(small).size !== small.length) return `walking with limit=${limit} repeats entries`;
    if (small.join() !== full.join()) {
      return `walking with limit=${limit} gave ${small.length} entries, the 500-entry walk ${full.length}`;
    }
    return null;
  });
}

/** Within a page: accounts contiguous; posted and pending each newest first; no newer pending after an older posted. */
function orderProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const tok = await token(target);
    const reply = await api(target, `${affordabilityPath(target)}?limit=500`, tok);
    if (reply.status !== 200) return `first page answered ${reply.status}`;
    const data = (reply.json as Page).data;
    const finished = new Set<string>();
    let current: string | undefined;
    let lastPosted: string | undefined;
    let lastPending: string | undefined;
    let oldestPostedSoFar: string | undefined;
    for (const tx of data) {
      if (tx.account !== current) {
        if (current !== undefined) finished.add(current);
        if (finished.has(tx.account)) return `account ${tx.account} appears in two separate runs`;
        current = tx.account;
        lastPosted = undefined;
        lastPending = undefined;
        oldestPostedSoFar = undefined;
      }
      if (tx.status === 'pending') {
        if (lastPending !== undefined && tx.postDate > lastPending)
          return `pending ${tx.id} is newer than the pending before it`;
        if (oldestPostedSoFar !== undefined && tx.postDate > oldestPostedSoFar) {
          return `pending ${tx.id} comes after an older posted transaction`;
        }
        lastPending = tx.postDate;
      } else {
        if (lastPosted !== undefined && tx.postDate > lastPosted)
          return `posted ${tx.id} is newer than the posted before it`;
        lastPosted = tx.postDate;
        oldestPostedSoFar = tx.postDate;
      }
    }
    return null;
  });
}

/** snapshot id -> owner user id, learnt from answers that passed through. */
const snapshotOwners = new Map<string, string>();

export const affordabilityMutants: Mutant[] = [
  {
    name: 'r1-affordability-limit-ignored',
    group: 'affordability',
    clause: '`limit` (string, optional, maximum 500, default 500)',
    why: 'a limit below 500 is accepted but pages still hold up to 500 entries.',
    async handle(request, forward) {
      if (!route(request, 'GET', LIST)) return forward(request);
      const query = queryOf(request);
      query.delete('limit');
      return forward(withQuery(request, query));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, `${affordabilityPath(target)}?limit=10`, tok);
        if (reply.status !== 200) return `limit=10 answered ${reply.status}`;
        const page = reply.json as Page;
        return page.data.length <= 10 ? null : `limit=10 answered a page of ${page.data.length} entries`;
      }),
  },
  {
    name: 'r1-affordability-default-page-small',
    group: 'affordability',
    clause: '`limit` default and page size | affordability transactions | 500',
    why: 'without limit the pages hold 20 entries, not the default 500.',
    async handle(request, forward) {
      if (!route(request, 'GET', LIST)) return forward(request);
      const query = queryOf(request);
      if (query.get('limit') !== null) return forward(request);
      query.set('limit', '20');
      return forward(withQuery(request, query));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const total = (await fullList(target, tok)).length;
        const reply = await api(target, affordabilityPath(target), tok);
        if (reply.status !== 200) return `first page without limit answered ${reply.status}`;
        const size = (reply.json as Page).data.length;
        const expected = Math.min(total, 500);
        return size === expected
          ? null
          : `first page without limit holds ${size} entries, expected ${expected}`;
      }),
  },
  {
    name: 'r1-affordability-next-on-last-page',
    group: 'affordability',
    clause: 'absence of `links.next` means no more pages',
    why: 'the last page still carries links.next (back to itself), so a client following it sees the same entries again and never ends.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = pageBody(request, response);
      const links = obj(body?.links);
      if (!body || links.next !== undefined || arr(body.data).length === 0) return response;
      return withJson(response, { ...body, links: { ...links, next: links.self } });
    },
    probe: pagingProbe,
  },
  {
    name: 'r1-affordability-page-tail-dropped',
    group: 'affordability',
    clause: 'The affordability transaction list is the full snapshot of transactions',
    why: 'every page that has a next page loses its last entry, so walking the pages skips transactions of the snapshot.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = pageBody(request, response);
      if (!body || obj(body.links).next === undefined) return response;
      const data = arr(body.data).slice(0, -1);
      return withJson(response, { ...body, data, size: data.length });
    },
    probe: pagingProbe,
  },
  {
    name: 'r1-affordability-order-reversed',
    group: 'affordability',
    clause: 'Ordering: by account, then posted date descending, pending transactions first.',
    why: "each account's transactions come oldest first, the opposite of posted date descending.",
    async handle(request, forward) {
      const response = await forward(request);
      const body = pageBody(request, response);
      if (!body) return response;
      const runs: unknown[][] = [];
      let account: unknown = Symbol('none');
      for (const tx of arr(body.data)) {
        const a = obj(tx).account;
        if (a !== account || runs.length === 0) runs.push([]);
        account = a;
        runs[runs.length - 1]?.push(tx);
      }
      return withJson(response, { ...body, data: runs.flatMap((run) => run.reverse()) });
    },
    probe: orderProbe,
  },
  {
    name: 'r1-affordability-filter-ignored',
    group: 'affordability',
    clause: '`filter` (string, optional; property `transaction.class`; applies only to the JSON form)',
    why: 'a transaction.class filter on the JSON form is accepted but not applied, so other classes come back.',
    async handle(request, forward) {
      if (!route(request, 'GET', LIST)) return forward(request);
      const query = queryOf(request);
      query.delete('filter');
      return forward(withQuery(request, query));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const all = await fullList(target, tok);
        const payments = await fullList(target, tok, "transaction.class.eq('payment')");
        const other = payments.find((tx) => tx.class !== 'payment');
        if (other) return `filter transaction.class.eq('payment') answered a ${other.class} transaction`;
        const expected = all.filter((tx) => tx.class === 'payment').length;
        return payments.length === expected
          ? null
          : `filter gave ${payments.length} payments, the list holds ${expected}`;
      }),
  },
  {
    name: 'r1-affordability-foreign-snapshot',
    group: 'affordability',
    clause: 'GET {base_url}/users/{user.id}/affordability/{affordability.id}/transactions',
    why: "a snapshot of one user is served under another user's path, exposing their transactions.",
    async handle(request, forward) {
      const match = route(request, 'GET', LIST);
      const response = await forward(request);
      if (!match) return response;
      const [user = '', snapshot = ''] = match;
      if (response.status === 200) {
        snapshotOwners.set(snapshot, user);
        return response;
      }
      const owner = snapshotOwners.get(snapshot);
      if (response.status < 400 || owner === undefined || owner === user) return response;
      return forward({ ...request, path: `/users/${owner}/affordability/${snapshot}/transactions` });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const own = await api(target, affordabilityPath(target), tok);
        if (own.status !== 200) return `fixture snapshot answered ${own.status}`;
        const stranger = ((await createUser(target, tok)).json as UserResource).id;
        const reply = await api(target, affordabilityPath(target, undefined, stranger), tok);
        if (reply.status >= 400) return null;
        const data = (reply.json as Page | undefined)?.data ?? [];
        return data.length === 0
          ? null
          : `another user's snapshot answered ${data.length} transactions under a new user`;
      }),
  },
  {
    name: 'r1-affordability-empty-data-null',
    group: 'affordability',
    clause: '`data` is an empty array when there are no transactions.',
    why: 'an empty snapshot answers data null instead of an empty array.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = pageBody(request, response);
      if (!body || arr(body.data).length !== 0) return response;
      return withJson(response, { ...body, data: null });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const path = affordabilityPath(target, target.profile.fixtures.emptyAffordabilityId);
        const reply = await api(target, path, tok);
        if (reply.status !== 200) return `empty snapshot answered ${reply.status}`;
        const data = (reply.json as Page).data as unknown;
        return Array.isArray(data) && data.length === 0
          ? null
          : `empty snapshot answered data ${JSON.stringify(data)}`;
      }),
  },
  {
    name: 'r1-affordability-self-link-added',
    group: 'affordability',
    clause: '`account` and `institution`; there is no `self` link',
    why: 'every transaction carries a links.self although the spec says there is none.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = pageBody(request, response);
      if (!body) return response;
      return withJson(
        response,
        mapTransactions(body, (tx) => {
          const links = obj(tx.links);
          return {
            ...tx,
            links: { self: `${str(links.account) ?? ''}/transactions/${str(tx.id) ?? ''}`, ...links },
          };
        }),
      );
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, affordabilityPath(target), tok);
        if (reply.status !== 200) return `first page answered ${reply.status}`;
        const withSelf = (reply.json as Page).data.find((tx) => 'self' in tx.links);
        return withSelf ? `transaction ${withSelf.id} has links.self` : null;
      }),
  },
  {
    name: 'r1-affordability-subclass-on-non-payment',
    group: 'affordability',
    clause: 'populated only for payment transactions, otherwise null or empty.',
    why: 'transactions that are not payments carry a populated subClass.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = pageBody(request, response);
      if (!body) return response;
      return withJson(
        response,
        mapTransactions(body, (tx) =>
          tx.class === 'payment'
            ? tx
            : { ...tx, subClass: { title: 'Other Goods and Services', code: '9999' } },
        ),
      );
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        for (const tx of await fullList(target, tok)) {
          if (tx.class === 'payment') continue;
          const sub = tx.subClass;
          const empty =
            sub === null ||
            sub === undefined ||
            (typeof sub === 'object' &&
              Object.values(sub as JsonObject).every((v) => v === null || v === ''));
          if (!empty) return `${tx.class} transaction ${tx.id} has subClass ${JSON.stringify(sub)}`;
        }
        return null;
      }),
  },
  {
    name: 'r1-affordability-credit-as-payment',
    group: 'affordability',
    clause: 'Debit classes: bank-fee (fee charged by the bank), payment (to a merchant)',
    why: 'direct credits are reported as class payment while staying credits, but payment is a debit class.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = pageBody(request, response);
      if (!body) return response;
      return withJson(
        response,
        mapTransactions(body, (tx) =>
          tx.class === 'direct-credit' && tx.direction === 'credit' ? { ...tx, class: 'payment' } : tx,
        ),
      );
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        for (const tx of await fullList(target, tok)) {
          const allowed =
            tx.direction === 'debit' ? DEBIT_CLASSES : tx.direction === 'credit' ? CREDIT_CLASSES : [];
          if (!allowed.includes(tx.class))
            return `${tx.direction} transaction ${tx.id} has class ${tx.class}`;
        }
        return null;
      }),
  },
];
