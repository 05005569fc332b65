/** Round 4: token endpoint and bearer authentication. */
import { call, errorCode, guarded, requestToken, token } from '../client.ts';
import type { TokenBody } from '../client.ts';
import { bearerOf, queryOf, readForm, route, withForm, withHeader, withQuery } from '../mutant.ts';
import type { Mutant } from '../mutant.ts';
import {
  AcceptedTokens,
  editError,
  editJson,
  firstError,
  is2xx,
  isAuthRefusal,
  replayWithAccepted,
  sleep,
} from './util.ts';

const isToken = (method: string, path: string): boolean =>
  method.toUpperCase() === 'POST' && /^\/token\/?$/.test(path);

const scopeOf = (form: URLSearchParams): string => (form.get('scope') ?? '').trim().toUpperCase();

export const clientTokenTypeLowercase: Mutant = {
  name: 'r4-token-client-token-type-lowercase',
  group: 'token',
  clause: '| token_type | string, read-only | always `Bearer` |',
  why: 'A CLIENT_ACCESS token is answered with token_type "bearer"; the field is always exactly `Bearer`.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isToken(request.method, request.path) || scopeOf(readForm(request)) !== 'CLIENT_ACCESS')
      return response;
    return editJson(response, (body) => {
      if (body.token_type !== undefined) body.token_type = 'bearer';
    });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { scope: 'CLIENT_ACCESS' });
      if (reply.status !== 200) return null;
      const body = reply.json as Partial<TokenBody>;
      return body.token_type === 'Bearer'
        ? null
        : `CLIENT_ACCESS token_type is ${JSON.stringify(body.token_type)}`;
    }),
};

export const retiredVersionClientScope: Mutant = {
  name: 'r4-token-retired-version-client-scope',
  group: 'token',
  clause: 'An older version that is no longer supported is rejected with `parameter-not-valid` (400).',
  why: 'With scope CLIENT_ACCESS a retired version is served a token instead of being rejected.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isToken(request.method, request.path) || scopeOf(readForm(request)) !== 'CLIENT_ACCESS')
      return response;
    if (response.status !== 400 || firstError(response).code !== 'parameter-not-valid') return response;
    const version = request.headers['service-version'];
    if (version === undefined) return response;
    return forward(withHeader(request, 'service-version', '2.0'));
  },
  probe: (target) =>
    guarded(async () => {
      const retired = target.profile.unsupportedVersion;
      if (retired === undefined) return null;
      const reply = await requestToken(target, { version: retired, scope: 'CLIENT_ACCESS' });
      if (reply.status === 400 && errorCode(reply) === 'parameter-not-valid') return null;
      return `retired version ${retired} with CLIENT_ACCESS answered ${reply.status} ${errorCode(reply) ?? ''}`;
    }),
};

export const shortExpiryOverstated: Mutant = {
  name: 'r4-token-short-expiry-overstated',
  group: 'token',
  clause: '| expires_in | number, read-only | seconds left before the token becomes invalid |',
  why: 'For short-lived tokens expires_in claims an hour while the token stops working within seconds.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isToken(request.method, request.path)) return response;
    return editJson(response, (body) => {
      if (typeof body.expires_in === 'number' && body.expires_in < 60) body.expires_in = 3600;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const expiry = target.profile.tokenExpiry;
      if (expiry === undefined) return null;
      const started = Date.now();
      const reply = await requestToken(target, { apiKey: expiry.apiKey });
      const body = reply.json as Partial<TokenBody>;
      if (reply.status !== 200 || typeof body.access_token !== 'string') return null;
      const claimed = Number(body.expires_in);
      await sleep(expiry.maxWaitSeconds * 1000 + 500);
      const used = await call(target, '/institutions', { token: body.access_token });
      const elapsed = (Date.now() - started) / 1000;
      if (is2xx(used.status)) return null;
      return claimed > elapsed + 1
        ? `token refused after ${elapsed.toFixed(1)} s though expires_in said ${claimed}`
        : null;
    }),
};

export const scopePrefixAccepted: Mutant = {
  name: 'r4-token-scope-prefix-accepted',
  group: 'token',
  clause:
    '| invalid-request | 400 | required parameter missing, unsupported parameter value (other than grant type), or malformed request |',
  why: 'A scope that merely starts with SERVER_ACCESS (an unsupported value) is issued a token instead of invalid-request.',
  async handle(request, forward) {
    if (isToken(request.method, request.path)) {
      const form = readForm(request);
      const scope = scopeOf(form);
      if (scope.startsWith('SERVER_ACCESS') && scope !== 'SERVER_ACCESS') {
        form.set('scope', 'SERVER_ACCESS');
        return forward(withForm(request, form));
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { scope: 'SERVER_ACCESS_ADMIN' });
      return reply.status === 200 ? 'scope SERVER_ACCESS_ADMIN was issued a token' : null;
    }),
};

export const unknownScopeGrantCode: Mutant = {
  name: 'r4-token-unknown-scope-grant-code',
  group: 'token',
  clause:
    '| invalid-request | 400 | required parameter missing, unsupported parameter value (other than grant type), or malformed request |',
  why: 'An unsupported scope value is reported as unsupported-grant-type; scope is not the grant type, its bad value is invalid-request.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isToken(request.method, request.path)) return response;
    const form = readForm(request);
    const scope = scopeOf(form);
    if (scope === '' || scope === 'SERVER_ACCESS' || scope === 'CLIENT_ACCESS') return response;
    return editError(response, (body) => {
      for (const e of body.data as Record<string, unknown>[]) {
        if (e.code === 'invalid-request') e.code = 'unsupported-grant-type';
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { scope: 'READ_ONLY' });
      if (reply.status === 200) return null;
      const code = errorCode(reply);
      return code === 'unsupported-grant-type' ? 'unknown scope answered unsupported-grant-type' : null;
    }),
};

// ---------------------------------------------------------------------------------------------
// auth

function institutionDetailNoBearer(): Mutant {
  const memory = new AcceptedTokens();
  return {
    name: 'r4-auth-institution-detail-no-bearer',
    group: 'auth',
    clause: 'All endpoints except the token endpoint require the bearer header (see Authentication).',
    why: 'GET /institutions/{id} without any Authorization header is served (with a token seen earlier).',
    async handle(request, forward) {
      const detail = route(request, 'GET', /^\/institutions\/([^/]+)\/?$/);
      if (detail !== null && (request.headers.authorization ?? '').trim() === '') {
        const replayed = await replayWithAccepted(request, forward, memory);
        if (replayed !== null) return replayed;
      }
      const response = await forward(request);
      memory.note(bearerOf(request), response);
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        await call(target, '/institutions', { token: tok });
        const id = encodeURIComponent(target.profile.fixtures.institutionId);
        const reply = await call(target, `/institutions/${id}`);
        return is2xx(reply.status)
          ? `GET /institutions/${id} without a bearer answered ${reply.status}`
          : null;
      }),
  };
}

function expiredTokenConnectionsList(): Mutant {
  const memory = new AcceptedTokens();
  return {
    name: 'r4-auth-expired-token-connections-list',
    group: 'auth',
    clause:
      'Tokens have a short life and are not stored permanently; after expiry the application requests a new one.',
    why: 'An expired token that was accepted before keeps working on the connection list.',
    async handle(request, forward) {
      const response = await forward(request);
      const tok = bearerOf(request);
      if (
        route(request, 'GET', /^\/users\/([^/]+)\/connections\/?$/) !== null &&
        memory.has(tok) &&
        isAuthRefusal(response)
      ) {
        const replayed = await replayWithAccepted(request, forward, memory, tok);
        if (replayed !== null) return replayed;
      }
      memory.note(tok, response);
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        const expiry = target.profile.tokenExpiry;
        if (expiry === undefined) return null;
        const main = await token(target);
        await call(target, '/institutions', { token: main });
        const short = await token(target, { apiKey: expiry.apiKey });
        const path = `/users/${encodeURIComponent(target.profile.fixtures.userId)}/connections`;
        const first = await call(target, path, { token: short });
        if (!is2xx(first.status)) return null;
        await sleep(expiry.maxWaitSeconds * 1000 + 500);
        const again = await call(target, path, { token: short });
        return is2xx(again.status)
          ? `expired token still answered ${again.status} on the connection list`
          : null;
      }),
  };
}

function basicKeyOnExpenses(): Mutant {
  const memory = new AcceptedTokens();
  return {
    name: 'r4-auth-basic-key-on-expenses',
    group: 'auth',
    clause: '4. Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`.',
    why: 'POST /users/{id}/expenses is served with `Authorization: Basic <API_KEY>` instead of a bearer token.',
    async handle(request, forward) {
      if (
        route(request, 'POST', /^\/users\/([^/]+)\/expenses\/?$/) !== null &&
        /^\s*basic\s/i.test(request.headers.authorization ?? '')
      ) {
        const replayed = await replayWithAccepted(request, forward, memory);
        if (replayed !== null) return replayed;
      }
      const response = await forward(request);
      memory.note(bearerOf(request), response);
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        await call(target, '/institutions', { token: tok });
        const path = `/users/${encodeURIComponent(target.profile.fixtures.userId)}/expenses`;
        const reply = await call(target, path, {
          method: 'POST',
          headers: { Authorization: `Basic ${target.profile.apiKey}` },
          body: {},
        });
        return is2xx(reply.status) ? `expenses with a Basic API key answered ${reply.status}` : null;
      }),
  };
}

export const queryTokenOnEnrich: Mutant = {
  name: 'r4-auth-query-token-on-enrich',
  group: 'auth',
  clause: 'All endpoints except the token endpoint require the bearer header (see Authentication).',
  why: 'GET /enrich without an Authorization header is served when the token is passed as an access_token query parameter.',
  async handle(request, forward) {
    if (
      route(request, 'GET', /^\/enrich\/?$/) !== null &&
      (request.headers.authorization ?? '').trim() === ''
    ) {
      const query = queryOf(request);
      const tok = query.get('access_token');
      if (tok !== null && tok !== '') {
        query.delete('access_token');
        return forward(withHeader(withQuery(request, query), 'authorization', `Bearer ${tok}`));
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { enrich } = target.profile.fixtures;
      const query = new URLSearchParams({
        q: enrich.matchingQuery,
        institution: enrich.institution,
        country: enrich.country,
        access_token: tok,
      });
      const reply = await call(target, `/enrich?${query.toString()}`);
      return is2xx(reply.status) ? `enrich with the token only in the query answered ${reply.status}` : null;
    }),
};

export const tokenAuthMutants: Mutant[] = [
  clientTokenTypeLowercase,
  retiredVersionClientScope,
  shortExpiryOverstated,
  scopePrefixAccepted,
  unknownScopeGrantCode,
  institutionDetailNoBearer(),
  expiredTokenConnectionsList(),
  basicKeyOnExpenses(),
  queryTokenOnEnrich,
];
