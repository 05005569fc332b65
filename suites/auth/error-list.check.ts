import type { Exchange } from '../../src/http/exchange.ts';
import { canProbe, check, NotExercised } from '../../src/checks/check.ts';
import { describeAnswer, describeRequest, Failure } from '../../src/checks/failures.ts';
import { violationsOf } from '../../src/checks/resource.ts';
import { api, perRunValue, runSettings } from '../../src/checks/run-context.ts';
import { formatViolations } from '../../src/validation/validator.ts';
import { errorObjects, isObject, looksLikeErrorList } from '../../src/checks/error-body.ts';
import { garbageCredential, invalidTokenRequests, tokenRefusals } from '../shared/token.ts';
import { errorListLabelledJson, errorListNotEmpty } from '../../src/rules/errors.ts';
import { reasonOf, type Verdict } from '../../src/rules/verdict.ts';
import { placeholderId } from './support.ts';

/**
 * The error list (spec: Resources > Error list, Error object; Errors), judged on refusals the suite
 * provokes across endpoints: the token endpoint's table, authentication refusals, unknown ids of every
 * kind the paths name, invalid parameters, invalid bodies and bodies that are not JSON at all; and, as a
 * SHOULD, on answers to a path or a method outside the interface (ERR-12). Each is sent once, all at
 * once; each check reads what it concerns.
 */

interface Provoked {
  what: string;
  exchange: Exchange;
}

/** A body that is JSON to no parser, under content type application/json, sent with the run's token. */
function postNotJson(path: string, truncated: string): Promise<Exchange> {
  const headers = { 'content-type': 'application/json' };
  return api().authorized({ method: 'POST', path, body: truncated, headers });
}

/** The requests' answers; one that could not be sent (no token to be had, say) provokes nothing. */
async function sent(requests: [what: string, exchange: Promise<Exchange>][]): Promise<Provoked[]> {
  const answers = await Promise.allSettled(requests.map(([, promise]) => promise));
  return requests.flatMap(([what], i) => {
    const answer = answers[i];
    return answer?.status === 'fulfilled' ? [{ what, exchange: answer.value }] : [];
  });
}

/**
 * Requests other than to the token endpoint that are invalid under every reading of the spec, so none is
 * answered with a 5xx (ERR-11): no or a forged credential, unknown ids of each kind a path names, missing
 * and invalid parameters, invalid bodies, bodies that are not JSON. A reading may tolerate some (a limit
 * it reads as the default), and an answer that is no error is then not judged by the error list's rules.
 * Writes among them name a user or a connection that does not exist, so none can succeed.
 */
const invalidRequests = perRunValue('auth:invalid-requests', async (): Promise<Provoked[]> => {
  const { profile } = runSettings();
  const { userId, connectionId, enrich } = profile.fixtures;
  const user = encodeURIComponent(userId ?? placeholderId);
  const snapshot = encodeURIComponent(profile.fixtures.affordabilityId ?? placeholderId);
  const enrichQuery = {
    q: enrich?.matchingQuery ?? 'EFTPOS PAYMENT 1234',
    institution: enrich?.institution ?? 'AU00000',
    country: enrich?.country ?? 'AU',
  };
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
    ['GET connections of an unknown user id', api().get(`/users/${placeholderId}/connections`)],
    [
      'GET transactions of an unknown affordability snapshot',
      api().get(`/users/${user}/affordability/${placeholderId}/transactions`),
    ],
    // Not a number, so over no reading of "maximum 500" a page size.
    [
      'GET affordability transactions with a limit that is not a number',
      api().get(`/users/${user}/affordability/${snapshot}/transactions`, { limit: 'fds' }),
    ],
    // An expression of no shape: the call to an operator is never closed.
    [
      'GET /institutions with a filter that does not parse',
      api().get('/institutions', { filter: "country.eq('AU'" }),
    ],
    ['GET /enrich without its required parameters', api().get('/enrich')],
    // None of the six account types the spec lists, in any letter case.
    [
      'GET /enrich with an accountType the spec does not list',
      api().get('/enrich', { ...enrichQuery, accountType: 'fds-conformance-account' }),
    ],
  ];
  // An invalid body is a write, refused or not; --read-only sends none, and each check that judges these
  // answers is then partly exercised.
  if (canProbe('the invalid writes: POST /users, POST expenses and a connection update', ['write'])) {
    requests.push(
      ['POST /users with neither email nor mobile', api().post('/users', {})],
      ['POST /users with a body that is not JSON', postNotJson('/users', '{"email": ')],
      ['POST expenses of an unknown user id', api().post(`/users/${placeholderId}/expenses`, {})],
      [
        'POST a connection update of an unknown connection id',
        api().post(`/users/${user}/connections/${placeholderId}`, { password: 'fds-conformance-password' }),
      ],
    );
    // Bodies that are not JSON, sent where a real user's path leaves nothing else to refuse.
    const expensesNotJson = 'POST expenses with a body that is not JSON';
    if (canProbe(expensesNotJson, ['userId'])) {
      const expenses = `/users/${user}/expenses`;
      requests.push([expensesNotJson, postNotJson(expenses, '{"fromMonth": ')]);
    }
    const updateNotJson = 'POST a connection update with a body that is not JSON';
    if (canProbe(updateNotJson, ['userId', 'connectionId'])) {
      const connection = `/users/${user}/connections/${encodeURIComponent(connectionId ?? '')}`;
      requests.push([updateNotJson, postNotJson(connection, '{"password": ')]);
    }
  }
  return sent(requests);
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

/**
 * Requests outside the interface (ERR-12): a path under the base URL that no endpoint has, and methods an
 * endpoint does not take, the run's token sent with the others. GET /token is safe; the DELETE names a
 * job that does not exist, so even a service that took DELETE would delete nothing; --read-only sends none.
 */
const offInterface = perRunValue('auth:off-interface', async (): Promise<Provoked[]> => {
  const requests: [string, Promise<Exchange>][] = [
    ['GET of a path no endpoint has', api().get(`/${placeholderId}`)],
    // The token endpoint takes no bearer token: sent bare, as a client that forgot the method would.
    ['GET /token, which takes POST', api().raw({ path: '/token' })],
  ];
  if (canProbe('DELETE of a job, which takes GET', ['write'])) {
    const path = `/jobs/${placeholderId}`;
    requests.push(['DELETE of a job, which takes GET', api().authorized({ method: 'DELETE', path })]);
  }
  return sent(requests);
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
  const lists = (await errorResponses()).filter(({ exchange }) => isObject(exchange.response?.body));
  if (lists.length === 0) throw new NotExercised('no error response had a JSON object body (see ERR-01)');
  return lists;
}

function fail(item: Provoked, message: string): never {
  throw new Failure(`${describeRequest(item.exchange)} (${item.what}): ${message}`, item.exchange);
}

/** Fails where the shared rule (src/rules) is broken on the provoked error list, with its reason. */
function failOn(item: Provoked, verdict: Verdict): void {
  const reason = reasonOf(verdict);
  if (reason !== undefined) fail(item, reason);
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

// The members of the body are each their own requirement's (ERR-02 … ERR-09, judged on the same answers):
// a list missing one fails that one, and this check fails a body that is no JSON object at all.
check(
  'Every error response to an invalid request has a 4xx or 5xx status and a JSON object body, the error list',
  ['ERR-01'],
  async () => {
    for (const item of await errorResponses()) {
      const status = item.exchange.response?.status ?? 0;
      if (status < 400 || status > 599) {
        fail(item, `an error list came with status ${status}; an error response has a 4xx or 5xx status`);
      }
      if (!isObject(item.exchange.response?.body)) {
        fail(item, `the body is not a JSON object, so not an error list: ${describeAnswer(item.exchange)}`);
      }
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

check('Error lists answered on different paths do not all carry one correlationId', ['ERR-14'], async () => {
  const ids = new Map<string, Set<string>>();
  for (const item of await errorLists()) {
    const id = (item.exchange.response?.body as { correlationId?: unknown }).correlationId;
    if (typeof id !== 'string') continue;
    const path = new URL(item.exchange.request.url).pathname;
    ids.set(path, (ids.get(path) ?? new Set()).add(id));
  }
  if (ids.size < 2) throw new NotExercised('error lists with a correlationId came from fewer than two paths');
  const distinct = new Set([...ids.values()].flatMap((set) => [...set]));
  const [item] = await errorLists();
  if (distinct.size === 1 && item)
    fail(
      item,
      `every error list, on ${ids.size} different paths, carries the one correlationId ${[...distinct].join('')}`,
    );
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
  for (const item of await errorLists()) failOn(item, errorListNotEmpty(item.exchange.response?.body));
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

/** Whether every error's source and parameter have the types ERR-09 gives them, so what they name can be read. */
function readableSources(exchange: Exchange): boolean {
  return (errorObjects(exchange.response?.body) ?? []).every(({ source }) => {
    if (source === undefined || source === null) return true;
    const parameter = isObject(source) ? source.parameter : 0;
    return parameter === undefined || parameter === null || typeof parameter === 'string';
  });
}

check('A token request refused for its scope names scope in source.parameter', ['ERR-10'], async () => {
  const { noScope, otherScope } = await tokenRefusals();
  // A source or parameter of another type breaks ERR-09, which judges it: what it names is not read here.
  const refused = [
    { what: 'no scope', exchange: noScope },
    { what: 'an unsupported scope', exchange: otherScope },
  ].filter(
    ({ exchange }) =>
      (exchange.response?.status ?? 0) === 400 &&
      errorObjects(exchange.response?.body) &&
      readableSources(exchange),
  );
  if (refused.length === 0) {
    throw new NotExercised(
      'no token request was refused with 400 for its scope with an error list whose sources can be read (see ERR-09)',
    );
  }
  for (const item of refused) {
    const named = (errorObjects(item.exchange.response?.body) ?? []).map(
      (e) => (e.source as { parameter?: unknown } | undefined)?.parameter,
    );
    if (!named.some((p) => typeof p === 'string' && p.toLowerCase() === 'scope')) {
      fail(item, `expected an error naming source.parameter "scope", got ${JSON.stringify(named)}`);
    }
  }
});

// Whether each of these is refused, and in which shape, is the rule of its own group's requirement and of
// ERR-01 (judged above on the same answers): this check fails only where the evidence is a 5xx.
check(
  'Deliberately invalid requests (credentials, unknown ids, missing or invalid parameters, bodies that are not JSON, the token table) are never answered with a 5xx',
  ['ERR-11'],
  async () => {
    for (const item of [...(await invalidTokenRequests()), ...(await invalidRequests())]) {
      const status = item.exchange.response?.status ?? 0;
      if (status >= 500) {
        fail(
          item,
          `deliberately invalid input was answered with a server error: ${describeAnswer(item.exchange)}`,
        );
      }
    }
  },
);

check(
  'A path no endpoint has, and a method an endpoint does not take, are answered with a 4xx and an error list',
  ['ERR-12'],
  async () => {
    const answers = await offInterface();
    if (answers.length === 0) throw new NotExercised('no request outside the interface could be sent');
    for (const item of answers) {
      const status = item.exchange.response?.status ?? 0;
      if (status < 400 || status > 499) {
        fail(item, `expected a 4xx error list, got ${describeAnswer(item.exchange)}`);
      }
      const violations = violationsOf(item.exchange.response?.body, 'error-list');
      if (violations.length > 0) {
        fail(item, `the ${status} body is not an error list:\n${formatViolations(violations)}`);
      }
    }
  },
);

check(
  'Error responses label their JSON body with a JSON media type (application/json or a +json type)',
  ['ERR-13'],
  async () => {
    for (const item of await errorLists())
      failOn(item, errorListLabelledJson(item.exchange.response?.headers['content-type']));
  },
);
