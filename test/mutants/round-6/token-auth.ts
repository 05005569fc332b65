/** Round 6: token issue and authentication. */
import {
  RANDOM_UUID,
  affordabilityPath,
  api,
  call,
  errorCode,
  guarded,
  requestToken,
  sleep,
  token,
  updateFixtureConnection,
} from '../client.ts';
import type { TokenBody } from '../client.ts';
import { bearerOf, errorResponse, obj, readForm, route, str, withForm, withHeader } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import {
  accessTokenOf,
  editJson,
  firstCode,
  isSuccess,
  isTokenRequest,
  resolveLink,
  scopeOf,
} from './util.ts';

const tokenClientScopeType: Mutant = {
  name: 'r6-token-client-scope-type',
  group: 'token',
  clause: '| token_type | string, read-only | always `Bearer` |',
  why: 'The token response table fixes token_type to `Bearer` for every token, whatever the scope asked for.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request) || response.status !== 200 || scopeOf(request) !== 'CLIENT_ACCESS')
      return response;
    return editJson(response, (body) => {
      body.token_type = 'MAC';
    });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { scope: 'CLIENT_ACCESS' });
      if (reply.status !== 200) return `CLIENT_ACCESS token request answered ${reply.status}`;
      const type = (reply.json as Partial<TokenBody>).token_type;
      return type === 'Bearer' ? null : `CLIENT_ACCESS token has token_type ${String(type)}`;
    }),
};

const tokenExpiresInOverstated: Mutant = {
  name: 'r6-token-expires-in-overstated',
  group: 'token',
  clause: '| expires_in | number, read-only | seconds left before the token becomes invalid |',
  why: 'A token refused a few seconds after issue had not the hundreds of seconds left that its expires_in reported.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      if (typeof body.expires_in === 'number') body.expires_in += 600;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const expiry = target.profile.tokenExpiry;
      if (expiry === undefined) return null;
      const started = Date.now();
      const reply = await requestToken(target, { apiKey: expiry.apiKey });
      const body = reply.json as Partial<TokenBody> | undefined;
      if (reply.status !== 200 || typeof body?.access_token !== 'string')
        return `token request answered ${reply.status}`;
      const left = body.expires_in;
      if (typeof left !== 'number') return `expires_in is ${String(left)}`;
      await sleep((expiry.maxWaitSeconds + 1) * 1000);
      const used = await api(target, '/institutions', body.access_token);
      const elapsed = (Date.now() - started) / 1000;
      if (!isSuccess(used) && left > elapsed + 1)
        return `token refused ${elapsed.toFixed(1)} s after issue though expires_in said ${left} s`;
      if (isSuccess(used) && elapsed > left + 2)
        return `token still accepted ${elapsed.toFixed(1)} s after issue though expires_in said ${left} s`;
      return null;
    }),
};

/** Headers naming the interface version (the mutant does not know the exact name). */
function withoutVersion(request: MutantRequest): MutantRequest {
  const headers = { ...request.headers };
  for (const name of Object.keys(headers)) if (name.endsWith('version')) delete headers[name];
  return { ...request, headers };
}

const tokenRetiredVersionClientScope: Mutant = {
  name: 'r6-token-retired-version-client-scope',
  group: 'token',
  clause: 'An older version that is no longer supported is rejected with `parameter-not-valid` (400).',
  why: 'The rule on retired versions holds for every token request; a CLIENT_ACCESS request naming one must be refused too.',
  handle(request, forward) {
    if (isTokenRequest(request) && scopeOf(request) === 'CLIENT_ACCESS')
      return forward(withoutVersion(request));
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const version = target.profile.unsupportedVersion;
      if (version === undefined) return null;
      const reply = await requestToken(target, { scope: 'CLIENT_ACCESS', version });
      if (reply.status !== 400)
        return `CLIENT_ACCESS token request with version ${version} answered ${reply.status}`;
      const code = errorCode(reply);
      return code === 'parameter-not-valid' ? null : `retired version refused with code ${String(code)}`;
    }),
};

const goodCredentials = new Set<string>();

function basicCredential(request: MutantRequest): string | undefined {
  return /^\s*basic\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

const tokenKeyPrefixAccepted: Mutant = {
  name: 'r6-token-key-prefix-accepted',
  group: 'token',
  clause:
    '| invalid-grant | 400 | the grant (for example the API key) or token is invalid, expired or revoked |',
  why: 'A key with extra characters appended is not the issued key, so it is an invalid grant and must get no token.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request)) return response;
    const credential = basicCredential(request);
    if (credential === undefined) return response;
    if (response.status === 200) {
      goodCredentials.add(credential);
      return response;
    }
    if (response.status < 400 || response.status >= 500) return response;
    for (const good of goodCredentials) {
      if (credential !== good && credential.startsWith(good))
        return forward(withHeader(request, 'authorization', `Basic ${good}`));
    }
    return response;
  },
  probe: (target) =>
    guarded(async () => {
      await token(target);
      const reply = await requestToken(target, { apiKey: `${target.profile.apiKey}x` });
      return reply.status === 200 ? 'a token was issued for the API key with an extra character' : null;
    }),
};

const tokenUnknownScopeGranted: Mutant = {
  name: 'r6-token-unknown-scope-granted',
  group: 'token',
  clause: 'Body (form): `scope`, one of `SERVER_ACCESS`, `CLIENT_ACCESS`.',
  why: 'A scope outside the two named is an unsupported parameter value, which the token table answers with invalid-request, never a token.',
  handle(request, forward) {
    if (!isTokenRequest(request)) return forward(request);
    const form = readForm(request);
    const scope = form.get('scope');
    if (
      scope !== null &&
      scope.trim() !== '' &&
      !['SERVER_ACCESS', 'CLIENT_ACCESS'].includes(scope.trim().toUpperCase())
    ) {
      form.set('scope', 'SERVER_ACCESS');
      return forward(withForm(request, form));
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { scope: 'ADMIN_ACCESS' });
      return reply.status === 200 ? 'a token was issued for scope ADMIN_ACCESS' : null;
    }),
};

// ---------------------------------------------------------------------------------------------
// Authentication.

let lastBearerForInstitutions: string | undefined;

const authInstitutionWithoutBearer: Mutant = {
  name: 'r6-auth-institution-without-bearer',
  group: 'auth',
  clause: 'All endpoints except the token endpoint require the bearer header (see Authentication).',
  why: 'Retrieving an institution is not the token endpoint, so a request without any Authorization header must be refused.',
  async handle(request, forward) {
    if (request.headers.authorization === undefined && lastBearerForInstitutions !== undefined) {
      if (route(request, 'GET', /^\/institutions\/([^/]+)\/?$/) !== null)
        return forward(withHeader(request, 'authorization', lastBearerForInstitutions));
    }
    const response = await forward(request);
    if (bearerOf(request) !== undefined && isSuccess(response))
      lastBearerForInstitutions = request.headers.authorization;
    return response;
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const path = `/institutions/${target.profile.fixtures.institutionId}`;
      const first = await api(target, path, tok);
      if (first.status !== 200) return `institution retrieval answered ${first.status}`;
      const bare = await call(target, path);
      return isSuccess(bare) ? `institution retrieval without Authorization answered ${bare.status}` : null;
    }),
};

/** Token -> the token request that issued it; token -> its latest stand-in. */
const issuedBy = new Map<string, MutantRequest>();
const standIns = new Map<string, string>();

function refused(status: number, code: string | undefined): boolean {
  return status === 401 || code === 'invalid-grant';
}

const authExpiredTokenKeptAlive: Mutant = {
  name: 'r6-auth-expired-token-kept-alive',
  group: 'auth',
  clause:
    'Tokens have a short life and are not stored permanently; after expiry the application requests a new one.',
  why: 'A token that keeps working long after its expires_in has run out has no short life and makes the new-token step pointless.',
  async handle(request, forward) {
    if (isTokenRequest(request)) {
      const response = await forward(request);
      const issued = accessTokenOf(response);
      if (issued !== undefined) issuedBy.set(issued, request);
      return response;
    }
    const presented = bearerOf(request);
    const origin = presented === undefined ? undefined : issuedBy.get(presented);
    if (presented === undefined || origin === undefined) return forward(request);
    const current = standIns.get(presented) ?? presented;
    const response = await forward(withHeader(request, 'authorization', `Bearer ${current}`));
    if (!refused(response.status, firstCode(response))) return response;
    const renewed = accessTokenOf(await forward(origin));
    if (renewed === undefined) return response;
    standIns.set(presented, renewed);
    return forward(withHeader(request, 'authorization', `Bearer ${renewed}`));
  },
  probe: (target) =>
    guarded(async () => {
      const expiry = target.profile.tokenExpiry;
      if (expiry === undefined) return null;
      const started = Date.now();
      const reply = await requestToken(target, { apiKey: expiry.apiKey });
      const body = reply.json as Partial<TokenBody> | undefined;
      if (reply.status !== 200 || typeof body?.access_token !== 'string')
        return `token request answered ${reply.status}`;
      const left = body.expires_in;
      if (typeof left !== 'number' || left > expiry.maxWaitSeconds) return null;
      const fresh = await api(target, '/institutions', body.access_token);
      if (fresh.status !== 200) return `a fresh token was refused (${fresh.status})`;
      await sleep((left + 2) * 1000 - (Date.now() - started));
      const late = await api(target, '/institutions', body.access_token);
      const elapsed = (Date.now() - started) / 1000;
      return isSuccess(late)
        ? `token accepted ${elapsed.toFixed(1)} s after issue though it expired after ${left} s`
        : null;
    }),
};

/** Token -> scope it was issued for. */
const scopes = new Map<string, string>();

const authServerTokenRefusedUpdate: Mutant = {
  name: 'r6-auth-server-token-refused-update',
  group: 'auth',
  clause: '| SERVER_ACCESS | full access to all endpoints, creating resources and retrieving data |',
  why: 'A SERVER_ACCESS token has full access to all endpoints, so refusing it a connection update contradicts its scope.',
  async handle(request, forward) {
    if (isTokenRequest(request)) {
      const response = await forward(request);
      const issued = accessTokenOf(response);
      if (issued !== undefined) scopes.set(issued, scopeOf(request) || 'SERVER_ACCESS');
      return response;
    }
    const presented = bearerOf(request);
    if (
      presented !== undefined &&
      scopes.get(presented) === 'SERVER_ACCESS' &&
      route(request, 'POST', /^\/users\/([^/]+)\/connections\/([^/]+)\/?$/) !== null
    )
      return errorResponse(403, 'access-denied', 'Connection updates need a CLIENT_ACCESS token.');
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await updateFixtureConnection(target, tok);
      return isSuccess(reply)
        ? null
        : `connection update with a SERVER_ACCESS token answered ${reply.status}`;
    }),
};

const authApiKeyAsBearer: Mutant = {
  name: 'r6-auth-api-key-as-bearer',
  group: 'auth',
  clause: 'Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`.',
  why: 'Only the token endpoint takes the Basic API key; a data endpoint served on a Basic header skips the bearer token altogether.',
  async handle(request, forward) {
    const header = request.headers.authorization ?? '';
    if (isTokenRequest(request) || !/^\s*basic\s+\S+/i.test(header)) return forward(request);
    const issued = accessTokenOf(
      await forward({
        method: 'POST',
        path: '/token',
        query: '',
        headers: { authorization: header, 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.from('scope=SERVER_ACCESS', 'utf8'),
      }),
    );
    if (issued === undefined) return forward(request);
    return forward(withHeader(request, 'authorization', `Bearer ${issued}`));
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await call(target, '/institutions', {
        headers: { Authorization: `Basic ${target.profile.apiKey}` },
      });
      return isSuccess(reply) ? `institution list with a Basic API key answered ${reply.status}` : null;
    }),
};

let lastGoodBearer: string | undefined;

const authBogusTokenOnNextPage: Mutant = {
  name: 'r6-auth-bogus-token-on-next-page',
  group: 'auth',
  clause: 'Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`.',
  why: 'A later page is a request like any other; a string that is no issued access token must not open it.',
  async handle(request, forward) {
    const response = await forward(request);
    if (bearerOf(request) !== undefined && isSuccess(response)) {
      lastGoodBearer = request.headers.authorization;
      return response;
    }
    const paged =
      route(request, 'GET', /^\/users\/([^/]+)\/affordability\/([^/]+)\/transactions\/?$/) !== null &&
      new URLSearchParams(request.query).has('next');
    if (!paged || lastGoodBearer === undefined || response.status === 404 || response.status < 400)
      return response;
    return forward(withHeader(request, 'authorization', lastGoodBearer));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const first = await api(target, `${affordabilityPath(target)}?limit=50`, tok);
      if (first.status !== 200) return `first page answered ${first.status}`;
      const next = str(obj(obj(first.json).links).next);
      if (next === undefined) return 'first page of 50 has no links.next';
      const later = await api(target, resolveLink(target, next), `r6-${RANDOM_UUID}`);
      return isSuccess(later) ? `next page with a made-up bearer token answered ${later.status}` : null;
    }),
};

export const tokenMutants: Mutant[] = [
  tokenClientScopeType,
  tokenExpiresInOverstated,
  tokenRetiredVersionClientScope,
  tokenKeyPrefixAccepted,
  tokenUnknownScopeGranted,
];

export const authMutants: Mutant[] = [
  authInstitutionWithoutBearer,
  authExpiredTokenKeptAlive,
  authServerTokenRefusedUpdate,
  authApiKeyAsBearer,
  authBogusTokenOnNextPage,
];
