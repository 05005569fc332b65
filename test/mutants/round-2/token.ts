/** Round 2, token endpoint. */
import { api, call, createUser, errorCode, guarded, requestToken, token } from '../client.ts';
import type { TokenBody } from '../client.ts';
import { readForm, route, withForm, withHeader } from '../mutant.ts';
import type { Mutant, MutantRequest, Target } from '../mutant.ts';
import { codeOf, editJson, ok, parameterOf } from './helpers.ts';

export const isTokenRequest = (request: MutantRequest): boolean =>
  route(request, 'POST', /^\/token\/?$/) !== null;

/** A token request without any Authorization header (form body, right version). */
export function tokenWithoutKey(target: Target, body = 'scope=SERVER_ACCESS') {
  const { profile } = target;
  return call(target, '/token', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      [profile.versionHeader]: profile.version,
    },
    body,
  });
}

let basicForMissing: string | undefined;
let basicForUnknown: string | undefined;

export const tokenMutants: Mutant[] = [
  {
    name: 'r2-token-client-scope-unrestricted',
    group: 'token',
    clause:
      'restricted; used in a client application to pass user credentials directly to the service when creating a connection',
    why: 'a token asked for with CLIENT_ACCESS is issued with SERVER_ACCESS rights, so the restricted scope restricts nothing.',
    handle(request, forward) {
      if (!isTokenRequest(request)) return forward(request);
      const form = readForm(request);
      if ((form.get('scope') ?? '').trim().toUpperCase() !== 'CLIENT_ACCESS') return forward(request);
      form.set('scope', 'SERVER_ACCESS');
      return forward(withForm(request, form));
    },
    probe: (target) =>
      guarded(async () => {
        const { fixtures } = target.profile;
        const tok = await token(target, { scope: 'CLIENT_ACCESS' });
        const replies = [
          await createUser(target, tok),
          await api(target, '/institutions', tok),
          await api(target, `/users/${fixtures.userId}/expenses`, tok, { method: 'POST', body: {} }),
          await api(target, `/users/${fixtures.userId}/connections`, tok),
        ];
        if (replies.every((r) => ok(r.status)))
          return 'a CLIENT_ACCESS token was allowed every request tried, creating a user included';
        return null;
      }),
  },
  {
    name: 'r2-token-missing-basic-accepted',
    group: 'token',
    clause: 'Authorization header parameter required or invalid',
    why: 'a token request with no Authorization header at all is issued a token (the proxy lends it the last key that worked), although the header is required.',
    async handle(request, forward) {
      if (!isTokenRequest(request)) return forward(request);
      const header = request.headers.authorization;
      if (header === undefined || header.trim() === '') {
        return forward(
          basicForMissing === undefined ? request : withHeader(request, 'authorization', basicForMissing),
        );
      }
      const response = await forward(request);
      if (response.status === 200 && /^\s*basic\s/i.test(header)) basicForMissing = header;
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        await token(target);
        const reply = await tokenWithoutKey(target);
        if (reply.status === 200) return 'a token request without an Authorization header was issued a token';
        return null;
      }),
  },
  {
    name: 'r2-token-unknown-key-accepted',
    group: 'token',
    clause: 'The service validates the key and returns `access_token`',
    why: 'an API key the service never issued is answered with a token (issued for the last key that worked) instead of invalid-grant.',
    async handle(request, forward) {
      if (!isTokenRequest(request)) return forward(request);
      const header = request.headers.authorization ?? '';
      const response = await forward(request);
      if (response.status === 200 && /^\s*basic\s/i.test(header)) basicForUnknown = header;
      else if (codeOf(response) === 'invalid-grant' && basicForUnknown !== undefined)
        return forward(withHeader(request, 'authorization', basicForUnknown));
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        await token(target);
        const reply = await requestToken(target, { apiKey: `unknown-key-${crypto.randomUUID()}` });
        if (reply.status === 200) return 'an unknown API key was issued a token';
        return null;
      }),
  },
  {
    name: 'r2-token-retired-version-404',
    group: 'token',
    clause: 'An older version that is no longer supported is rejected with `parameter-not-valid` (400).',
    why: 'a retired version is refused with status 404 (the deleted-partner row) instead of the 400 the spec fixes for it.',
    async handle(request, forward) {
      const response = await forward(request);
      if (
        isTokenRequest(request) &&
        response.status === 400 &&
        codeOf(response) === 'parameter-not-valid' &&
        /version/i.test(parameterOf(response) ?? '')
      )
        return { ...response, status: 404 };
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        const reply = await requestToken(target, { version: target.profile.unsupportedVersion ?? '1.0' });
        if (reply.status !== 400 || errorCode(reply) !== 'parameter-not-valid')
          return `a retired version was answered ${reply.status} ${errorCode(reply) ?? ''}, not 400 parameter-not-valid`;
        return null;
      }),
  },
  {
    name: 'r2-token-type-lowercase',
    group: 'token',
    clause: 'always `Bearer`',
    why: 'token_type is issued as "bearer" while the spec fixes it to always be "Bearer".',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isTokenRequest(request)) return response;
      return editJson(response, (body) => {
        if (typeof body.token_type === 'string') body.token_type = body.token_type.toLowerCase();
      });
    },
    probe: (target) =>
      guarded(async () => {
        const reply = await requestToken(target);
        const body = reply.json as Partial<TokenBody> | undefined;
        if (reply.status !== 200) return `token endpoint answered ${reply.status}`;
        if (body?.token_type !== 'Bearer') return `token_type is ${String(body?.token_type)}, not Bearer`;
        return null;
      }),
  },
];
