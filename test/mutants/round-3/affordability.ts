/** Affordability transaction list mutants. */
import { affordabilityPath, api, guarded, token } from '../client.ts';
import type { Page } from '../client.ts';
import { arr, obj, queryOf, route, withQuery } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { allTransactions, rewriteSuccess, selfWithQuery, userAccounts } from './util.ts';

const listRoute = (request: MutantRequest) =>
  route(request, 'GET', /^\/users\/([^/]+)\/affordability\/([^/]+)\/transactions$/);

const cashWithdrawalSignFlipped: Mutant = {
  name: 'r3-affordability-cash-withdrawal-sign-flipped',
  group: 'affordability',
  clause: '| amount | string | signed decimal |',
  why: 'cash withdrawals carry the sign of credits while every other debit carries the opposite one, so the sign of the amount no longer tells debit from credit.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!listRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      for (const item of arr(body.data)) {
        const tx = obj(item);
        if (tx.class !== 'cash-withdrawal' || typeof tx.amount !== 'string') continue;
        tx.amount = tx.amount.startsWith('-') ? tx.amount.slice(1) : `-${tx.amount}`;
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const all = await allTransactions(target, tok, affordabilityPath(target));
      const signs = { debit: new Set<string>(), credit: new Set<string>() };
      for (const tx of all) {
        const value = Number(tx.amount);
        if (value === 0 || (tx.direction !== 'debit' && tx.direction !== 'credit')) continue;
        signs[tx.direction].add(value < 0 ? '-' : '+');
      }
      if (signs.debit.size > 1) return 'debit amounts carry both signs';
      if (signs.credit.size > 1) return 'credit amounts carry both signs';
      const [debit] = signs.debit;
      const [credit] = signs.credit;
      if (debit !== undefined && debit === credit) return 'debits and credits carry the same sign';
      return null;
    }),
};

const institutionOfFirstAccount: Mutant = {
  name: 'r3-affordability-institution-of-first-account',
  group: 'affordability',
  clause: '| institution | string | institution identifier |',
  why: "every transaction of a page names the institution of the page's first transaction, so transactions of accounts held elsewhere name an institution that does not hold their account.",
  async handle(request, forward) {
    const response = await forward(request);
    if (!listRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      const data = arr(body.data).map(obj);
      const first = data[0];
      if (first === undefined) return;
      const link = obj(first.links).institution;
      for (const tx of data) {
        tx.institution = first.institution;
        obj(tx.links).institution = link;
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const institutionOf = new Map<string, string>();
      for (const connection of await userAccounts(target, tok, target.profile.fixtures.userId)) {
        for (const account of connection.accounts) institutionOf.set(account, connection.institution);
      }
      for (const tx of await allTransactions(target, tok, affordabilityPath(target))) {
        const expected = institutionOf.get(tx.account);
        if (expected !== undefined && tx.institution !== expected) {
          return `transaction ${tx.id} of account ${tx.account} (held at ${expected}) names institution ${tx.institution}`;
        }
      }
      return null;
    }),
};

const limitIgnoredWithFilter: Mutant = {
  name: 'r3-affordability-limit-ignored-with-filter',
  group: 'affordability',
  clause: '`limit` (string, optional, maximum 500, default 500)',
  why: 'when a filter is given the limit is dropped, so a filtered page holds up to 500 entries whatever limit was asked.',
  async handle(request, forward) {
    const query = queryOf(request);
    if (!listRoute(request) || !query.has('filter') || !query.has('limit')) return forward(request);
    query.delete('limit');
    const response = await forward(withQuery(request, query));
    return rewriteSuccess(response, (body) => {
      const links = obj(body.links);
      if (typeof links.self === 'string') links.self = selfWithQuery(links.self, request.query);
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const filter = encodeURIComponent("transaction.class.eq('payment')");
      const reply = await api(target, `${affordabilityPath(target)}?filter=${filter}&limit=3`, tok);
      if (reply.status !== 200) return `filtered page with limit=3 answered ${reply.status}`;
      const page = reply.json as Page;
      if (page.data.length > 3)
        return `a filtered page asked with limit=3 holds ${page.data.length} transactions`;
      return null;
    }),
};

const selfDropsCursor: Mutant = {
  name: 'r3-affordability-self-drops-cursor',
  group: 'affordability',
  clause:
    'Every resource carries a `type` field naming its kind, and most carry a `links` object with a `self` member.',
  why: 'on pages after the first, links.self leaves out the cursor, so it names the first page instead of the page itself.',
  async handle(request, forward) {
    const response = await forward(request);
    const query = queryOf(request);
    if (!listRoute(request) || !query.has('next')) return response;
    query.delete('next');
    return rewriteSuccess(response, (body) => {
      const links = obj(body.links);
      if (typeof links.self === 'string') links.self = selfWithQuery(links.self, query.toString());
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const first = await api(target, `${affordabilityPath(target)}?limit=5`, tok);
      if (first.status !== 200) return `first page answered ${first.status}`;
      const next = (first.json as Page).links.next;
      if (next === undefined) return 'the snapshot has a single page of 5';
      const second = await api(target, next, tok);
      if (second.status !== 200) return `second page answered ${second.status}`;
      const page = second.json as Page;
      const again = await api(target, page.links.self, tok);
      if (again.status !== 200) return `the second page's self link answered ${again.status}`;
      const firstId = page.data[0]?.id;
      const againId = (again.json as Page).data[0]?.id;
      if (firstId !== againId) return "the second page's self link leads to another page";
      return null;
    }),
};

const filterDropsCredits: Mutant = {
  name: 'r3-affordability-filter-drops-credits',
  group: 'affordability',
  clause: '`filter` (string, optional; property `transaction.class`; applies only to the JSON form)',
  why: 'a class filter keeps only the debits of that class; credits of the class (external transfers in, for instance) are left out.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!listRoute(request) || !queryOf(request).has('filter')) return response;
    return rewriteSuccess(response, (body) => {
      const data = arr(body.data).filter((tx) => obj(tx).direction !== 'credit');
      body.data = data;
      if (typeof body.size === 'number') body.size = data.length;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const all = await allTransactions(target, tok, affordabilityPath(target));
      const credit = all.find((tx) => tx.direction === 'credit');
      if (credit === undefined) return 'the snapshot holds no credit';
      const expected = all.filter((tx) => tx.class === credit.class).map((tx) => tx.id);
      const filter = encodeURIComponent(`transaction.class.eq('${credit.class}')`);
      const got = (await allTransactions(target, tok, `${affordabilityPath(target)}?filter=${filter}`)).map(
        (tx) => tx.id,
      );
      const missing = expected.filter((id) => !got.includes(id));
      if (missing.length > 0)
        return `filtering on ${credit.class} leaves out ${missing.length} of its ${expected.length} transactions`;
      return null;
    }),
};

const emptyTransactionDateNull: Mutant = {
  name: 'r3-affordability-empty-transaction-date-null',
  group: 'affordability',
  clause: '| transactionDate | string | may be an empty string |',
  why: 'a transaction without a transaction date gives null where the field is a string that may be empty.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!listRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      for (const item of arr(body.data)) {
        const tx = obj(item);
        if (tx.transactionDate === '') tx.transactionDate = null;
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      for (const tx of await allTransactions(target, tok, affordabilityPath(target))) {
        const date: unknown = (tx as unknown as { transactionDate: unknown }).transactionDate;
        if (typeof date !== 'string')
          return `transaction ${tx.id} has transactionDate ${JSON.stringify(date)}`;
      }
      return null;
    }),
};

export const affordabilityMutants: Mutant[] = [
  cashWithdrawalSignFlipped,
  institutionOfFirstAccount,
  limitIgnoredWithFilter,
  selfDropsCursor,
  filterDropsCredits,
  emptyTransactionDateNull,
];
