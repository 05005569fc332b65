/** Bearer-token mutants. */
import { api, createUser, guarded, requestToken, sleep, token, updateFixtureConnection } from '../client.ts';
import type { Job, TokenBody } from '../client.ts';
import { bearerOf, errorResponse, readForm, readJsonObject, route } from '../mutant.ts';
import type { Mutant, MutantResponse } from '../mutant.ts';
import { isSuccess } from './util.ts';
import { isTokenRequest } from './token.ts';

function refused(detail: string): MutantResponse {
  const response = errorResponse(401, 'invalid-grant', detail, 'Authorization');
  return { ...response, headers: { ...response.headers, 'www-authenticate': 'Bearer' } };
}

function denied(detail: string): MutantResponse {
  return errorResponse(403, 'access-denied', detail);
}

/** The access token of a successful token answer. */
function issuedToken(response: MutantResponse): { token: string; expiresIn: number } | undefined {
  if (!isSuccess(response)) return undefined;
  const body = readJsonObject(response);
  if (typeof body?.access_token !== 'string') return undefined;
  return { token: body.access_token, expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 0 };
}

function newTokenRevokesOld(): Mutant {
  const latestByKey = new Map<string, string>();
  const keyOfToken = new Map<string, string>();
  return {
    name: 'r3-auth-new-token-revokes-old',
    group: 'auth',
    clause: 'seconds left before the token becomes invalid',
    why: 'issuing a second token silently invalidates the first one long before the seconds its expires_in announced have run out.',
    async handle(request, forward) {
      if (isTokenRequest(request)) {
        const response = await forward(request);
        const issued = issuedToken(response);
        if (issued) {
          const key = request.headers.authorization ?? '';
          latestByKey.set(key, issued.token);
          keyOfToken.set(issued.token, key);
        }
        return response;
      }
      const bearer = bearerOf(request);
      const key = bearer === undefined ? undefined : keyOfToken.get(bearer);
      if (bearer !== undefined && key !== undefined && latestByKey.get(key) !== bearer) {
        return refused('The access token has been replaced by a newer one.');
      }
      return forward(request);
    },
    probe: (target) =>
      guarded(async () => {
        const first = await token(target);
        await token(target);
        const reply = await api(target, '/institutions', first);
        if (reply.status === 401)
          return 'an unexpired token is refused (401) as soon as a second token is issued';
        return null;
      }),
  };
}

function lifetimeInMilliseconds(): Mutant {
  const issuedAt = new Map<string, { at: number; expiresIn: number }>();
  return {
    name: 'r3-auth-lifetime-in-milliseconds',
    group: 'auth',
    clause: 'seconds left before the token becomes invalid',
    why: 'tokens die after expires_in milliseconds, a thousandth of the seconds the token response announced.',
    async handle(request, forward) {
      if (isTokenRequest(request)) {
        const response = await forward(request);
        const issued = issuedToken(response);
        if (issued) issuedAt.set(issued.token, { at: Date.now(), expiresIn: issued.expiresIn });
        return response;
      }
      const bearer = bearerOf(request);
      const issued = bearer === undefined ? undefined : issuedAt.get(bearer);
      if (issued && Date.now() - issued.at >= issued.expiresIn)
        return refused('The access token has expired.');
      return forward(request);
    },
    probe: (target) =>
      guarded(async () => {
        const reply = await requestToken(target);
        const body = reply.json as Partial<TokenBody> | undefined;
        if (reply.status !== 200 || typeof body?.access_token !== 'string')
          return `token endpoint answered ${reply.status}`;
        const left = body.expires_in;
        if (typeof left !== 'number' || left < 6) return null;
        await sleep(4000);
        const after = await api(target, '/institutions', body.access_token);
        if (after.status === 401)
          return `a token refused 4 s after issue although expires_in promised ${left} s`;
        return null;
      }),
  };
}

function serverTokenRefusedOnJobs(): Mutant {
  const serverTokens = new Set<string>();
  return {
    name: 'r3-auth-server-token-refused-on-jobs',
    group: 'auth',
    clause: 'full access to all endpoints, creating resources and retrieving data',
    why: 'a SERVER_ACCESS token is denied GET /jobs/{job.id}, although that scope has full access to all endpoints.',
    async handle(request, forward) {
      if (isTokenRequest(request)) {
        const response = await forward(request);
        const issued = issuedToken(response);
        if (issued && readForm(request).get('scope') === 'SERVER_ACCESS') serverTokens.add(issued.token);
        return response;
      }
      const bearer = bearerOf(request);
      if (route(request, 'GET', /^\/jobs\/([^/]+)$/) && bearer !== undefined && serverTokens.has(bearer)) {
        return denied('This token may not read jobs.');
      }
      return forward(request);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const update = await updateFixtureConnection(target, tok);
        if (update.status !== 202) return `connection update answered ${update.status}`;
        const job = update.json as Job;
        const reply = await api(target, `/jobs/${job.id}`, tok);
        if (reply.status !== 200)
          return `GET /jobs/{job.id} with a SERVER_ACCESS token answered ${reply.status}`;
        return null;
      }),
  };
}

function tokenBoundToFirstUser(): Mutant {
  const bound = new Map<string, string>();
  return {
    name: 'r3-auth-token-bound-to-first-user',
    group: 'auth',
    clause: 'full access to all endpoints, creating resources and retrieving data',
    why: 'a SERVER_ACCESS token is tied to the first user it read, and denied the resources of every other user.',
    async handle(request, forward) {
      const match = /^\/users\/([^/]+)(?:\/|$)/.exec(request.path);
      const bearer = bearerOf(request);
      if (match === null || bearer === undefined) return forward(request);
      const user = match[1] ?? '';
      const owner = bound.get(bearer);
      if (owner !== undefined && owner !== user) return denied('This token belongs to another user.');
      const response = await forward(request);
      if (owner === undefined && isSuccess(response)) bound.set(bearer, user);
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const first = await api(target, `/users/${target.profile.fixtures.userId}/connections`, tok);
        if (first.status !== 200) return `connection list answered ${first.status}`;
        const created = await createUser(target, tok);
        if (created.status !== 201) return `user creation answered ${created.status}`;
        const id = (created.json as { id: string }).id;
        const second = await api(target, `/users/${id}/connections`, tok);
        if (second.status !== 200) {
          return `the same SERVER_ACCESS token is refused (${second.status}) on a second user's connections`;
        }
        return null;
      }),
  };
}

export const authMutants = (): Mutant[] => [
  newTokenRevokesOld(),
  lifetimeInMilliseconds(),
  serverTokenRefusedOnJobs(),
  tokenBoundToFirstUser(),
];
