/** Token endpoint mutants. */
import { createHash } from 'node:crypto';
import { api, call, errorCode, guarded, requestToken, sleep, token } from '../client.ts';
import type { TokenBody } from '../client.ts';
import { obj, readForm, route } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { rewriteError, rewriteSuccess } from './util.ts';

export const isTokenRequest = (request: MutantRequest): boolean =>
  route(request, 'POST', /^\/token$/) !== null;

const clientTokenUnusable: Mutant = {
  name: 'r3-token-client-token-unusable',
  group: 'token',
  clause:
    'The service validates the key and returns `access_token`, `token_type` (`Bearer`) and `expires_in`.',
  why: 'a CLIENT_ACCESS request is answered 200 with an access_token the service itself never accepts, so the issued token is no token at all.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request) || readForm(request).get('scope') !== 'CLIENT_ACCESS') return response;
    return rewriteSuccess(response, (body) => {
      if (typeof body.access_token === 'string') {
        body.access_token = createHash('sha256').update(`unusable:${body.access_token}`).digest('hex');
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target, { scope: 'CLIENT_ACCESS' });
      const { fixtures } = target.profile;
      const list = await api(target, '/institutions', tok);
      const update = await api(
        target,
        `/users/${fixtures.userId}/connections/${fixtures.connectionId}`,
        tok,
        {
          method: 'POST',
          body: { password: fixtures.connectionPassword },
        },
      );
      const unknown = (code: string | undefined, status: number) =>
        status === 401 && code === 'invalid-grant';
      if (unknown(errorCode(list), list.status) && unknown(errorCode(update), update.status)) {
        return 'a freshly issued CLIENT_ACCESS token is refused as an invalid grant (401) by the catalogue and by the credential update';
      }
      return null;
    }),
};

const missingScopeCode: Mutant = {
  name: 'r3-token-missing-scope-code',
  group: 'token',
  clause:
    'required parameter missing, unsupported parameter value (other than grant type), or malformed request',
  why: 'a form without scope is refused with parameter-not-valid, a code the table keeps for the Authorization header and retired versions, while a missing required parameter is invalid-request.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request) || readForm(request).has('scope')) return response;
    if (!(request.headers['content-type'] ?? '').includes('x-www-form-urlencoded')) return response;
    return rewriteError(response, (body) => {
      const first = obj((body.data as unknown[])[0]);
      if (first.code === 'invalid-request') first.code = 'parameter-not-valid';
    });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { scope: null });
      if (reply.status === 200) return null;
      const code = errorCode(reply);
      if (reply.status !== 400 || code !== 'invalid-request') {
        return `a token request without scope is answered ${reply.status} ${code ?? '(no code)'} instead of 400 invalid-request`;
      }
      return null;
    }),
};

const expiresInUnderstated: Mutant = {
  name: 'r3-token-expires-in-understated',
  group: 'token',
  clause: 'seconds left before the token becomes invalid',
  why: 'expires_in says the token has one second left, yet the token keeps working long after that second has passed.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request)) return response;
    return rewriteSuccess(response, (body) => {
      if (typeof body.expires_in === 'number') body.expires_in = 1;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target);
      const body = reply.json as Partial<TokenBody> | undefined;
      if (reply.status !== 200 || typeof body?.access_token !== 'string')
        return `token endpoint answered ${reply.status}`;
      const left = body.expires_in;
      if (typeof left !== 'number' || left > 5) return null;
      await sleep((left + 1.5) * 1000);
      const after = await call(target, '/institutions', { token: body.access_token });
      if (after.status >= 200 && after.status < 300) {
        return `the token still works ${left + 1.5} s after issue although expires_in said ${left} s were left`;
      }
      return null;
    }),
};

export const tokenMutants: Mutant[] = [clientTokenUnusable, missingScopeCode, expiresInUnderstated];
