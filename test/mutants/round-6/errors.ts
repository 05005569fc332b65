/** Round 6: error answers. */
import { RANDOM_UUID, api, call, guarded, isErrorList, token } from '../client.ts';
import { obj, readJsonObject, route, str } from '../mutant.ts';
import type { Mutant } from '../mutant.ts';
import { editJson, errorsOf, firstError, isSuccess, isTokenRequest, sourceParameter } from './util.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isErrorBody(body: unknown): boolean {
  const list = obj(body);
  return list.type === 'list' && Array.isArray(list.data);
}

let requestCounter = 0;

const errJobCorrelationNotUuid: Mutant = {
  name: 'r6-err-job-correlation-not-uuid',
  group: 'errors',
  clause: '| correlationId | string | identifier of the request, a UUID-shaped string |',
  why: 'Every error list carries a UUID-shaped correlationId, those of the jobs endpoint as much as any other.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!/^\/jobs(\/|$)/.test(request.path) || response.status < 400) return response;
    return editJson(response, (body) => {
      if (!isErrorBody(body)) return;
      requestCounter += 1;
      body.correlationId = `req-${Date.now()}-${requestCounter}`;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      for (const id of [RANDOM_UUID, `job_${'0'.repeat(12)}`]) {
        const reply = await api(target, `/jobs/${id}`, tok);
        if (isSuccess(reply)) return `GET /jobs/${id} answered ${reply.status}`;
        if (!isErrorList(reply.json)) return `GET /jobs/${id} answered no error list`;
        const correlation = reply.json.correlationId;
        if (typeof correlation !== 'string' || !UUID.test(correlation))
          return `error of GET /jobs/${id} has correlationId ${String(correlation)}`;
      }
      return null;
    }),
};

const FIXED_CORRELATION = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const errCorrelationConstant: Mutant = {
  name: 'r6-err-correlation-constant',
  group: 'errors',
  clause: '| correlationId | string | identifier of the request, a UUID-shaped string |',
  why: 'An identifier of the request tells requests apart, so two different failed requests cannot share it.',
  async handle(request, forward) {
    const response = await forward(request);
    if (response.status < 400) return response;
    return editJson(response, (body) => {
      if (isErrorBody(body)) body.correlationId = FIXED_CORRELATION;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const one = await api(target, '/institutions/ins-zz-999', tok);
      const two = await api(target, `/jobs/${RANDOM_UUID}`, tok);
      if (!isErrorList(one.json) || !isErrorList(two.json))
        return `unknown institution and job answered ${one.status} and ${two.status} without error lists`;
      const a = one.json.correlationId;
      return a === two.json.correlationId ? `two different failed requests share correlationId ${a}` : null;
    }),
};

const errExpensesNotList: Mutant = {
  name: 'r6-err-expenses-not-list',
  group: 'errors',
  clause: 'An error response has a valid HTTP status and the error list body (see Resources).',
  why: 'Every error response has the error list body, including the refusal of an expense summary.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'POST', /^\/users\/([^/]+)\/expenses\/?$/) === null || response.status < 400)
      return response;
    const first = errorsOf(readJsonObject(response))[0];
    return editJson(response, (body) => {
      for (const name of Object.keys(body)) delete body[name];
      body.error = { code: str(first?.code) ?? 'error', message: str(first?.detail) ?? 'Request failed.' };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const user = target.profile.fixtures.userId;
      const reply = await api(target, `/users/${user}/expenses`, tok, {
        method: 'POST',
        body: { fromMonth: 'not-a-month' },
      });
      if (isSuccess(reply)) return null;
      return isErrorList(reply.json)
        ? null
        : `refused expense summary (${reply.status}) has no error list body`;
    }),
};

const errUsersSourceMobile: Mutant = {
  name: 'r6-err-users-source-mobile',
  group: 'errors',
  clause: '| source | object | holds `parameter`, the name of the offending parameter |',
  why: 'When the e-mail is what is wrong and no mobile was sent, source.parameter cannot name mobile.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'POST', /^\/users\/?$/) === null || response.status < 400) return response;
    return editJson(response, (body) => {
      for (const error of errorsOf(body)) {
        const source = obj(error.source);
        if (source.parameter === 'email') error.source = { ...source, parameter: 'mobile' };
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, '/users', tok, { method: 'POST', body: { email: '' } });
      if (isSuccess(reply)) return `user with an empty e-mail answered ${reply.status}`;
      const error = firstError(reply);
      const parameter = sourceParameter(error);
      return parameter === undefined || parameter === 'email'
        ? null
        : `empty e-mail refused naming source.parameter ${parameter}`;
    }),
};

const errTokenMissingHeaderCode: Mutant = {
  name: 'r6-err-token-missing-header-code',
  group: 'errors',
  clause:
    '| parameter-not-valid | 400 | Authorization header parameter required or invalid, or the requested older version is no longer supported |',
  why: 'A token request without any Authorization header misses a required header parameter, which the table codes parameter-not-valid.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isTokenRequest(request) || request.headers.authorization !== undefined || response.status !== 400)
      return response;
    return editJson(response, (body) => {
      for (const error of errorsOf(body))
        if (error.code === 'parameter-not-valid') error.code = 'invalid-grant';
    });
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
      if (reply.status !== 400) return `token request without Authorization answered ${reply.status}`;
      const code = firstError(reply)?.code;
      return code === 'parameter-not-valid'
        ? null
        : `token request without Authorization refused with ${String(code)}`;
    }),
};

const errEnrichAmount422: Mutant = {
  name: 'r6-err-enrich-amount-422',
  group: 'errors',
  clause: 'Invalid parameters return an error list (400).',
  why: 'The enrich endpoint states the status of an invalid parameter: 400, for amount as for any other.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', /^\/enrich\/?$/) === null || response.status !== 400) return response;
    const parameters = errorsOf(readJsonObject(response)).map((e) => sourceParameter(e));
    return parameters.includes('amount') ? { ...response, status: 422 } : response;
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { enrich } = target.profile.fixtures;
      const query = new URLSearchParams({
        q: enrich.matchingQuery,
        institution: enrich.institution,
        country: enrich.country,
        accountType: 'transaction',
        amount: '12abc',
      });
      const reply = await api(target, `/enrich?${query.toString()}`, tok);
      return reply.status === 400 ? null : `amount 12abc answered ${reply.status}`;
    }),
};

const errUpdateListType: Mutant = {
  name: 'r6-err-update-list-type',
  group: 'errors',
  clause: '| type | string | `list` |',
  why: 'The error list names its kind `list` on every endpoint, the connection update included.',
  async handle(request, forward) {
    const response = await forward(request);
    if (
      route(request, 'POST', /^\/users\/([^/]+)\/connections\/([^/]+)\/?$/) === null ||
      response.status < 400
    )
      return response;
    return editJson(response, (body) => {
      if (isErrorBody(body)) body.type = 'errors';
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId, connectionId } = target.profile.fixtures;
      const reply = await api(target, `/users/${userId}/connections/${connectionId}`, tok, {
        method: 'POST',
        body: {},
      });
      if (isSuccess(reply)) return `update without a password answered ${reply.status}`;
      const type = obj(reply.json).type;
      return type === 'list' ? null : `error of the connection update has type ${String(type)}`;
    }),
};

export const errorMutants: Mutant[] = [
  errJobCorrelationNotUuid,
  errCorrelationConstant,
  errExpensesNotList,
  errUsersSourceMobile,
  errTokenMissingHeaderCode,
  errEnrichAmount422,
  errUpdateListType,
];
