/** Round 1, token endpoint. */
import { api, call, errorCode, guarded, requestToken, sleep, token } from '../client.ts';
import type { TokenBody } from '../client.ts';
import { readForm, readJsonObject, route, withForm, withHeader, withJson } from '../mutant.ts';
import type { Mutant, MutantRequest, Target } from '../mutant.ts';

const SCOPES = ['SERVER_ACCESS', 'CLIENT_ACCESS'];
const isToken = (request: MutantRequest) => route(request, 'POST', /^\/token$/) !== null;

/** scope=ADMIN_ACCESS must be refused with 400 invalid-request. */
export function unsupportedScopeProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const reply = await requestToken(target, { scope: 'ADMIN_ACCESS' });
    if (reply.status !== 400 || errorCode(reply) !== 'invalid-request') {
      return `scope=ADMIN_ACCESS answered ${reply.status} ${errorCode(reply) ?? '(no error code)'}, not 400 invalid-request`;
    }
    return null;
  });
}

/** The profile's retired version must be refused with 400 parameter-not-valid. */
export function retiredVersionProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const retired = target.profile.unsupportedVersion;
    if (retired === undefined) return 'profile names no unsupported version to probe with';
    const reply = await requestToken(target, { version: retired });
    if (reply.status !== 400 || errorCode(reply) !== 'parameter-not-valid') {
      return `retired version ${retired} answered ${reply.status} ${errorCode(reply) ?? '(no error code)'}, not 400 parameter-not-valid`;
    }
    return null;
  });
}

/**
 * A short-lived token: after the profile's wait it must be refused, and it must not have been
 * refused while its expires_in still promised seconds left.
 */
export function expiryProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const expiry = target.profile.tokenExpiry;
    if (expiry === undefined) return 'profile names no short-lived key to probe with';
    const issuedAt = Date.now();
    const reply = await requestToken(target, { apiKey: expiry.apiKey });
    const body = reply.json as TokenBody;
    if (reply.status !== 200 || typeof body.expires_in !== 'number') {
      return `short-lived key got ${reply.status}`;
    }
    await sleep(expiry.maxWaitSeconds * 1000);
    const after = await api(target, '/institutions', body.access_token);
    const elapsed = (Date.now() - issuedAt) / 1000;
    if (after.status < 400) {
      return `token still accepted ${elapsed.toFixed(1)} s after issue although expires_in was ${body.expires_in}`;
    }
    if (elapsed < body.expires_in - 1) {
      return `token refused after ${elapsed.toFixed(1)} s although expires_in promised ${body.expires_in} s`;
    }
    return null;
  });
}

export const tokenMutants: Mutant[] = [
  {
    name: 'r1-token-unsupported-scope-accepted',
    group: 'token',
    clause: 'unsupported parameter value (other than grant type)',
    why: 'scope takes one of two values; any other value is an unsupported parameter value the table maps to 400 invalid-request, yet a token is issued.',
    async handle(request, forward) {
      if (!isToken(request)) return forward(request);
      const form = readForm(request);
      const scope = form.get('scope');
      if (scope !== null && !SCOPES.includes(scope)) form.set('scope', 'SERVER_ACCESS');
      return forward(withForm(request, form));
    },
    probe: unsupportedScopeProbe,
  },
  {
    name: 'r1-token-retired-version-accepted',
    group: 'token',
    clause: 'An older version that is no longer supported is rejected with `parameter-not-valid` (400).',
    why: 'a version older than the supported one is silently upgraded and a token issued instead of the stated rejection.',
    async handle(request, forward) {
      const version = request.headers['service-version'];
      if (!isToken(request) || version === undefined) return forward(request);
      const number = Number(version);
      return forward(
        Number.isFinite(number) && number < 2 ? withHeader(request, 'service-version', '2.0') : request,
      );
    },
    probe: retiredVersionProbe,
  },
  {
    name: 'r1-token-server-scope-downgraded',
    group: 'token',
    clause: 'full access to all endpoints, creating resources and retrieving data',
    why: 'a token asked for with SERVER_ACCESS is issued as CLIENT_ACCESS, so it cannot create users although SERVER_ACCESS grants full access.',
    async handle(request, forward) {
      if (!isToken(request)) return forward(request);
      const form = readForm(request);
      if (form.get('scope') === 'SERVER_ACCESS') form.set('scope', 'CLIENT_ACCESS');
      return forward(withForm(request, form));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target, { scope: 'SERVER_ACCESS' });
        const created = await api(target, '/users', tok, {
          method: 'POST',
          body: { email: 'scope.probe@example.com' },
        });
        if (created.status !== 201) return `SERVER_ACCESS token could not create a user (${created.status})`;
        const { userId } = target.profile.fixtures;
        const list = await api(target, `/users/${userId}/connections`, tok);
        if (list.status !== 200) return `SERVER_ACCESS token could not list connections (${list.status})`;
        return null;
      }),
  },
  {
    name: 'r1-token-expires-in-overstated',
    group: 'token',
    clause: 'seconds left before the token becomes invalid',
    why: 'expires_in promises an hour more than the token lives, so the token is refused while the answer said it had seconds left.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isToken(request) || response.status !== 200) return response;
      const body = readJsonObject(response);
      if (!body || typeof body.expires_in !== 'number') return response;
      return withJson(response, { ...body, expires_in: body.expires_in + 3600 });
    },
    probe: expiryProbe,
  },
  {
    name: 'r1-token-invalid-key-401',
    group: 'token',
    clause:
      'invalid-grant | 400 | the grant (for example the API key) or token is invalid, expired or revoked',
    why: 'an unknown API key is answered 401 while the table fixes 400 for invalid-grant.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isToken(request) || response.status !== 400) return response;
      const body = readJsonObject(response);
      const first = Array.isArray(body?.data) ? (body.data[0] as { code?: unknown } | undefined) : undefined;
      return first?.code === 'invalid-grant' ? { ...response, status: 401 } : response;
    },
    probe: (target) =>
      guarded(async () => {
        const wrongKey = `0${target.profile.apiKey.split('').reverse().join('')}z`;
        const reply = await call(target, '/token', {
          method: 'POST',
          headers: {
            Authorization: `Basic ${wrongKey}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            [target.profile.versionHeader]: target.profile.version,
          },
          body: 'scope=SERVER_ACCESS',
        });
        if (reply.status !== 400 || errorCode(reply) !== 'invalid-grant') {
          return `unknown API key answered ${reply.status} ${errorCode(reply) ?? '(no code)'}, not 400 invalid-grant`;
        }
        return null;
      }),
  },
];
