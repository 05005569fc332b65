/** Round 2, error answers. */
import { api, call, errorCode, guarded, isErrorList, requestToken, token } from '../client.ts';
import type { Mutant } from '../mutant.ts';
import { codeOf, editError, enrichPath, ok } from './helpers.ts';
import { isEnrich } from './enrich.ts';
import { isTokenRequest, tokenWithoutKey } from './token.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
let sequence = 0;

export const errorMutants: Mutant[] = [
  {
    name: 'r2-errors-enrich-code-invalid-request',
    group: 'errors',
    clause:
      'Enrich: invalid parameter values return 400 with code `parameter-not-valid` and `source.parameter` naming the parameter (for example `accountType`).',
    why: 'an invalid enrich parameter is refused with code invalid-request instead of parameter-not-valid.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isEnrich(request) || codeOf(response) !== 'parameter-not-valid') return response;
      return editError(response, (_body, first) => {
        first.code = 'invalid-request';
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(
          target,
          enrichPath(target, { accountType: 'not-an-account-type', amount: '-5.00' }),
          tok,
        );
        if (errorCode(reply) !== 'parameter-not-valid')
          return `an invalid accountType was refused with code ${String(errorCode(reply))}`;
        return null;
      }),
  },
  {
    name: 'r2-errors-enrich-status-422',
    group: 'errors',
    clause: 'Invalid parameters return an error list (400).',
    why: 'invalid enrich parameters are refused with status 422 instead of the 400 the spec names.',
    async handle(request, forward) {
      const response = await forward(request);
      if (isEnrich(request) && response.status === 400) return { ...response, status: 422 };
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(
          target,
          enrichPath(target, { accountType: 'not-an-account-type', amount: '-5.00' }),
          tok,
        );
        if (reply.status !== 400) return `an invalid accountType was answered ${reply.status}, not 400`;
        return null;
      }),
  },
  {
    name: 'r2-errors-correlation-id-sequential',
    group: 'errors',
    clause: 'identifier of the request, a UUID-shaped string',
    why: 'error lists carry a sequential "req-N" correlationId, which is not UUID-shaped.',
    async handle(request, forward) {
      const response = await forward(request);
      if (ok(response.status)) return response;
      return editError(response, (body) => {
        if (typeof body.correlationId === 'string') body.correlationId = `req-${(sequence += 1)}`;
      });
    },
    probe: (target) =>
      guarded(async () => {
        const replies = [
          await call(target, '/institutions'),
          await requestToken(target, { apiKey: 'no-such-key' }),
        ];
        for (const reply of replies) {
          if (!isErrorList(reply.json)) return `an error (${reply.status}) has no error list body`;
          if (!UUID.test(reply.json.correlationId))
            return `correlationId ${reply.json.correlationId} is not UUID-shaped`;
        }
        return null;
      }),
  },
  {
    name: 'r2-errors-token-missing-header-invalid-grant',
    group: 'errors',
    clause: 'Authorization header parameter required or invalid',
    why: 'a token request without an Authorization header is refused with invalid-grant, while a missing header is the parameter-not-valid row.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isTokenRequest(request) || request.headers.authorization !== undefined) return response;
      if (codeOf(response) !== 'parameter-not-valid') return response;
      return editError(response, (_body, first) => {
        first.code = 'invalid-grant';
      });
    },
    probe: (target) =>
      guarded(async () => {
        const reply = await tokenWithoutKey(target);
        if (reply.status !== 400 || errorCode(reply) !== 'parameter-not-valid')
          return `a token request without Authorization was answered ${reply.status} ${String(errorCode(reply))}`;
        return null;
      }),
  },
  {
    name: 'r2-errors-token-invalid-client-returned',
    group: 'errors',
    clause: 'no longer returned; application authentication failed',
    why: 'an unknown API key is refused with code invalid-client (status unchanged), a row the table says is no longer returned.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isTokenRequest(request) || codeOf(response) !== 'invalid-grant') return response;
      return editError(response, (_body, first) => {
        first.code = 'invalid-client';
      });
    },
    probe: (target) =>
      guarded(async () => {
        const reply = await requestToken(target, { apiKey: `unknown-key-${crypto.randomUUID()}` });
        const code = errorCode(reply);
        if (code === 'invalid-client' || code === 'unauthorized-client')
          return `an unknown key was refused with ${code}, which is no longer returned`;
        if (ok(reply.status)) return 'an unknown key was issued a token';
        return null;
      }),
  },
  {
    name: 'r2-errors-grant-type-as-invalid-request',
    group: 'errors',
    clause: 'unsupported parameter value (other than grant type)',
    why: 'an unsupported grant type is refused with invalid-request, although the table excludes grant type from that row and gives it unsupported-grant-type.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isTokenRequest(request) || codeOf(response) !== 'unsupported-grant-type') return response;
      return editError(response, (_body, first) => {
        first.code = 'invalid-request';
      });
    },
    probe: (target) =>
      guarded(async () => {
        const { profile } = target;
        const reply = await call(target, '/token', {
          method: 'POST',
          headers: {
            Authorization: `Basic ${profile.apiKey}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            [profile.versionHeader]: profile.version,
          },
          body: new URLSearchParams({
            scope: 'SERVER_ACCESS',
            grant_type: 'urn:example:bogus-grant',
          }).toString(),
        });
        if (ok(reply.status)) return null;
        if (errorCode(reply) !== 'unsupported-grant-type')
          return `a bogus grant type was refused with ${String(errorCode(reply))}, not unsupported-grant-type`;
        return null;
      }),
  },
];
