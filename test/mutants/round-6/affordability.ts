/** Round 6: affordability transactions. */
import { affordabilityPath, api, guarded, token } from '../client.ts';
import type { Reply } from '../client.ts';
import {
  arr,
  errorResponse,
  isObject,
  obj,
  queryOf,
  readJsonObject,
  route,
  str,
  withJson,
  withQuery,
} from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest, MutantResponse, Target } from '../mutant.ts';
import { editJson, resolveLink } from './util.ts';

const TRANSACTIONS = /^\/users\/([^/]+)\/affordability\/([^/]+)\/transactions\/?$/;

function isTransactions(request: MutantRequest): boolean {
  return route(request, 'GET', TRANSACTIONS) !== null;
}

function isLaterPage(request: MutantRequest): boolean {
  return queryOf(request).has('next');
}

function dataOf(value: unknown): JsonObject[] {
  return arr(obj(value).data).filter(isObject);
}

function nextOf(value: unknown): string | undefined {
  return str(obj(obj(value).links).next);
}

/** Walks from `first` (a path below the base or an absolute URL) along links.next. */
async function walk(
  target: Target,
  tok: string,
  first: string,
  maxPages: number,
  adjust: (url: URL) => void = () => undefined,
): Promise<{ pages: JsonObject[][]; failure?: string }> {
  const pages: JsonObject[][] = [];
  let next: string | undefined = first;
  while (next !== undefined && pages.length < maxPages) {
    const reply: Reply = await api(target, next, tok);
    if (reply.status !== 200) return { pages, failure: `${next} answered ${reply.status}` };
    pages.push(dataOf(reply.json));
    const link = nextOf(reply.json);
    if (link === undefined) break;
    const url = new URL(resolveLink(target, link));
    adjust(url);
    next = url.href;
  }
  return { pages };
}

function ids(pages: JsonObject[][]): string[] {
  return pages.flat().map((t) => String(t.id));
}

const QUERY_CLAUSE =
  'Query: `limit` (string, optional, maximum 500, default 500); `filter` (string, optional; property `transaction.class`; applies only to the JSON form); `next` (cursor, taken from the `links.next` value of the previous page).';

const affLimitLostOnNext: Mutant = {
  name: 'r6-aff-limit-lost-on-next',
  group: 'affordability',
  clause: QUERY_CLAUSE,
  why: 'A request that carries limit=7 gets at most 7 entries, also when it carries a next cursor.',
  handle(request, forward) {
    if (!isTransactions(request) || !isLaterPage(request)) return forward(request);
    const query = queryOf(request);
    query.delete('limit');
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const first = await api(target, `${affordabilityPath(target)}?limit=7`, tok);
      if (first.status !== 200) return `limit=7 answered ${first.status}`;
      if (dataOf(first.json).length > 7) return `limit=7 gave ${dataOf(first.json).length} entries`;
      const next = nextOf(first.json);
      if (next === undefined) return null;
      const url = new URL(resolveLink(target, next));
      if (!url.searchParams.has('limit')) url.searchParams.set('limit', '7');
      const second = await api(target, url.href, tok);
      if (second.status !== 200) return `second page with limit=7 answered ${second.status}`;
      const size = dataOf(second.json).length;
      return size <= 7 ? null : `second page with limit=7 gave ${size} entries`;
    }),
};

const affCursorSkipsOne: Mutant = {
  name: 'r6-aff-cursor-skips-one',
  group: 'affordability',
  clause:
    'The affordability transaction list is the full snapshot of transactions and extends the transaction resource.',
  why: 'Pages walked through links.next must together give the whole snapshot, so no entry may fall between two pages.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTransactions(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      const links = obj(body.links);
      const next = str(links.next);
      if (next === undefined) return;
      const url = new URL(next, 'http://relative.invalid');
      const cursor = url.searchParams.get('next');
      if (cursor === null || !/^\d+$/.test(cursor)) return;
      url.searchParams.set('next', String(Number(cursor) + 1));
      const moved = /^https?:\/\//.test(next) ? url.href : `${url.pathname}${url.search}`;
      body.links = { ...links, next: moved };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reference = await api(target, `${affordabilityPath(target)}?limit=200`, tok);
      if (reference.status !== 200) return `limit=200 answered ${reference.status}`;
      const expected = dataOf(reference.json).map((t) => String(t.id));
      if (expected.length <= 100) return null;
      const walked = await walk(target, tok, `${affordabilityPath(target)}?limit=100`, 2);
      if (walked.failure !== undefined) return walked.failure;
      const got = ids(walked.pages);
      for (let i = 0; i < expected.length; i += 1)
        if (got[i] !== expected[i])
          return `entry ${i} is ${String(got[i])} walking pages of 100 but ${String(expected[i])} in one page of 200`;
      return null;
    }),
};

const affFilterLostOnNext: Mutant = {
  name: 'r6-aff-filter-lost-on-next',
  group: 'affordability',
  clause: QUERY_CLAUSE,
  why: 'A page of a list filtered on transaction.class holds only that class, the pages after the first as much as the first.',
  handle(request, forward) {
    if (!isTransactions(request) || !isLaterPage(request)) return forward(request);
    const query = queryOf(request);
    query.delete('filter');
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const filter = encodeURIComponent("transaction.class.eq('payment')");
      const walked = await walk(target, tok, `${affordabilityPath(target)}?limit=20&filter=${filter}`, 3);
      if (walked.failure !== undefined) return walked.failure;
      for (const [index, page] of walked.pages.entries()) {
        const other = page.find((t) => t.class !== 'payment');
        if (other !== undefined)
          return `page ${index + 1} of the payment filter holds a ${String(other.class)} transaction`;
      }
      return null;
    }),
};

const affSecondAccountAscending: Mutant = {
  name: 'r6-aff-second-account-ascending',
  group: 'affordability',
  clause: 'Ordering: by account, then posted date descending, pending transactions first.',
  why: 'Within every account posted transactions run by posted date descending, the second account of a page as much as the first.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTransactions(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      const data = arr(body.data).filter(isObject);
      const accounts = [...new Set(data.map((t) => t.account))];
      const second = accounts[1];
      if (second === undefined) return;
      const positions = data.flatMap((t, i) => (t.account === second && t.status !== 'pending' ? [i] : []));
      const entries = positions.map((i) => data[i]).reverse();
      positions.forEach((position, k) => {
        data[position] = entries[k] ?? {};
      });
      body.data = data;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const walked = await walk(target, tok, affordabilityPath(target), 20);
      if (walked.failure !== undefined) return walked.failure;
      const all = walked.pages.flat();
      const finished = new Set<unknown>();
      for (let i = 1; i < all.length; i += 1) {
        const before = all[i - 1] ?? {};
        const entry = all[i] ?? {};
        if (before.account !== entry.account) {
          finished.add(before.account);
          if (finished.has(entry.account)) return `account ${String(entry.account)} comes back at entry ${i}`;
          continue;
        }
        if (before.status !== 'pending' && entry.status === 'pending')
          return `pending transaction ${String(entry.id)} follows a posted one in account ${String(entry.account)}`;
        if (before.status !== 'pending' && entry.status !== 'pending') {
          const a = Date.parse(String(before.postDate));
          const b = Date.parse(String(entry.postDate));
          if (b > a)
            return `in account ${String(entry.account)} ${String(entry.id)} (${String(entry.postDate)}) follows ${String(before.id)} (${String(before.postDate)})`;
        }
      }
      return null;
    }),
};

const affEmptySnapshot404: Mutant = {
  name: 'r6-aff-empty-snapshot-404',
  group: 'affordability',
  clause:
    'Success: 200 with the affordability list envelope; `data` is an empty array when there are no transactions.',
  why: 'A snapshot without transactions is answered 200 with an empty data array, not as if it did not exist.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTransactions(request) || isLaterPage(request) || response.status !== 200) return response;
    const data = readJsonObject(response)?.data;
    if (!Array.isArray(data) || data.length > 0) return response;
    return errorResponse(404, 'resource-not-found', 'The snapshot has no transactions.', 'affordability.id');
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { emptyAffordabilityId } = target.profile.fixtures;
      const reply = await api(target, affordabilityPath(target, emptyAffordabilityId), tok);
      if (reply.status !== 200) return `the empty snapshot answered ${reply.status}`;
      const data = obj(reply.json).data;
      return Array.isArray(data) && data.length === 0 ? null : 'the empty snapshot has no empty data array';
    }),
};

const affNextDroppedAfterFirst: Mutant = {
  name: 'r6-aff-next-dropped-after-first',
  group: 'affordability',
  clause: 'Paging: pages of at most 500 entries; absence of `links.next` means no more pages.',
  why: 'When a walk with smaller pages finds more transactions, a page without links.next claimed falsely that no pages were left.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTransactions(request) || !isLaterPage(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      const links = { ...obj(body.links) };
      delete links.next;
      body.links = links;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const large = await walk(target, tok, affordabilityPath(target), 20);
      const small = await walk(target, tok, `${affordabilityPath(target)}?limit=100`, 60);
      const failure = large.failure ?? small.failure;
      if (failure !== undefined) return failure;
      const a = new Set(ids(large.pages));
      const b = new Set(ids(small.pages));
      return a.size === b.size && [...a].every((id) => b.has(id))
        ? null
        : `walking pages of 500 gives ${a.size} transactions, pages of 100 give ${b.size}`;
    }),
};

const affLimitAboveMaxMerged: Mutant = {
  name: 'r6-aff-limit-above-max-merged',
  group: 'affordability',
  clause: '| `limit` maximum | affordability transactions | 500 |',
  why: 'No page may exceed the maximum limit of 500, whatever limit the request asks for.',
  async handle(request, forward): Promise<MutantResponse> {
    const query = queryOf(request);
    const limit = Number(query.get('limit') ?? '');
    if (!isTransactions(request) || isLaterPage(request) || !(limit > 500)) return forward(request);
    query.set('limit', '500');
    const first = await forward(withQuery(request, query));
    const body = readJsonObject(first);
    const next = nextOf(body);
    if (first.status !== 200 || body === undefined || next === undefined) return first;
    const url = new URL(next, 'http://relative.invalid');
    const second = await forward({ ...request, query: url.search.replace(/^\?/, '') });
    const rest = readJsonObject(second);
    if (second.status !== 200 || rest === undefined) return first;
    const data = [...dataOf(body), ...dataOf(rest)].slice(0, limit);
    const links = { ...obj(body.links) };
    const after = nextOf(rest);
    if (after === undefined) delete links.next;
    else links.next = after;
    return withJson(first, { ...body, size: data.length, data, links });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, `${affordabilityPath(target)}?limit=1000`, tok);
      if (reply.status !== 200) return null;
      const size = dataOf(reply.json).length;
      return size > 500 ? `limit=1000 gave a page of ${size} entries` : null;
    }),
};

const affSelfOnSeventh: Mutant = {
  name: 'r6-aff-self-on-seventh',
  group: 'affordability',
  clause: '| links | object | `account` and `institution`; there is no `self` link |',
  why: 'The spec states outright that affordability transactions have no self link, so no entry may carry one.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTransactions(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      arr(body.data)
        .filter(isObject)
        .forEach((t, i) => {
          if (i % 7 !== 6) return;
          const links = obj(t.links);
          t.links = { ...links, self: `${String(links.account)}/transactions/${String(t.id)}` };
        });
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, affordabilityPath(target), tok);
      if (reply.status !== 200) return `first page answered ${reply.status}`;
      const linked = dataOf(reply.json).find((t) => 'self' in obj(t.links));
      return linked === undefined ? null : `transaction ${String(linked.id)} carries links.self`;
    }),
};

/** A subClass that is neither null nor empty. */
function populated(subClass: unknown): boolean {
  if (subClass === null || subClass === undefined) return false;
  if (!isObject(subClass)) return true;
  return Object.values(subClass).some((v) => v !== null && v !== undefined && v !== '');
}

const affSubclassOnLaterPages: Mutant = {
  name: 'r6-aff-subclass-on-later-pages',
  group: 'affordability',
  clause:
    '| subClass | object or null | `title` and `code`; populated only for payment transactions, otherwise null or empty. For payments the default is the HEC classification; a custom class is returned when configured for the partner account. |',
  why: 'subClass is populated only for payments, so a transfer or fee on any page has it null or empty.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTransactions(request) || !isLaterPage(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      for (const t of arr(body.data).filter(isObject))
        if (t.class !== 'payment') t.subClass = { title: 'Other', code: '99' };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const walked = await walk(target, tok, `${affordabilityPath(target)}?limit=100`, 3);
      if (walked.failure !== undefined) return walked.failure;
      for (const [index, page] of walked.pages.entries()) {
        const wrong = page.find((t) => t.class !== 'payment' && populated(t.subClass));
        if (wrong !== undefined)
          return `page ${index + 1}: ${String(wrong.class)} transaction ${String(wrong.id)} has subClass ${JSON.stringify(wrong.subClass)}`;
      }
      return null;
    }),
};

export const affordabilityMutants: Mutant[] = [
  affLimitLostOnNext,
  affCursorSkipsOne,
  affFilterLostOnNext,
  affSecondAccountAscending,
  affEmptySnapshot404,
  affNextDroppedAfterFirst,
  affLimitAboveMaxMerged,
  affSelfOnSeventh,
  affSubclassOnLaterPages,
];
