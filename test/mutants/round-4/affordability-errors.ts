/** Round 4: affordability transactions and error bodies. */
import {
  affordabilityPath,
  api,
  call,
  errorCode,
  guarded,
  isErrorList,
  requestToken,
  token,
} from '../client.ts';
import { arr, errorResponse, isJsonResponse, obj, queryOf, route, str, withQuery } from '../mutant.ts';
import type { JsonObject, Mutant, Target } from '../mutant.ts';
import { alterLast, editError, editJson, enc, firstError, pages, UUID_SHAPE } from './util.ts';

const TRANSACTIONS = /^\/users\/([^/]+)\/affordability\/([^/]+)\/transactions\/?$/;

const isList = (request: Parameters<Mutant['handle']>[0]): boolean =>
  route(request, 'GET', TRANSACTIONS) !== null;

function listPath(target: Target, query: Record<string, string>, snapshot?: string): string {
  return `${affordabilityPath(target, snapshot)}?${new URLSearchParams(query).toString()}`;
}

function items(page: JsonObject): JsonObject[] {
  return arr(page.data).map(obj);
}

export const limitOneGivesTwo: Mutant = {
  name: 'r4-affordability-limit-one-gives-two',
  group: 'affordability',
  clause: '- Query: `limit` (string, optional, maximum 500, default 500);',
  why: 'With limit=1 the page holds two transactions.',
  async handle(request, forward) {
    if (isList(request)) {
      const query = queryOf(request);
      if ((query.get('limit') ?? '').trim() === '1') {
        query.set('limit', '2');
        return forward(withQuery(request, query));
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, listPath(target, { limit: '1' }), tok);
      if (reply.status !== 200) return `limit=1 answered ${reply.status}`;
      const size = arr(obj(reply.json).data).length;
      return size <= 1 ? null : `limit=1 returned ${size} transactions`;
    }),
};

export const limit500Refused: Mutant = {
  name: 'r4-affordability-limit-500-refused',
  group: 'affordability',
  clause: '| `limit` maximum | affordability transactions | 500 |',
  why: 'limit=500, the documented maximum, is refused.',
  async handle(request, forward) {
    if (isList(request) && (queryOf(request).get('limit') ?? '').trim() === '500')
      return errorResponse(400, 'parameter-not-valid', 'limit must be below 500.', 'limit');
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, listPath(target, { limit: '500' }), tok);
      return reply.status === 200 ? null : `limit=500 answered ${reply.status}`;
    }),
};

export const internalTransferFilterLeaks: Mutant = {
  name: 'r4-affordability-internal-transfer-filter-leaks',
  group: 'affordability',
  clause: '`filter` (string, optional; property `transaction.class`; applies only to the JSON form)',
  why: 'A filter on class internal-transfer (an affordability-only class) is dropped, so every class is listed.',
  async handle(request, forward) {
    if (isList(request)) {
      const query = queryOf(request);
      const filters = query.getAll('filter');
      const kept = filters.filter((f) => !/\.\s*eq\s*\(\s*['"]?internal-transfer['"]?\s*\)/i.test(f));
      if (kept.length !== filters.length) {
        query.delete('filter');
        for (const f of kept) query.append('filter', f);
        return forward(withQuery(request, query));
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(
        target,
        listPath(target, { filter: "transaction.class.eq('internal-transfer')", limit: '100' }),
        tok,
      );
      if (reply.status !== 200) return `internal-transfer filter answered ${reply.status}`;
      const wrong = items(obj(reply.json)).filter((t) => t.class !== 'internal-transfer');
      return wrong.length === 0
        ? null
        : `internal-transfer filter returned classes ${[...new Set(wrong.map((t) => String(t.class)))].join(', ')}`;
    }),
};

function orderViolation(transactions: JsonObject[]): string | null {
  const done = new Set<unknown>();
  let account: unknown = undefined;
  let postedSeen = false;
  let lastPosted = Number.POSITIVE_INFINITY;
  for (const [i, t] of transactions.entries()) {
    if (t.account !== account) {
      if (done.has(t.account)) return `account ${String(t.account)} reappears at position ${i}`;
      done.add(account);
      account = t.account;
      postedSeen = false;
      lastPosted = Number.POSITIVE_INFINITY;
    }
    if (t.status === 'pending') {
      if (postedSeen) return `pending transaction ${String(t.id)} after a posted one at position ${i}`;
      continue;
    }
    postedSeen = true;
    const at = Date.parse(str(t.postDate) ?? '');
    if (Number.isNaN(at)) continue;
    if (at > lastPosted) return `postDate ascends at position ${i} (${String(t.postDate)})`;
    lastPosted = at;
  }
  return null;
}

export const laterPagesAscending: Mutant = {
  name: 'r4-affordability-later-pages-ascending',
  group: 'affordability',
  clause: '- Ordering: by account, then posted date descending, pending transactions first.',
  why: 'Pages reached through a next cursor come in reverse order (oldest first); the first page is right.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isList(request) || (queryOf(request).get('next') ?? '') === '') return response;
    return editJson(response, (body) => {
      body.data = [...arr(body.data)].reverse();
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const walked = await pages(target, tok, listPath(target, { limit: '200' }));
      if (walked.failure !== undefined) return walked.failure;
      return orderViolation(walked.pages.flatMap(items));
    }),
};

export const refundSubclassPopulated: Mutant = {
  name: 'r4-affordability-refund-subclass-populated',
  group: 'affordability',
  clause: '`title` and `code`; populated only for payment transactions, otherwise null or empty.',
  why: 'Refund transactions (credits) carry a populated subClass although only payments may.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isList(request)) return response;
    return editJson(response, (body) => {
      body.data = arr(body.data).map((t) => {
        const transaction = obj(t);
        return transaction.class === 'refund'
          ? { ...transaction, subClass: { title: 'Groceries', code: '1' } }
          : transaction;
      });
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(
        target,
        listPath(target, { filter: "transaction.class.eq('refund')", limit: '500' }),
        tok,
      );
      if (reply.status !== 200) return `refund filter answered ${reply.status}`;
      for (const t of items(obj(reply.json))) {
        if (t.class === 'payment') continue;
        const sub = t.subClass;
        if (sub !== null && sub !== undefined && Object.keys(obj(sub)).length > 0)
          return `${String(t.class)} transaction ${String(t.id)} has subClass ${JSON.stringify(sub)}`;
      }
      return null;
    }),
};

export const pendingSelfLink: Mutant = {
  name: 'r4-affordability-pending-self-link',
  group: 'affordability',
  clause: '| links | object | `account` and `institution`; there is no `self` link |',
  why: 'Pending transactions carry a links.self.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isList(request)) return response;
    return editJson(response, (body) => {
      body.data = arr(body.data).map((t) => {
        const transaction = obj(t);
        const links = obj(transaction.links);
        return transaction.status === 'pending'
          ? { ...transaction, links: { ...links, self: links.account ?? '' } }
          : transaction;
      });
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const walked = await pages(target, tok, listPath(target, { limit: '500' }));
      if (walked.failure !== undefined) return walked.failure;
      const linked = walked.pages.flatMap(items).find((t) => obj(t.links).self !== undefined);
      return linked === undefined
        ? null
        : `${String(linked.status)} transaction ${String(linked.id)} has links.self`;
    }),
};

export const filterDroppedAfterFirstPage: Mutant = {
  name: 'r4-affordability-filter-dropped-after-first-page',
  group: 'affordability',
  clause: '`filter` (string, optional; property `transaction.class`; applies only to the JSON form)',
  why: 'When a request carries both filter and next, the filter is dropped: later pages of a filtered list hold other classes.',
  async handle(request, forward) {
    if (isList(request)) {
      const query = queryOf(request);
      if ((query.get('next') ?? '') !== '' && query.getAll('filter').length > 0) {
        query.delete('filter');
        return forward(withQuery(request, query));
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const walked = await pages(
        target,
        tok,
        listPath(target, { filter: "transaction.class.eq('payment')", limit: '100' }),
        4,
      );
      if (walked.failure !== undefined) return walked.failure;
      for (const [n, page] of walked.pages.entries()) {
        const wrong = items(page).find((t) => t.class !== 'payment');
        if (wrong !== undefined)
          return `page ${n + 1} of a payment-filtered list holds class ${String(wrong.class)}`;
      }
      return null;
    }),
};

export const emptyWithLimitHasNext: Mutant = {
  name: 'r4-affordability-empty-with-limit-has-next',
  group: 'affordability',
  clause: '- Paging: pages of at most 500 entries; absence of `links.next` means no more pages.',
  why: 'An empty page requested with a limit carries links.next although no more pages exist.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isList(request) || (queryOf(request).get('limit') ?? '') === '') return response;
    return editJson(response, (body) => {
      const links = obj(body.links);
      const self = str(links.self);
      if (arr(body.data).length !== 0 || links.next !== undefined || self === undefined) return;
      body.links = { ...links, next: `${self}${self.includes('?') ? '&' : '?'}next=0` };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(
        target,
        listPath(target, { limit: '10' }, target.profile.fixtures.emptyAffordabilityId),
        tok,
      );
      if (reply.status !== 200) return `empty snapshot answered ${reply.status}`;
      const body = obj(reply.json);
      if (arr(body.data).length !== 0) return null;
      const next = obj(body.links).next;
      return next === undefined || next === null ? null : `empty snapshot has links.next ${String(next)}`;
    }),
};

// ---------------------------------------------------------------------------------------------
// errors

export const notFoundCorrelationNotUuid: Mutant = {
  name: 'r4-errors-not-found-correlation-not-uuid',
  group: 'errors',
  clause: '| correlationId | string | identifier of the request, a UUID-shaped string |',
  why: 'On 404 answers the correlationId is a short "req-" token, not UUID-shaped.',
  async handle(request, forward) {
    const response = await forward(request);
    if (response.status !== 404) return response;
    return editError(response, (body) => {
      body.correlationId = `req-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { fixtures } = target.profile;
      const paths = [
        affordabilityPath(target, alterLast(fixtures.affordabilityId)),
        `/users/${enc(fixtures.userId)}/connections/${enc(alterLast(fixtures.connectionId))}`,
        `/users/${enc(alterLast(fixtures.userId))}/affordability/${enc(fixtures.affordabilityId)}/transactions`,
      ];
      for (const path of paths) {
        const reply = await api(target, path, tok);
        if (reply.status < 400 || !isErrorList(reply.json)) continue;
        const id = reply.json.correlationId;
        if (typeof id !== 'string' || !UUID_SHAPE.test(id))
          return `${reply.status} on ${path}: correlationId ${JSON.stringify(id)}`;
      }
      return null;
    }),
};

export const tokenInvalidGrantTypeCapitalised: Mutant = {
  name: 'r4-errors-token-invalid-grant-type-capitalised',
  group: 'errors',
  clause: '| type | string | `error` |',
  why: 'Token-endpoint invalid-grant errors carry type "Error" in their error objects.',
  async handle(request, forward) {
    const response = await forward(request);
    if (request.method.toUpperCase() !== 'POST' || !/^\/token\/?$/.test(request.path)) return response;
    if (firstError(response).code !== 'invalid-grant') return response;
    return editError(response, (body) => {
      body.data = arr(body.data).map((e) => ({ ...obj(e), type: 'Error' }));
    });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { apiKey: 'bm8tc3VjaC1rZXktcjQ=' });
      if (reply.status < 400) return `unknown API key answered ${reply.status}`;
      const data = arr(obj(reply.json).data).map(obj);
      if (data.length === 0) return 'error body without error objects';
      const wrong = data.find((e) => e.type !== 'error');
      return wrong === undefined ? null : `error object type ${JSON.stringify(wrong.type)}`;
    }),
};

export const usersValidationPlainText: Mutant = {
  name: 'r4-errors-users-validation-plain-text',
  group: 'errors',
  clause: 'An error response has a valid HTTP status and the error list body (see Resources).',
  why: 'Validation failures of POST /users answer a plain-text sentence instead of the error list.',
  async handle(request, forward) {
    const response = await forward(request);
    if (request.method.toUpperCase() !== 'POST' || !/^\/users\/?$/.test(request.path)) return response;
    if (response.status < 400 || response.status >= 500 || response.status === 401 || response.status === 403)
      return response;
    const parameter = obj(firstError(response).source).parameter;
    if (!['email', 'mobile', 'firstName', 'lastName'].includes(String(parameter))) return response;
    const detail = str(firstError(response).detail) ?? 'invalid user';
    return {
      status: response.status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: Buffer.from(detail, 'utf8'),
    };
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, '/users', tok, { method: 'POST', body: { email: '' } });
      if (reply.status < 400) return `empty e-mail answered ${reply.status}`;
      return isErrorList(reply.json)
        ? null
        : `empty e-mail answered ${reply.status} without an error list: ${reply.text.slice(0, 60)}`;
    }),
};

export const expensesErrorWith200: Mutant = {
  name: 'r4-errors-expenses-error-with-200',
  group: 'errors',
  clause: 'An error response has a valid HTTP status and the error list body (see Resources).',
  why: 'An expense summary refused for an unknown user answers 200 with an error list body.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'POST', /^\/users\/([^/]+)\/expenses\/?$/) === null) return response;
    if (response.status !== 404 || !isJsonResponse(response)) return response;
    return { ...response, status: 200 };
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(
        target,
        `/users/${enc(alterLast(target.profile.fixtures.userId))}/expenses`,
        tok,
        {
          method: 'POST',
          body: {},
        },
      );
      return isErrorList(reply.json) && reply.status < 400
        ? `error list answered with status ${reply.status}`
        : null;
    }),
};

export const tokenMissingAuthInvalidClient: Mutant = {
  name: 'r4-errors-token-missing-auth-invalid-client',
  group: 'errors',
  clause: '| invalid-client | 401 | no longer returned; application authentication failed |',
  why: 'A token request without an Authorization header gets invalid-client (401), a code that is no longer returned.',
  async handle(request, forward) {
    if (
      request.method.toUpperCase() === 'POST' &&
      /^\/token\/?$/.test(request.path) &&
      (request.headers.authorization ?? '').trim() === ''
    )
      return errorResponse(401, 'invalid-client', 'Application authentication failed.');
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const { profile } = target;
      const reply = await call(target, '/token', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          [profile.versionHeader]: profile.version,
        },
        body: 'scope=SERVER_ACCESS',
      });
      const code = errorCode(reply);
      return code === 'invalid-client' || code === 'unauthorized-client'
        ? `missing Authorization answered ${reply.status} ${code}`
        : null;
    }),
};

export const affordabilityErrorMutants: Mutant[] = [
  limitOneGivesTwo,
  limit500Refused,
  internalTransferFilterLeaks,
  laterPagesAscending,
  refundSubclassPopulated,
  pendingSelfLink,
  filterDroppedAfterFirstPage,
  emptyWithLimitHasNext,
  notFoundCorrelationNotUuid,
  tokenInvalidGrantTypeCapitalised,
  usersValidationPlainText,
  expensesErrorWith200,
  tokenMissingAuthInvalidClient,
];
