/** Round 5: token issue and authentication. */
import {
  api,
  call,
  createUser,
  errorCode,
  guarded,
  requestToken,
  token,
  updateFixtureConnection,
} from '../client.ts';
import {
  bearerOf,
  errorResponse,
  obj,
  readForm,
  readJsonObject,
  route,
  str,
  withForm,
  withHeader,
  withJson,
} from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { TokenBook, isSuccess, isTokenRequest, jsonOf, sleep, withBearer } from './shared.ts';

const VERSION_HEADER = 'service-version';

// ---------------------------------------------------------------------------------------------
// token

const clientTokenType: Mutant = {
  name: 'r5-token-client-type-not-bearer',
  group: 'token',
  clause: '| token_type | string, read-only | always `Bearer` |',
  why: 'The token type is "always Bearer", whatever the scope; a CLIENT_ACCESS token of another type breaks that.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request) || readForm(request).get('scope') !== 'CLIENT_ACCESS') return response;
    const body = readJsonObject(response);
    if (response.status !== 200 || !body) return response;
    return withJson(response, { ...body, token_type: 'Token' });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { scope: 'CLIENT_ACCESS' });
      if (reply.status !== 200) return `a CLIENT_ACCESS token request answered ${reply.status}`;
      const type = obj(reply.json).token_type;
      return type === 'Bearer' ? null : `a CLIENT_ACCESS token has token_type ${JSON.stringify(type)}`;
    }),
};

const expiresInMilliseconds: Mutant = {
  name: 'r5-token-expires-in-milliseconds',
  group: 'token',
  clause: '| Token lifespan | access token | short; expires_in reports the seconds left |',
  why: 'expires_in counted in milliseconds overstates the seconds left a thousandfold, so the token dies long before expires_in says.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = readJsonObject(response);
    if (!isTokenRequest(request) || response.status !== 200 || !body) return response;
    const seconds = body.expires_in;
    return typeof seconds === 'number'
      ? withJson(response, { ...body, expires_in: seconds * 1000 })
      : response;
  },
  probe: (target) =>
    guarded(async () => {
      const expiry = target.profile.tokenExpiry;
      if (!expiry) return null;
      const start = Date.now();
      const reply = await requestToken(target, { apiKey: expiry.apiKey });
      const body = obj(reply.json);
      const tok = str(body.access_token);
      const seconds = body.expires_in;
      if (reply.status !== 200 || tok === undefined || typeof seconds !== 'number') {
        return `the short-lived key's token request answered ${reply.status}`;
      }
      await sleep(expiry.maxWaitSeconds * 1000 + 200);
      const used = await api(target, `/institutions/${target.profile.fixtures.institutionId}`, tok);
      const elapsed = (Date.now() - start) / 1000;
      if (used.status !== 200 && elapsed < seconds - 1) {
        return `token refused ${elapsed.toFixed(1)} s after issue although expires_in said ${seconds} s were left`;
      }
      return null;
    }),
};

const badKeyInvalidClient: Mutant = {
  name: 'r5-token-bad-key-invalid-client',
  group: 'token',
  clause: '| invalid-client | 401 | no longer returned; application authentication failed |',
  why: 'invalid-client is "no longer returned"; an unknown API key is an invalid grant (400 invalid-grant).',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request) || response.status !== 400) return response;
    const body = jsonOf(response);
    const code = str(obj(Array.isArray(body?.data) ? body.data[0] : undefined).code);
    if (code !== 'invalid-grant') return response;
    return errorResponse(401, 'invalid-client', 'Application authentication failed.');
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { apiKey: `unknown${crypto.randomUUID().replace(/-/g, '')}` });
      const code = errorCode(reply);
      if (code === 'invalid-client' || code === 'unauthorized-client') {
        return `an unknown API key answered ${reply.status} ${code}, a code no longer returned`;
      }
      if (reply.status !== 400 || code !== 'invalid-grant') {
        return `an unknown API key answered ${reply.status} ${code ?? 'without an error list'}`;
      }
      return null;
    }),
};

let lastGoodVersion: string | undefined;
const retiredVersionAccepted: Mutant = {
  name: 'r5-token-retired-version-accepted',
  group: 'token',
  clause: 'An older version that is no longer supported is rejected with `parameter-not-valid` (400).',
  why: 'A retired version must be refused with parameter-not-valid; this mutant quietly serves it with the current version.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request)) return response;
    if (response.status === 200) {
      lastGoodVersion = request.headers[VERSION_HEADER];
      return response;
    }
    const sent = request.headers[VERSION_HEADER];
    if (
      response.status === 400 &&
      sent !== undefined &&
      lastGoodVersion !== undefined &&
      sent !== lastGoodVersion
    ) {
      const retry = await forward(withHeader(request, VERSION_HEADER, lastGoodVersion));
      if (retry.status === 200) return retry;
    }
    return response;
  },
  probe: (target) =>
    guarded(async () => {
      const retired = target.profile.unsupportedVersion;
      if (retired === undefined) return null;
      await token(target);
      const reply = await requestToken(target, { version: retired });
      const code = errorCode(reply);
      if (reply.status !== 400 || code !== 'parameter-not-valid') {
        return `retired version ${retired} answered ${reply.status} ${code ?? ''}`.trim();
      }
      return null;
    }),
};

const missingAuthorization401: Mutant = {
  name: 'r5-token-missing-authorization-401',
  group: 'token',
  clause:
    '| parameter-not-valid | 400 | Authorization header parameter required or invalid, or the requested older version is no longer supported |',
  why: 'A token request without its Authorization header is parameter-not-valid with status 400 by the table; 401 is not that status.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request) || request.headers.authorization !== undefined) return response;
    return response.status === 400 ? { ...response, status: 401 } : response;
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
      if (reply.status !== 400 || code !== 'parameter-not-valid') {
        return `a token request without Authorization answered ${reply.status} ${code ?? ''}`.trim();
      }
      return null;
    }),
};

const unknownScopeAccepted: Mutant = {
  name: 'r5-token-unknown-scope-accepted',
  group: 'token',
  clause:
    '| invalid-request | 400 | required parameter missing, unsupported parameter value (other than grant type), or malformed request |',
  why: 'A scope other than SERVER_ACCESS or CLIENT_ACCESS is an unsupported parameter value, which is invalid-request, not a token.',
  async handle(request, forward) {
    if (!isTokenRequest(request)) return forward(request);
    const form = readForm(request);
    const scope = form.get('scope');
    if (scope === null || scope === 'SERVER_ACCESS' || scope === 'CLIENT_ACCESS') return forward(request);
    form.set('scope', 'SERVER_ACCESS');
    return forward(withForm(request, form));
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { scope: 'ADMIN_ACCESS' });
      const code = errorCode(reply);
      if (reply.status !== 400 || code !== 'invalid-request') {
        return `scope ADMIN_ACCESS answered ${reply.status} ${code ?? ''}`.trim();
      }
      return null;
    }),
};

let lastGoodBasic: string | undefined;
const anyKeyAccepted: Mutant = {
  name: 'r5-token-any-key-accepted',
  group: 'token',
  clause:
    'The service validates the key and returns `access_token`, `token_type` (`Bearer`) and `expires_in`.',
  why: 'A key the service never issued gets a token, so the key is not validated.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request)) return response;
    if (response.status === 200) {
      lastGoodBasic = request.headers.authorization;
      return response;
    }
    if (
      response.status === 400 &&
      lastGoodBasic !== undefined &&
      request.headers.authorization !== undefined
    ) {
      const body = jsonOf(response);
      const code = str(obj(Array.isArray(body?.data) ? body.data[0] : undefined).code);
      if (code === 'invalid-grant') return forward(withHeader(request, 'authorization', lastGoodBasic));
    }
    return response;
  },
  probe: (target) =>
    guarded(async () => {
      await token(target);
      const reply = await requestToken(target, { apiKey: `forged${crypto.randomUUID().replace(/-/g, '')}` });
      return reply.status === 200 ? 'a forged API key was exchanged for a token' : null;
    }),
};

// ---------------------------------------------------------------------------------------------
// auth

function isInstitutionRetrieval(request: MutantRequest): boolean {
  return route(request, 'GET', /^\/institutions\/([^/]+)$/) !== null;
}

const institutionWithoutTokenBook = new TokenBook();
const institutionWithoutToken: Mutant = {
  name: 'r5-auth-institution-without-token',
  group: 'auth',
  clause: 'All endpoints except the token endpoint require the bearer header (see Authentication).',
  why: 'Retrieving an institution is not the token endpoint, so a request without the bearer header must be refused.',
  async handle(request, forward) {
    const book = institutionWithoutTokenBook;
    if (isTokenRequest(request)) return book.pass(request, forward);
    if (isInstitutionRetrieval(request) && request.headers.authorization === undefined && book.lastServer) {
      return forward(withBearer(request, book.lastServer));
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      await token(target);
      const reply = await call(target, `/institutions/${target.profile.fixtures.institutionId}`);
      return reply.status < 400
        ? `an institution was served without a bearer header (${reply.status})`
        : null;
    }),
};

const unknownTokenBook = new TokenBook();
const unknownTokenAccepted: Mutant = {
  name: 'r5-auth-unknown-token-accepted',
  group: 'auth',
  clause: 'Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`.',
  why: 'A bearer value the service never issued is not an access token, yet the mutant serves the affordability list with it.',
  async handle(request, forward) {
    const book = unknownTokenBook;
    if (isTokenRequest(request)) return book.pass(request, forward);
    const response = await forward(request);
    const isSnapshot = route(request, 'GET', /^\/users\/[^/]+\/affordability\/[^/]+\/transactions$/) !== null;
    if (isSnapshot && response.status === 401 && book.lastServer && bearerOf(request) !== undefined) {
      return forward(withBearer(request, book.lastServer));
    }
    return response;
  },
  probe: (target) =>
    guarded(async () => {
      await token(target);
      const { fixtures } = target.profile;
      const reply = await call(
        target,
        `/users/${fixtures.userId}/affordability/${fixtures.affordabilityId}/transactions?limit=5`,
        { token: `made-up-${crypto.randomUUID()}` },
      );
      return reply.status < 400 ? `a made-up bearer token was accepted (${reply.status})` : null;
    }),
};

const apiKeyBook = new TokenBook();
const apiKeyAsCredentials: Mutant = {
  name: 'r5-auth-api-key-as-credentials',
  group: 'auth',
  clause: 'All endpoints except the token endpoint require the bearer header (see Authentication).',
  why: 'Basic with the API key is not the bearer header, so the connection list must refuse it.',
  async handle(request, forward) {
    const book = apiKeyBook;
    if (isTokenRequest(request)) return book.pass(request, forward);
    if (/^basic\s/i.test(request.headers.authorization ?? '') && book.lastServer) {
      return forward(withBearer(request, book.lastServer));
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      await token(target);
      const reply = await call(target, `/users/${target.profile.fixtures.userId}/connections`, {
        headers: { Authorization: `Basic ${target.profile.apiKey}` },
      });
      return reply.status < 400 ? `the connection list answered ${reply.status} to Basic <API_KEY>` : null;
    }),
};

const revivedBook = new TokenBook();
const expiredTokenRevived: Mutant = {
  name: 'r5-auth-expired-token-revived',
  group: 'auth',
  clause:
    'Tokens have a short life and are not stored permanently; after expiry the application requests a new one.',
  why: 'A token that keeps working after its expires_in has run out never expires, so it is not short-lived.',
  async handle(request, forward) {
    const book = revivedBook;
    if (isTokenRequest(request)) return book.pass(request, forward);
    const response = await forward(request);
    const tok = bearerOf(request);
    if (response.status !== 401 || tok === undefined) return response;
    const fresh = await book.remint(tok, forward);
    return fresh === undefined ? response : forward(withBearer(request, fresh));
  },
  probe: (target) =>
    guarded(async () => {
      const expiry = target.profile.tokenExpiry;
      if (!expiry) return null;
      const start = Date.now();
      const reply = await requestToken(target, { apiKey: expiry.apiKey });
      const body = obj(reply.json);
      const tok = str(body.access_token);
      const seconds = body.expires_in;
      if (reply.status !== 200 || tok === undefined || typeof seconds !== 'number') {
        return `the short-lived key's token request answered ${reply.status}`;
      }
      if (seconds >= expiry.maxWaitSeconds) return null;
      await sleep(expiry.maxWaitSeconds * 1000 + 200);
      const elapsed = (Date.now() - start) / 1000;
      const used = await api(target, `/institutions/${target.profile.fixtures.institutionId}`, tok);
      return used.status === 200 && elapsed > seconds
        ? `a token with expires_in ${seconds} s still worked ${elapsed.toFixed(1)} s after issue`
        : null;
    }),
};

const ownerOfConnection = new Map<string, string>();
const otherUsersConnection: Mutant = {
  name: 'r5-auth-other-users-connection',
  group: 'auth',
  clause:
    'Success: 200 with a connection including profile, institution and accounts. Error when the identifier is not valid.',
  why: "A connection id of another user is not a valid identifier under this user's path, so serving it leaks another user's banking data.",
  async handle(request, forward) {
    const parts = route(request, 'GET', /^\/users\/([^/]+)\/connections\/([^/]+)$/);
    const response = await forward(request);
    if (!parts) return response;
    const [user = '', connection = ''] = parts;
    if (isSuccess(response)) {
      ownerOfConnection.set(connection, user);
      return response;
    }
    const owner = ownerOfConnection.get(connection);
    if (owner === undefined || owner === user) return response;
    return forward({ ...request, path: `/users/${owner}/connections/${connection}` });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId, connectionId } = target.profile.fixtures;
      const own = await api(target, `/users/${userId}/connections/${connectionId}`, tok);
      if (own.status !== 200) return `the fixture connection answered ${own.status}`;
      const created = await createUser(target, tok);
      const other = str(obj(created.json).id);
      if (created.status !== 201 || other === undefined) return `creating a user answered ${created.status}`;
      const reply = await api(target, `/users/${other}/connections/${connectionId}`, tok);
      return reply.status < 400
        ? `another user's connection was served under a new user's path (${reply.status})`
        : null;
    }),
};

const clientUnrestricted: Mutant = {
  name: 'r5-auth-client-token-unrestricted',
  group: 'auth',
  clause:
    "| CLIENT_ACCESS | restricted; used in a client application to pass user credentials directly to the service when creating a connection, so credentials never reach the application's server |",
  why: 'A CLIENT_ACCESS token that may create users, read connections, snapshots and expenses has full access, so it is not restricted.',
  async handle(request, forward) {
    if (!isTokenRequest(request)) return forward(request);
    const form = readForm(request);
    if (form.get('scope') !== 'CLIENT_ACCESS') return forward(request);
    form.set('scope', 'SERVER_ACCESS');
    return forward(withForm(request, form));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target, { scope: 'CLIENT_ACCESS' });
      const { fixtures } = target.profile;
      const replies = [
        await api(target, `/users/${fixtures.userId}/connections`, tok),
        await api(target, `/users/${fixtures.userId}/connections/${fixtures.connectionId}`, tok),
        await api(
          target,
          `/users/${fixtures.userId}/affordability/${fixtures.affordabilityId}/transactions?limit=5`,
          tok,
        ),
        await api(target, `/users/${fixtures.userId}/expenses`, tok, { method: 'POST', body: {} }),
        await createUser(target, tok),
        await api(
          target,
          `/enrich?${new URLSearchParams({ q: fixtures.enrich.matchingQuery, institution: fixtures.enrich.institution, country: fixtures.enrich.country }).toString()}`,
          tok,
        ),
      ];
      return replies.every((r) => r.status >= 200 && r.status < 300)
        ? 'a CLIENT_ACCESS token read connections, snapshots, expenses and enrich and created a user'
        : null;
    }),
};

const serverJobsBook = new TokenBook();
const serverRefusedOnJobs: Mutant = {
  name: 'r5-auth-server-token-refused-on-jobs',
  group: 'auth',
  clause: '| SERVER_ACCESS | full access to all endpoints, creating resources and retrieving data |',
  why: 'SERVER_ACCESS has full access to all endpoints, so refusing it a job retrieval breaks that.',
  async handle(request, forward) {
    const book = serverJobsBook;
    if (isTokenRequest(request)) return book.pass(request, forward);
    if (route(request, 'GET', /^\/jobs\/[^/]+$/) && book.scopeOf(bearerOf(request)) === 'SERVER_ACCESS') {
      return errorResponse(403, 'access-denied', 'This token may not read jobs.');
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const update = await updateFixtureConnection(target, tok);
      const id = str(obj(update.json).id);
      if (update.status !== 202 || id === undefined) return `the connection update answered ${update.status}`;
      const job = await api(target, `/jobs/${id}`, tok);
      return job.status === 200 ? null : `a SERVER_ACCESS token got ${job.status} on GET /jobs/{job.id}`;
    }),
};

export const tokenAuthMutants: Mutant[] = [
  clientTokenType,
  expiresInMilliseconds,
  badKeyInvalidClient,
  retiredVersionAccepted,
  missingAuthorization401,
  unknownScopeAccepted,
  anyKeyAccepted,
  institutionWithoutToken,
  unknownTokenAccepted,
  apiKeyAsCredentials,
  expiredTokenRevived,
  otherUsersConnection,
  clientUnrestricted,
  serverRefusedOnJobs,
];
