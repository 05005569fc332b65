/** Round 5: error answers. */
import { RANDOM_UUID, api, call, errorCode, guarded, isErrorList, requestToken, token } from '../client.ts';
import { obj, route, str, withJson } from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest, MutantResponse } from '../mutant.ts';
import { UUID_SHAPE, enrichPath, isTokenRequest, jsonOf, postExpenses } from './shared.ts';

const ERROR_RESPONSE_CLAUSE =
  'An error response has a valid HTTP status and the error list body (see Resources).';

/** The error-list body of an error response, or undefined. */
function errorBody(response: MutantResponse): JsonObject | undefined {
  if (response.status < 400) return undefined;
  const body = jsonOf(response);
  return body?.type === 'list' && Array.isArray(body.data) ? body : undefined;
}

function firstError(body: JsonObject | undefined): JsonObject {
  return obj(Array.isArray(body?.data) ? body.data[0] : undefined);
}

function textResponse(status: number, text: string, headers: Record<string, string> = {}): MutantResponse {
  return { status, headers: { 'content-type': 'text/plain', ...headers }, body: Buffer.from(text, 'utf8') };
}

function isConnectionUpdate(request: MutantRequest): boolean {
  return route(request, 'POST', /^\/users\/[^/]+\/connections\/[^/]+$/) !== null;
}

const FIXED_CORRELATION = 'c0ffee00-0000-4000-8000-000000000000';
const correlationConstant: Mutant = {
  name: 'r5-errors-correlation-id-constant',
  group: 'errors',
  clause: '| correlationId | string | identifier of the request, a UUID-shaped string |',
  why: 'correlationId identifies the request, so two different requests cannot carry the same one.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = errorBody(response);
    return body ? withJson(response, { ...body, correlationId: FIXED_CORRELATION }) : response;
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const one = await api(target, `/jobs/${RANDOM_UUID}`, tok);
      const two = await api(target, `/institutions/ZZ00000`, tok);
      const a = str(obj(one.json).correlationId);
      const b = str(obj(two.json).correlationId);
      if (!isErrorList(one.json) || !isErrorList(two.json))
        return `errors answered ${one.status} and ${two.status} without error lists`;
      return a === b ? `two different requests share correlationId ${String(a)}` : null;
    }),
};

const updateErrorNotList: Mutant = {
  name: 'r5-errors-update-error-not-list',
  group: 'errors',
  clause: ERROR_RESPONSE_CLAUSE,
  why: 'Every error response carries the error list body, the connection update included.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = errorBody(response);
    if (!isConnectionUpdate(request) || !body) return response;
    return withJson(response, { message: str(firstError(body).detail) ?? 'error' });
  },
  probe: (target) =>
    guarded(async () => {
      const { userId, connectionId } = target.profile.fixtures;
      const reply = await api(target, `/users/${userId}/connections/${connectionId}`, await token(target), {
        method: 'POST',
        body: {},
      });
      if (reply.status < 400) return null;
      return isErrorList(reply.json)
        ? null
        : `a failed connection update (${reply.status}) has no error list body`;
    }),
};

const jobErrorAs200: Mutant = {
  name: 'r5-errors-job-error-as-200',
  group: 'errors',
  clause: ERROR_RESPONSE_CLAUSE,
  why: 'An error list sent with a success status is an error response without a valid error status.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', /^\/jobs\/[^/]+$/) === null || !errorBody(response)) return response;
    return { ...response, status: 200 };
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(target, `/jobs/${RANDOM_UUID}`, await token(target));
      if (isErrorList(reply.json) && reply.status < 400)
        return `an error list came with status ${reply.status}`;
      return reply.status >= 400 ? null : `an unknown job answered ${reply.status}`;
    }),
};

const enrichCountryCode: Mutant = {
  name: 'r5-errors-enrich-country-code',
  group: 'errors',
  clause:
    'Enrich: invalid parameter values return 400 with code `parameter-not-valid` and `source.parameter` naming the parameter (for example `accountType`).',
  why: 'An invalid enrich parameter value is parameter-not-valid; invalid-request is another code.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = errorBody(response);
    if (route(request, 'GET', /^\/enrich$/) === null || !body) return response;
    const first = firstError(body);
    if (str(obj(first.source).parameter) !== 'country') return response;
    return withJson(response, { ...body, data: [{ ...first, code: 'invalid-request' }] });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(
        target,
        enrichPath(target, { q: target.profile.fixtures.enrich.matchingQuery, country: 'AUS' }),
        await token(target),
      );
      const parameter = str(obj(firstError(obj(reply.json)).source).parameter);
      const code = errorCode(reply);
      return reply.status === 400 && code === 'parameter-not-valid' && parameter === 'country'
        ? null
        : `country=AUS answered ${reply.status} ${code ?? ''} naming ${parameter ?? 'nothing'}`;
    }),
};

const grantTypeCode: Mutant = {
  name: 'r5-errors-grant-type-code',
  group: 'errors',
  clause: '| unsupported-grant-type | 400 | the grant type is not supported |',
  why: 'A grant type the service does not support is unsupported-grant-type; invalid-request excludes grant types explicitly.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = errorBody(response);
    const first = firstError(body);
    if (!isTokenRequest(request) || !body || first.code !== 'unsupported-grant-type') return response;
    return withJson(response, { ...body, data: [{ ...first, code: 'invalid-request' }] });
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
      if (reply.status === 200) return null;
      const code = errorCode(reply);
      return code === 'unsupported-grant-type' && reply.status === 400
        ? null
        : `grant_type=password answered ${reply.status} ${code ?? ''}`;
    }),
};

const affordabilityErrorText: Mutant = {
  name: 'r5-errors-affordability-error-text',
  group: 'errors',
  clause: ERROR_RESPONSE_CLAUSE,
  why: 'An unknown snapshot is an error, and every error response has the error list body, not plain text.',
  async handle(request, forward) {
    const response = await forward(request);
    const isSnapshot = route(request, 'GET', /^\/users\/[^/]+\/affordability\/[^/]+\/transactions$/) !== null;
    return isSnapshot && errorBody(response) ? textResponse(response.status, 'Not Found') : response;
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(
        target,
        `/users/${target.profile.fixtures.userId}/affordability/${RANDOM_UUID}/transactions`,
        await token(target),
      );
      if (reply.status < 400) return `an unknown snapshot answered ${reply.status}`;
      return isErrorList(reply.json)
        ? null
        : `an unknown snapshot answered ${reply.status} without an error list`;
    }),
};

let institutionCalls = 0;
const rateLimitBare: Mutant = {
  name: 'r5-errors-rate-limit-bare',
  group: 'errors',
  clause: ERROR_RESPONSE_CLAUSE,
  why: 'A rate-limited request gets an error response, and every error response has the error list body.',
  async handle(request, forward) {
    if (route(request, 'GET', /^\/institutions\/[^/]+$/) !== null) {
      institutionCalls += 1;
      if (institutionCalls % 5 === 0) return textResponse(429, 'Too Many Requests', { 'retry-after': '1' });
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      for (let i = 0; i < 12; i += 1) {
        const reply = await api(target, `/institutions/${target.profile.fixtures.institutionId}`, tok);
        if (reply.status >= 400 && !isErrorList(reply.json)) {
          return `request ${i + 1} answered ${reply.status} without an error list`;
        }
      }
      return null;
    }),
};

const expensesErrorType: Mutant = {
  name: 'r5-errors-expenses-error-type',
  group: 'errors',
  clause: '| type | string | `list` |',
  why: 'The error list body has type list on every endpoint, expenses included.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = errorBody(response);
    if (route(request, 'POST', /^\/users\/[^/]+\/expenses$/) === null || !body) return response;
    return withJson(response, { ...body, type: 'errors' });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await postExpenses(target, await token(target), {}, RANDOM_UUID);
      if (reply.status < 400) return `expenses of an unknown user answered ${reply.status}`;
      const type = obj(reply.json).type;
      return type === 'list' ? null : `the expenses error body has type ${JSON.stringify(type)}`;
    }),
};

let tokenErrors = 0;
const tokenCorrelationNotUuid: Mutant = {
  name: 'r5-errors-token-correlation-not-uuid',
  group: 'errors',
  clause: '| correlationId | string | identifier of the request, a UUID-shaped string |',
  why: 'correlationId is a UUID-shaped string; a counter is not UUID-shaped.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = errorBody(response);
    if (!isTokenRequest(request) || !body) return response;
    tokenErrors += 1;
    return withJson(response, { ...body, correlationId: `req-${tokenErrors}` });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await requestToken(target, { apiKey: `nobody${crypto.randomUUID().replace(/-/g, '')}` });
      if (reply.status < 400) return `an unknown key answered ${reply.status}`;
      const id = obj(reply.json).correlationId;
      return typeof id === 'string' && UUID_SHAPE.test(id)
        ? null
        : `token error correlationId ${JSON.stringify(id)}`;
    }),
};

export const errorsMutants: Mutant[] = [
  correlationConstant,
  updateErrorNotList,
  jobErrorAs200,
  enrichCountryCode,
  grantTypeCode,
  affordabilityErrorText,
  rateLimitBare,
  expensesErrorType,
  tokenCorrelationNotUuid,
];
