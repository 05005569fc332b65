/** Round 1, error responses. */
import { api, call, guarded, isErrorList, token } from '../client.ts';
import type { ErrorList, Reply } from '../client.ts';
import { obj, readJsonObject, route, withJson } from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest, MutantResponse, Target } from '../mutant.ts';
import { retiredVersionProbe, unsupportedScopeProbe } from './token.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An error-list body of an error response, or undefined. */
function errorBody(response: MutantResponse): JsonObject | undefined {
  const body = readJsonObject(response);
  return response.status >= 400 && body?.type === 'list' && Array.isArray(body.data) ? body : undefined;
}

/** Rewrites the first error object of an error list. */
function editFirstError(body: JsonObject, edit: (error: JsonObject) => JsonObject): JsonObject {
  const [first, ...rest] = body.data as unknown[];
  return { ...body, data: [edit(obj(first)), ...rest] };
}

function describe(reply: Reply): string {
  return `${reply.status} ${reply.text.slice(0, 60).replace(/\s+/g, ' ')}`;
}

/** An unauthenticated request, and a malformed job id, each answer a 4xx with an error list. */
function errorListProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const bare = await call(target, '/institutions', { token: null });
    if (bare.status < 400 || !isErrorList(bare.json))
      return `GET /institutions without a token answered ${describe(bare)}`;
    const tok = await token(target);
    const job = await api(target, '/jobs/not-a-job-id', tok);
    if (job.status < 400 || !isErrorList(job.json)) return `GET /jobs/not-a-job-id answered ${describe(job)}`;
    return null;
  });
}

const isJobRequest = (request: MutantRequest) => route(request, 'GET', /^\/jobs\/([^/]+)$/) !== null;

export const errorMutants: Mutant[] = [
  {
    name: 'r1-errors-401-bodyless',
    group: 'errors',
    clause: 'An error response has a valid HTTP status and the error list body (see Resources).',
    why: 'a refused request without a token is answered 401 with an empty body instead of the error list.',
    async handle(request, forward) {
      const response = await forward(request);
      if (response.status !== 401) return response;
      const headers = { ...response.headers };
      delete headers['content-type'];
      return { ...response, headers, body: Buffer.alloc(0) };
    },
    probe: errorListProbe,
  },
  {
    name: 'r1-errors-job-error-as-text',
    group: 'errors',
    clause: 'An error response has a valid HTTP status and the error list body (see Resources).',
    why: 'an invalid job identifier is refused with a plain-text body instead of the error list.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isJobRequest(request) || response.status < 400) return response;
      return {
        status: response.status,
        headers: { 'content-type': 'text/plain' },
        body: Buffer.from('Not Found'),
      };
    },
    probe: errorListProbe,
  },
  {
    name: 'r1-errors-job-error-status-200',
    group: 'errors',
    clause: 'An error response has a valid HTTP status and the error list body (see Resources).',
    why: 'an invalid job identifier gets its error list under status 200, a success status.',
    async handle(request, forward) {
      const response = await forward(request);
      return isJobRequest(request) && response.status >= 400 ? { ...response, status: 200 } : response;
    },
    probe: errorListProbe,
  },
  {
    name: 'r1-errors-correlation-id-constant',
    group: 'errors',
    clause: 'identifier of the request, a UUID-shaped string',
    why: 'every error carries the same correlationId, so it identifies no particular request.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = errorBody(response);
      return body
        ? withJson(response, { ...body, correlationId: '00000000-0000-4000-8000-000000000000' })
        : response;
    },
    probe: (target) =>
      guarded(async () => {
        const a = await call(target, '/institutions', { token: null });
        const b = await call(target, '/institutions', { token: null });
        const ids = [a, b].map((r) => (r.json as ErrorList | undefined)?.correlationId);
        if (ids.some((id) => typeof id !== 'string' || !UUID.test(id)))
          return `correlationIds ${ids.join(', ')}`;
        return ids[0] === ids[1] ? `two requests share correlationId ${String(ids[0])}` : null;
      }),
  },
  {
    name: 'r1-errors-enrich-parameter-misnamed',
    group: 'errors',
    clause:
      'Enrich: invalid parameter values return 400 with code `parameter-not-valid` and `source.parameter` naming the parameter (for example `accountType`).',
    why: 'source.parameter names q whatever parameter is at fault, so an invalid accountType is blamed on q.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = errorBody(response);
      if (!route(request, 'GET', /^\/enrich$/) || !body) return response;
      return withJson(
        response,
        editFirstError(body, (e) => ({ ...e, source: { parameter: 'q' } })),
      );
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { institution, country, matchingQuery } = target.profile.fixtures.enrich;
        const query = new URLSearchParams({
          q: matchingQuery,
          institution,
          country,
          accountType: 'chequing',
        });
        const reply = await api(target, `/enrich?${query.toString()}`, tok);
        const first = isErrorList(reply.json) ? reply.json.data[0] : undefined;
        if (
          reply.status !== 400 ||
          first?.code !== 'parameter-not-valid' ||
          first.source?.parameter !== 'accountType'
        ) {
          return `accountType=chequing answered ${reply.status} ${String(first?.code)} source.parameter ${String(first?.source?.parameter)}`;
        }
        return null;
      }),
  },
  {
    name: 'r1-errors-token-bad-scope-500',
    group: 'errors',
    clause:
      'required parameter missing, unsupported parameter value (other than grant type), or malformed request',
    why: 'an unsupported scope value, a client error the table maps to 400 invalid-request, is answered 500 internal-server-error.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = errorBody(response);
      if (
        !route(request, 'POST', /^\/token$/) ||
        !body ||
        obj((body.data as unknown[])[0]).code !== 'invalid-request'
      ) {
        return response;
      }
      const edited = editFirstError(body, (e) => ({
        ...e,
        code: 'internal-server-error',
        title: 'Internal server error',
      }));
      return { ...withJson(response, edited), status: 500 };
    },
    probe: unsupportedScopeProbe,
  },
  {
    name: 'r1-errors-retired-version-code',
    group: 'errors',
    clause:
      'Authorization header parameter required or invalid, or the requested older version is no longer supported',
    why: 'a retired version is refused with code invalid-request, while the table gives parameter-not-valid for it.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = errorBody(response);
      const version = Number(request.headers['service-version']);
      if (!route(request, 'POST', /^\/token$/) || !body || !(version < 2)) return response;
      return withJson(
        response,
        editFirstError(body, (e) =>
          e.code === 'parameter-not-valid' ? { ...e, code: 'invalid-request' } : e,
        ),
      );
    },
    probe: retiredVersionProbe,
  },
];
