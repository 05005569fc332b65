/** Round 1, authentication of the non-token endpoints. */
import { api, call, guarded, token } from '../client.ts';
import { bearerOf, readJsonObject, route, withHeader } from '../mutant.ts';
import type { Forward, Mutant, MutantRequest, MutantResponse } from '../mutant.ts';
import { expiryProbe } from './token.ts';

const isTokenRequest = (request: MutantRequest) => route(request, 'POST', /^\/token$/) !== null;

/** Mints a SERVER_ACCESS token with `authorization` as the token request's Authorization header. */
async function mint(forward: Forward, authorization: string, version = '2.0'): Promise<string | undefined> {
  const response = await forward({
    method: 'POST',
    path: '/token',
    query: '',
    headers: {
      authorization,
      'content-type': 'application/x-www-form-urlencoded',
      'service-version': version,
    },
    body: Buffer.from('scope=SERVER_ACCESS', 'utf8'),
  });
  const body = readJsonObject(response);
  return response.status === 200 && typeof body?.access_token === 'string' ? body.access_token : undefined;
}

/** The last bearer token an upstream accepted (2xx), per mutant. */
function tokenMemory(): { remember(request: MutantRequest, response: MutantResponse): void; last?: string } {
  const memory: { remember(request: MutantRequest, response: MutantResponse): void; last?: string } = {
    remember(request, response) {
      const tok = bearerOf(request);
      if (tok !== undefined && response.status < 300) memory.last = tok;
    },
  };
  return memory;
}

const missingHeader = tokenMemory();
const unknownToken = tokenMemory();
/** Token request (headers and body) that produced each access token, to mint a successor. */
const issuedBy = new Map<string, MutantRequest>();

export const authMutants: Mutant[] = [
  {
    name: 'r1-auth-missing-bearer-filled-in',
    group: 'auth',
    clause: 'All endpoints except the token endpoint require the bearer header (see Authentication).',
    why: 'a request with no Authorization header at all is answered with data, because the proxy lends it the last token it saw.',
    async handle(request, forward) {
      if (isTokenRequest(request)) return forward(request);
      let sent = request;
      if (request.headers.authorization === undefined && missingHeader.last !== undefined) {
        sent = withHeader(request, 'authorization', `Bearer ${missingHeader.last}`);
      }
      const response = await forward(sent);
      missingHeader.remember(sent, response);
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const primed = await api(target, '/institutions', tok);
        if (primed.status !== 200) return `GET /institutions with a fresh token answered ${primed.status}`;
        const bare = await call(target, '/institutions', { token: null });
        if (bare.status < 400) return `GET /institutions without Authorization answered ${bare.status}`;
        return null;
      }),
  },
  {
    name: 'r1-auth-unknown-token-accepted',
    group: 'auth',
    clause: 'Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`.',
    why: 'a bearer value the service never issued is served as if it were an access token.',
    async handle(request, forward) {
      const response = await forward(request);
      const tok = bearerOf(request);
      if (
        response.status === 401 &&
        tok !== undefined &&
        unknownToken.last !== undefined &&
        tok !== unknownToken.last
      ) {
        return forward(withHeader(request, 'authorization', `Bearer ${unknownToken.last}`));
      }
      unknownToken.remember(request, response);
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const primed = await api(target, '/institutions', tok);
        if (primed.status !== 200) return `GET /institutions with a fresh token answered ${primed.status}`;
        const forged = await api(target, '/institutions', 'made-up-token-0123456789abcdef');
        if (forged.status < 400)
          return `GET /institutions with a made-up bearer token answered ${forged.status}`;
        return null;
      }),
  },
  {
    name: 'r1-auth-expired-token-renewed',
    group: 'auth',
    clause: 'seconds left before the token becomes invalid',
    why: 'once expires_in has run out the token must be invalid, yet the proxy quietly renews it and the request succeeds.',
    async handle(request, forward) {
      if (isTokenRequest(request)) {
        const response = await forward(request);
        const body = readJsonObject(response);
        if (response.status === 200 && typeof body?.access_token === 'string')
          issuedBy.set(body.access_token, request);
        return response;
      }
      const response = await forward(request);
      const tok = bearerOf(request);
      const origin = tok === undefined ? undefined : issuedBy.get(tok);
      if (response.status !== 401 || origin === undefined) return response;
      const renewal = await forward(origin);
      const fresh = readJsonObject(renewal)?.access_token;
      if (renewal.status !== 200 || typeof fresh !== 'string') return response;
      issuedBy.set(fresh, origin);
      return forward(withHeader(request, 'authorization', `Bearer ${fresh}`));
    },
    probe: expiryProbe,
  },
  {
    name: 'r1-auth-api-key-as-bearer',
    group: 'auth',
    clause: 'An application exchanges its API key for a bearer access token.',
    why: 'the API key itself, sent as a bearer token, is accepted in place of an access token, so the exchange is bypassed.',
    async handle(request, forward) {
      const response = await forward(request);
      const tok = bearerOf(request);
      if (isTokenRequest(request) || response.status !== 401 || tok === undefined) return response;
      const minted = await mint(forward, `Basic ${tok}`);
      return minted === undefined
        ? response
        : forward(withHeader(request, 'authorization', `Bearer ${minted}`));
    },
    probe: (target) =>
      guarded(async () => {
        const reply = await api(target, '/institutions', target.profile.apiKey);
        if (reply.status < 400)
          return `GET /institutions with the API key as bearer token answered ${reply.status}`;
        return null;
      }),
  },
];
