import type { Exchange } from '../../src/client/exchange.ts';
import { check, NotExercised } from '../../src/checks/check.ts';
import { describeAnswer, describeRequest, Finding } from '../../src/checks/findings.ts';
import { violationsOf } from '../../src/checks/resource.ts';
import { api, perRunValue, runSettings } from '../../src/checks/run-context.ts';
import { formatViolations } from '../../src/validation/validator.ts';
import {
  errorListProblem,
  errorObjects,
  garbageCredential,
  invalidTokenRequests,
  looksLikeErrorList,
  tokenRefusals,
} from '../token/support.ts';

/**
 * The error list (spec: Resources > Error list, Error object; Errors), judged on refusals the suite
 * provokes across endpoints: the token endpoint's table, authentication refusals, unknown ids, invalid
 * parameters, an invalid body and bodies that are not JSON at all. Each is sent once, all at once; each
 * check reads what it concerns.
 */

const placeholderId = 'fds-conformance-unknown-id';

interface Provoked {
  what: string;
  exchange: Exchange;
}

/** A body that is JSON to no parser, under content type application/json, sent with the run's token. */
function postNotJson(path: string, truncated: string): Promise<Exchange> {
  const headers = { 'content-type': 'application/json' };
  return api().authorized({ method: 'POST', path, body: truncated, headers });
}

/**
 * Requests other than to the token endpoint that every reading of the spec refuses: no or a forged
 * credential, unknown ids, missing parameters, an invalid body, bodies that are not JSON (ERR-11).
 */
const invalidRequests = perRunValue('auth:invalid-requests', async (): Promise<Provoked[]> => {
  const { profile } = runSettings();
  const { userId, connectionId } = profile.fixtures;
  const user = encodeURIComponent(userId ?? placeholderId);
  const requests: [string, Promise<Exchange>][] = [
    ['GET without Authorization', api().raw({ path: '/institutions' })],
    [
      'GET with a bearer token nobody issued',
      api().raw({
        path: '/institutions',
        authorization: `Bearer ${garbageCredential('fds')}`,
        credential: 'probe',
      }),
    ],
    ['GET of an unknown institution id', api().get(`/institutions/${placeholderId}`)],
    ['GET of an unknown job id', api().get(`/jobs/${placeholderId}`)],
    ['GET of an unknown connection id', api().get(`/users/${user}/connections/${placeholderId}`)],
    ['GET /enrich without its required parameters', api().get('/enrich')],
  ];
  // An invalid body is a write, refused or not; --read-only sends none.
  if (!profile.readOnly) {
    requests.push(
      ['POST /users with neither email nor mobile', api().post('/users', {})],
      ['POST /users with a body that is not JSON', postNotJson('/users', '{"email": ')],
    );
    if (userId) {
      const expenses = `/users/${user}/expenses`;
      requests.push(['POST expenses with a body that is not JSON', postNotJson(expenses, '{"fromMonth": ')]);
    }
    if (userId && connectionId) {
      const connection = `/users/${user}/connections/${encodeURIComponent(connectionId)}`;
      const what = 'POST a connection update with a body that is not JSON';
      requests.push([what, postNotJson(connection, '{"password": ')]);
    }
  }
  // A request that could not be sent (no token to be had, say) provokes nothing; the rest still count.
  const answers = await Promise.allSettled(requests.map(([, promise]) => promise));
  return requests.flatMap(([what], i) => {
    const answer = answers[i];
    return answer?.status === 'fulfilled' ? [{ what, exchange: answer.value }] : [];
  });
});

const provoked = perRunValue('auth:provoked-errors', async (): Promise<Provoked[]> => {
  const token = await tokenRefusals();
  return [
    ...(await invalidTokenRequests()),
    // Refused or answered with a token, as the service reads them: error lists only when refused.
    { what: 'POST /token without scope', exchange: token.noScope },
    { what: 'POST /token with a JSON body', exchange: token.jsonBody },
    ...(await invalidRequests()),
  ];
});

/** Provoked requests answered as errors: a 4xx or 5xx status, or an error list under another status. */
async function errorResponses(): Promise<Provoked[]> {
  const all = await provoked();
  const errors = all.filter(({ exchange }) => {
    const response = exchange.response;
    return response !== undefined && (response.status >= 400 || looksLikeErrorList(response.body));
  });
  if (errors.length === 0) {
    throw new NotExercised(
      `none of the ${all.length} invalid requests the suite sent was answered with an error`,
    );
  }
  return errors;
}

/** Error responses whose body is a JSON object: those whose members the ERR requirements judge. */
async function errorLists(): Promise<Provoked[]> {
  const lists = (await errorResponses()).filter(({ exchange }) => {
    const body = exchange.response?.body;
    return typeof body === 'object' && body !== null && !Array.isArray(body);
  });
  if (lists.length === 0) throw new NotExercised('no error response had a JSON object body (see ERR-01)');
  return lists;
}

function fail(item: Provoked, message: string): never {
  throw new Finding(`${describeRequest(item.exchange)} (${item.what}): ${message}`, item.exchange);
}

/** Schema violations of the error list at pointers matching the pattern (exact, `N` for an index). */
function violationsAt(item: Provoked, pattern: RegExp) {
  return violationsOf(item.exchange.response?.body, 'error-list').filter((v) => pattern.test(v.pointer));
}

function expectNoViolations(pattern: RegExp, lists: Provoked[]): void {
  for (const item of lists) {
    const violations = violationsAt(item, pattern);
    if (violations.length > 0) fail(item, `the error list is wrong:\n${formatViolations(violations)}`);
  }
}

check(
  'Every error response to an invalid request has a 4xx or 5xx status and an error-list body',
  ['ERR-01'],
  async () => {
    for (const item of await errorResponses()) {
      const status = item.exchange.response?.status ?? 0;
      if (status < 400 || status > 599) {
        fail(item, `an error list came with status ${status}; an error response has a 4xx or 5xx status`);
      }
      const problem = errorListProblem(item.exchange);
      if (problem) fail(item, `${problem}: ${describeAnswer(item.exchange)}`);
    }
  },
);

check('Error lists carry type "list"', ['ERR-02'], async () => {
  expectNoViolations(/^\/type$/, await errorLists());
});

check('Error lists carry correlationId, a UUID-shaped string', ['ERR-03'], async () => {
  expectNoViolations(/^\/correlationId$/, await errorLists());
});

check('Two error responses carry different correlationIds', ['ERR-04'], async () => {
  const seen = new Map<string, Provoked>();
  for (const item of await errorLists()) {
    const id = (item.exchange.response?.body as { correlationId?: unknown }).correlationId;
    if (typeof id !== 'string') continue;
    const earlier = seen.get(id);
    if (earlier) {
      fail(
        item,
        `correlationId ${id} was already given to ${describeRequest(earlier.exchange)} (${earlier.what})`,
      );
    }
    seen.set(id, item);
  }
  if (seen.size < 2) throw new NotExercised('fewer than two error lists carried a correlationId to compare');
});

check('Error lists carry data, an array of error objects', ['ERR-05'], async () => {
  for (const item of await errorLists()) {
    const data = (item.exchange.response?.body as { data?: unknown }).data;
    if (!Array.isArray(data))
      fail(item, `expected data to be an array of error objects, got ${JSON.stringify(data)}`);
    const index = data.findIndex((e) => typeof e !== 'object' || e === null || Array.isArray(e));
    if (index >= 0)
      fail(item, `expected data[${index}] to be an error object, got ${JSON.stringify(data[index])}`);
  }
});

check('The data array of an error list is not empty', ['ERR-06'], async () => {
  for (const item of await errorLists()) {
    const data = (item.exchange.response?.body as { data?: unknown }).data;
    if (Array.isArray(data) && data.length === 0) fail(item, 'the error list names no error (data is [])');
  }
});

check('Each error object carries type "error"', ['ERR-07'], async () => {
  expectNoViolations(/^\/data\/\d+\/type$/, await errorLists());
});

check('Each error object carries code, title and detail, all strings', ['ERR-08'], async () => {
  expectNoViolations(/^\/data\/\d+\/(code|title|detail)$/, await errorLists());
});

// An error naming no parameter may leave source out, or send it null or empty, or a null parameter.
check(
  "An error object's source, when present and not null, is an object whose parameter, when present and not null, is a string",
  ['ERR-09'],
  async () => {
    for (const item of await errorLists()) {
      for (const [index, error] of (errorObjects(item.exchange.response?.body) ?? []).entries()) {
        const { source } = error;
        if (source === undefined || source === null) continue;
        if (typeof source !== 'object' || Array.isArray(source)) {
          fail(item, `expected data[${index}].source to be an object, got ${JSON.stringify(source)}`);
        }
        const { parameter } = source as { parameter?: unknown };
        if (parameter !== undefined && parameter !== null && typeof parameter !== 'string') {
          fail(
            item,
            `expected data[${index}].source.parameter to be a string, got ${JSON.stringify(parameter)}`,
          );
        }
      }
    }
  },
);

check('A token request refused for its scope names scope in source.parameter', ['ERR-10'], async () => {
  const { noScope, otherScope } = await tokenRefusals();
  const refused = [
    { what: 'no scope', exchange: noScope },
    { what: 'an unsupported scope', exchange: otherScope },
  ].filter(
    ({ exchange }) => (exchange.response?.status ?? 0) === 400 && errorObjects(exchange.response?.body),
  );
  if (refused.length === 0) throw new NotExercised('no token request was refused with 400 for its scope');
  for (const item of refused) {
    const named = (errorObjects(item.exchange.response?.body) ?? []).map(
      (e) => (e.source as { parameter?: unknown } | undefined)?.parameter,
    );
    if (!named.some((p) => typeof p === 'string' && p.toLowerCase() === 'scope')) {
      fail(item, `expected an error naming source.parameter "scope", got ${JSON.stringify(named)}`);
    }
  }
});

check(
  'Deliberately invalid requests (credentials, unknown ids, missing parameters, bodies that are not JSON, the token table) are refused with a 4xx error list, never a 5xx',
  ['ERR-11'],
  async () => {
    for (const item of [...(await invalidTokenRequests()), ...(await invalidRequests())]) {
      const status = item.exchange.response?.status ?? 0;
      if (status < 400 || status > 499) {
        fail(item, `expected a refusal with a 4xx status, got ${describeAnswer(item.exchange)}`);
      }
      const problem = errorListProblem(item.exchange);
      if (problem) fail(item, `${problem}: ${describeAnswer(item.exchange)}`);
    }
  },
);
