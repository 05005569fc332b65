/** Round 2, affordability transactions. */
import { affordabilityPath, api, call, guarded, token } from '../client.ts';
import type { Page, Transaction } from '../client.ts';
import { arr, errorResponse, isObject, obj, queryOf, route, str } from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest } from '../mutant.ts';
import { editJson, editLinkQuery, fetchJson, ok, resolve, walkPages } from './helpers.ts';

const isTransactions = (request: MutantRequest): boolean =>
  route(request, 'GET', /^\/users\/([^/]+)\/affordability\/([^/]+)\/transactions\/?$/) !== null;

const DEBIT_ONLY = new Set(['bank-fee', 'payment', 'cash-withdrawal', 'loan-interest']);
const CREDIT_ONLY = new Set(['refund', 'direct-credit', 'interest', 'loan-repayment']);

function entries(body: JsonObject): JsonObject[] {
  return arr(body.data).filter(isObject);
}

/** Every transaction of the snapshot, in the order served. */
async function everything(
  target: Parameters<typeof call>[0],
  tok: string,
  query = '',
): Promise<Transaction[]> {
  const pages: Page[] = await walkPages(
    target,
    tok,
    `${affordabilityPath(target)}${query === '' ? '' : `?${query}`}`,
  );
  return pages.flatMap((p) => p.data);
}

export const affordabilityMutants: Mutant[] = [
  {
    name: 'r2-affordability-pending-last',
    group: 'affordability',
    clause: 'Ordering: by account, then posted date descending, pending transactions first.',
    why: "within each account's run the pending transactions are moved behind the posted ones, although pending come first.",
    async handle(request, forward) {
      const response = await forward(request);
      if (!isTransactions(request)) return response;
      return editJson(response, (body) => {
        const data = entries(body);
        const out: JsonObject[] = [];
        let run: JsonObject[] = [];
        const flush = () => {
          out.push(
            ...run.filter((t) => t.status !== 'pending'),
            ...run.filter((t) => t.status === 'pending'),
          );
          run = [];
        };
        for (const t of data) {
          if (run.length > 0 && run[0]?.account !== t.account) flush();
          run.push(t);
        }
        flush();
        body.data = out;
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const postedSeen = new Set<string>();
        for (const t of await everything(target, tok)) {
          if (t.status === 'pending') {
            if (postedSeen.has(t.account))
              return `pending transaction ${t.id} follows posted ones of account ${t.account}`;
          } else postedSeen.add(t.account);
        }
        return null;
      }),
  },
  {
    name: 'r2-affordability-accounts-interleaved',
    group: 'affordability',
    clause: 'Ordering: by account, then posted date descending, pending transactions first.',
    why: 'each page is ordered by date alone, so the transactions of different accounts are interleaved instead of grouped by account.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isTransactions(request)) return response;
      return editJson(response, (body) => {
        const key = (t: JsonObject) =>
          (t.status === 'pending' ? 1 : 0) * 1e15 + Date.parse(str(t.postDate) ?? '');
        body.data = [...entries(body)].sort((a, b) => key(b) - key(a));
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const finished = new Set<string>();
        let current: string | undefined;
        for (const t of await everything(target, tok)) {
          if (t.account === current) continue;
          if (current !== undefined) finished.add(current);
          if (finished.has(t.account))
            return `account ${t.account} appears again after other accounts' transactions`;
          current = t.account;
        }
        return null;
      }),
  },
  {
    name: 'r2-affordability-cursor-overlap',
    group: 'affordability',
    clause: 'The affordability transaction list is the full snapshot of transactions',
    why: "links.next points one entry back, so each following page repeats the previous page's last transaction.",
    async handle(request, forward) {
      const response = await forward(request);
      if (!isTransactions(request)) return response;
      return editJson(response, (body) => {
        const links = obj(body.links);
        const next = str(links.next);
        if (next === undefined) return;
        links.next = editLinkQuery(next, (query) => {
          const cursor = query.get('next');
          if (cursor !== null && /^\d+$/.test(cursor) && Number(cursor) > 0)
            query.set('next', String(Number(cursor) - 1));
        });
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const seen = new Set<string>();
        for (const t of await everything(target, tok, 'limit=100')) {
          if (seen.has(t.id)) return `transaction ${t.id} is served on two pages`;
          seen.add(t.id);
        }
        return null;
      }),
  },
  {
    name: 'r2-affordability-filter-dropped-on-next',
    group: 'affordability',
    clause: '`filter` (string, optional; property `transaction.class`; applies only to the JSON form)',
    why: 'links.next loses the filter, so from the second page on transactions of every class come back.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isTransactions(request)) return response;
      return editJson(response, (body) => {
        const links = obj(body.links);
        const next = str(links.next);
        if (next !== undefined) links.next = editLinkQuery(next, (query) => query.delete('filter'));
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const query = new URLSearchParams({
          filter: "transaction.class.eq('payment')",
          limit: '50',
        }).toString();
        const other = (await everything(target, tok, query)).find((t) => t.class !== 'payment');
        if (other !== undefined) return `filter on payment served ${other.id} of class ${other.class}`;
        return null;
      }),
  },
  {
    name: 'r2-affordability-institution-link-mismatch',
    group: 'affordability',
    clause: '`account` and `institution`; there is no `self` link',
    why: "each transaction's links.institution points at another catalogue entry than its institution field names.",
    async handle(request, forward) {
      const response = await forward(request);
      if (!isTransactions(request) || !ok(response.status)) return response;
      const catalogue = arr(obj(await fetchJson(forward, request, '/institutions')).data).filter(isObject);
      return editJson(response, (body) => {
        for (const t of entries(body)) {
          const other = catalogue.find((i) => str(i.id) !== undefined && str(i.id) !== str(t.institution));
          const self = other === undefined ? undefined : str(obj(other.links).self);
          if (self !== undefined) obj(t.links).institution = self;
        }
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, affordabilityPath(target), tok);
        if (reply.status !== 200) return `affordability answered ${reply.status}`;
        const checked = new Set<string>();
        for (const t of (reply.json as Page).data) {
          const href = t.links.institution;
          if (href === undefined || checked.has(href)) continue;
          checked.add(href);
          const inst = await call(target, resolve(target, href), { token: tok });
          const id = (inst.json as { id?: string } | undefined)?.id;
          if (inst.status !== 200 || id !== t.institution)
            return `links.institution of ${t.id} leads to ${String(id)} (${inst.status}), its institution is ${t.institution}`;
        }
        return null;
      }),
  },
  {
    name: 'r2-affordability-max-limit-refused',
    group: 'affordability',
    clause: '`limit` (string, optional, maximum 500, default 500)',
    why: 'limit=500, the stated maximum, is refused as an invalid parameter.',
    handle(request, forward) {
      if (isTransactions(request) && queryOf(request).get('limit')?.trim() === '500')
        return Promise.resolve(errorResponse(400, 'parameter-not-valid', 'limit is too large.', 'limit'));
      return forward(request);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, `${affordabilityPath(target)}?limit=500`, tok);
        if (reply.status !== 200) return `limit=500 was answered ${reply.status}`;
        return null;
      }),
  },
  {
    name: 'r2-affordability-loan-repayment-as-debit',
    group: 'affordability',
    clause:
      'Credit classes: refund, direct-credit, interest (earned), internal-transfer (affordability only), external-transfer (affordability only), loan-repayment (credited to a loan account).',
    why: 'loan repayments, a credit class, are reported with direction debit.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isTransactions(request)) return response;
      return editJson(response, (body) => {
        for (const t of entries(body)) if (t.class === 'loan-repayment') t.direction = 'debit';
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        for (const t of await everything(target, tok)) {
          if (DEBIT_ONLY.has(t.class) && t.direction !== 'debit')
            return `${t.id} of debit class ${t.class} has direction ${t.direction}`;
          if (CREDIT_ONLY.has(t.class) && t.direction !== 'credit')
            return `${t.id} of credit class ${t.class} has direction ${t.direction}`;
        }
        return null;
      }),
  },
];
