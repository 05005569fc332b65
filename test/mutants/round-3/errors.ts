/** Error-response mutants. */
import { RANDOM_UUID, api, call, errorCode, guarded, isErrorList, token } from '../client.ts';
import { arr, obj, readJsonObject, route } from '../mutant.ts';
import type { Mutant } from '../mutant.ts';
import { isTokenRequest } from './token.ts';
import { UUID_SHAPE, firstCode, rewriteError, uuidFrom } from './util.ts';

const correlationIdPerToken: Mutant = {
  name: 'r3-errors-correlation-id-per-token',
  group: 'errors',
  clause: 'identifier of the request, a UUID-shaped string',
  why: 'every error answered to the same credentials carries the same correlationId, so it identifies the caller, not the request.',
  async handle(request, forward) {
    const response = await forward(request);
    const credentials = request.headers.authorization;
    if (credentials === undefined) return response;
    return rewriteError(response, (body) => {
      body.correlationId = uuidFrom(credentials);
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const first = await api(target, `/jobs/${RANDOM_UUID}`, tok);
      const second = await api(target, `/users/${RANDOM_UUID}/connections`, tok);
      if (!isErrorList(first.json) || !isErrorList(second.json))
        return 'an unknown job or user is not answered with an error list';
      if (first.json.correlationId === second.json.correlationId) {
        return `two different failed requests share correlationId ${first.json.correlationId}`;
      }
      return null;
    }),
};

const correlationIdUnshapedOnNotFound: Mutant = {
  name: 'r3-errors-correlation-id-unshaped-on-not-found',
  group: 'errors',
  clause: 'identifier of the request, a UUID-shaped string',
  why: 'answers 404 carry a correlationId of the form req-<digits>, which is not UUID-shaped.',
  async handle(request, forward) {
    const response = await forward(request);
    if (response.status !== 404) return response;
    return rewriteError(response, (body) => {
      body.correlationId = `req-${String(Date.now())}`;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, `/jobs/${RANDOM_UUID}`, tok);
      if (!isErrorList(reply.json)) return `an unknown job is answered ${reply.status} without an error list`;
      if (!UUID_SHAPE.test(reply.json.correlationId)) {
        return `correlationId ${reply.json.correlationId} of a ${reply.status} answer is not UUID-shaped`;
      }
      return null;
    }),
};

const unknownConnectionRedirects: Mutant = {
  name: 'r3-errors-unknown-connection-redirects',
  group: 'errors',
  clause:
    'Success: 200 with a connection including profile, institution and accounts. Error when the identifier is not valid.',
  why: "a connection identifier that names none of the user's connections is redirected (303) to the user's connection list instead of being answered with an error.",
  async handle(request, forward) {
    const response = await forward(request);
    if (!route(request, 'GET', /^\/users\/([^/]+)\/connections\/([^/]+)$/) || response.status !== 404)
      return response;
    return { status: 303, headers: { location: '../connections' }, body: Buffer.alloc(0) };
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(
        target,
        `/users/${target.profile.fixtures.userId}/connections/${RANDOM_UUID}`,
        tok,
      );
      if (reply.status < 400 || !isErrorList(reply.json)) {
        return `a connection id naming no connection ends in ${reply.status} without an error list`;
      }
      return null;
    }),
};

const unsupportedGrantType401: Mutant = {
  name: 'r3-errors-unsupported-grant-type-401',
  group: 'errors',
  clause: '| unsupported-grant-type | 400 | the grant type is not supported |',
  why: 'an unsupported grant type is refused with status 401, while the table fixes 400 for unsupported-grant-type.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request) || response.status !== 400) return response;
    const body = readJsonObject(response);
    return body !== undefined && firstCode(body) === 'unsupported-grant-type'
      ? { ...response, status: 401 }
      : response;
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
        body: 'grant_type=password&scope=SERVER_ACCESS',
      });
      if (errorCode(reply) === 'unsupported-grant-type' && reply.status !== 400) {
        return `unsupported-grant-type is answered with status ${reply.status}`;
      }
      return null;
    }),
};

const errorTypeCapitalised: Mutant = {
  name: 'r3-errors-error-type-capitalised',
  group: 'errors',
  clause: '| type | string | `error` |',
  why: 'errors answered to POST requests carry error objects of type "Error" instead of "error".',
  async handle(request, forward) {
    const response = await forward(request);
    if (request.method.toUpperCase() !== 'POST') return response;
    return rewriteError(response, (body) => {
      for (const item of arr(body.data)) {
        const error = obj(item);
        if (error.type === 'error') error.type = 'Error';
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, '/users', tok, { method: 'POST', body: { email: '' } });
      if (reply.status < 400) return `an empty e-mail is answered ${reply.status}`;
      const data = arr(obj(reply.json).data);
      const wrong = data.find((e) => obj(e).type !== 'error');
      if (data.length === 0 || wrong !== undefined) {
        return `an error object of a POST answer has type ${JSON.stringify(obj(wrong).type)}`;
      }
      return null;
    }),
};

export const errorMutants: Mutant[] = [
  correlationIdPerToken,
  correlationIdUnshapedOnNotFound,
  unknownConnectionRedirects,
  unsupportedGrantType401,
  errorTypeCapitalised,
];
