/** Round 2, bearer authentication. */
import { call, guarded, token } from '../client.ts';
import { bearerOf, queryOf, readJson, isObject, route, withHeader, withQuery } from '../mutant.ts';
import type { Mutant } from '../mutant.ts';
import { freshJob, ok, resolve } from './helpers.ts';
import { isTokenRequest } from './token.ts';

const issued: string[] = [];
let lastBearer: string | undefined;

export const authMutants: Mutant[] = [
  {
    name: 'r2-auth-altered-token-accepted',
    group: 'auth',
    clause: 'Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`.',
    why: 'a bearer value that differs from an issued token in its last character is accepted as that token, so the token is not checked in full.',
    async handle(request, forward) {
      if (isTokenRequest(request)) {
        const response = await forward(request);
        const body = readJson(response);
        if (response.status === 200 && isObject(body) && typeof body.access_token === 'string') {
          issued.push(body.access_token);
          if (issued.length > 500) issued.shift();
        }
        return response;
      }
      const bearer = bearerOf(request);
      if (bearer === undefined || issued.includes(bearer)) return forward(request);
      const near = issued.find((t) => t.length === bearer.length && t.slice(0, -1) === bearer.slice(0, -1));
      return forward(near === undefined ? request : withHeader(request, 'authorization', `Bearer ${near}`));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const last = tok.slice(-1);
        const altered = `${tok.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
        const reply = await call(target, '/institutions', { token: altered });
        if (ok(reply.status)) return 'a token altered in its last character was accepted';
        return null;
      }),
  },
  {
    name: 'r2-auth-query-token-accepted',
    group: 'auth',
    clause: 'All endpoints except the token endpoint require the bearer header (see Authentication).',
    why: 'a request without the bearer header is served when the token comes as an access_token query parameter instead.',
    handle(request, forward) {
      const query = queryOf(request);
      const fromQuery = query.get('access_token');
      if (request.headers.authorization !== undefined || fromQuery === null) return forward(request);
      query.delete('access_token');
      return forward(withHeader(withQuery(request, query), 'authorization', `Bearer ${fromQuery}`));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await call(target, `/institutions?access_token=${encodeURIComponent(tok)}`);
        if (ok(reply.status)) return 'a request with the token in the query and no bearer header was served';
        return null;
      }),
  },
  {
    name: 'r2-auth-jobs-public',
    group: 'auth',
    clause: 'All endpoints except the token endpoint require the bearer header (see Authentication).',
    why: 'GET /jobs/{job.id} is served without any Authorization header, although only the token endpoint is exempt.',
    async handle(request, forward) {
      if (
        route(request, 'GET', /^\/jobs\/([^/]+)\/?$/) !== null &&
        request.headers.authorization === undefined &&
        lastBearer !== undefined
      )
        return forward(withHeader(request, 'authorization', `Bearer ${lastBearer}`));
      const response = await forward(request);
      // Only a bearer the service accepted stands in, so the job is served whatever else was sent before
      // (a fix by the lead: the mutant first remembered any bearer, refused ones included).
      const bearer = bearerOf(request);
      if (bearer !== undefined && response.status < 300) lastBearer = bearer;
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { accepted } = await freshJob(target, tok);
        const reply = await call(target, resolve(target, accepted.links.self));
        if (ok(reply.status)) return 'a job was served to a request without a bearer header';
        return null;
      }),
  },
  {
    name: 'r2-auth-bare-token-accepted',
    group: 'auth',
    clause: 'Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`.',
    why: 'an Authorization header holding the token without the Bearer scheme is accepted, so the bearer header is not required.',
    handle(request, forward) {
      const header = request.headers.authorization;
      if (header !== undefined && /^\s*\S+\s*$/.test(header))
        return forward(withHeader(request, 'authorization', `Bearer ${header.trim()}`));
      return forward(request);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await call(target, '/institutions', { headers: { Authorization: tok } });
        if (ok(reply.status)) return 'an Authorization header without the Bearer scheme was accepted';
        return null;
      }),
  },
];
