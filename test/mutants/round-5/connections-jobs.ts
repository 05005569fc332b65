/** Round 5: connections and jobs. */
import { RANDOM_UUID, api, call, createUser, guarded, token, updateFixtureConnection } from '../client.ts';
import type { Target } from '../mutant.ts';
import {
  arr,
  errorResponse,
  isObject,
  jsonResponse,
  obj,
  queryOf,
  readJsonObject,
  route,
  str,
  withJson,
  withQuery,
} from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest } from '../mutant.ts';
import { entries, getLike, isSuccess, jsonOf, sleep } from './shared.ts';

function connectionList(request: MutantRequest): string | undefined {
  return route(request, 'GET', /^\/users\/([^/]+)\/connections$/)?.[0];
}

function connectionDetail(request: MutantRequest): [string, string] | undefined {
  const parts = route(request, 'GET', /^\/users\/([^/]+)\/connections\/([^/]+)$/);
  return parts ? [parts[0] ?? '', parts[1] ?? ''] : undefined;
}

function connectionUpdate(request: MutantRequest): [string, string] | undefined {
  const parts = route(request, 'POST', /^\/users\/([^/]+)\/connections\/([^/]+)$/);
  return parts ? [parts[0] ?? '', parts[1] ?? ''] : undefined;
}

function isJobRetrieval(request: MutantRequest): boolean {
  return route(request, 'GET', /^\/jobs\/[^/]+$/) !== null;
}

/** Updates the fixture connection and answers the new job's id (throws when the update fails). */
async function newJob(target: Target, tok: string): Promise<string> {
  const update = await updateFixtureConnection(target, tok);
  const id = str(obj(update.json).id);
  if (update.status !== 202 || id === undefined)
    throw new Error(`the connection update answered ${update.status}`);
  return id;
}

// ---------------------------------------------------------------------------------------------
// connections

const filterIgnored: Mutant = {
  name: 'r5-connections-filter-ignored',
  group: 'connections',
  clause:
    "Query: `filter` (optional), properties `id`, `status`, `institution.id`. Expression shape: `<property>.<operator>('<value>')`, the operator `eq` is the one seen.",
  why: 'A filter id.eq on an id no connection has must leave no connection in the list; ignoring the filter lists them all.',
  async handle(request, forward) {
    const query = queryOf(request);
    if (connectionList(request) === undefined || !query.has('filter')) return forward(request);
    query.delete('filter');
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const filter = encodeURIComponent(`id.eq('${RANDOM_UUID}')`);
      const reply = await api(
        target,
        `/users/${target.profile.fixtures.userId}/connections?filter=${filter}`,
        tok,
      );
      if (reply.status !== 200) return `a filtered connection list answered ${reply.status}`;
      const data = arr(obj(reply.json).data);
      return data.length === 0 ? null : `filter id.eq('${RANDOM_UUID}') listed ${data.length} connection(s)`;
    }),
};

const filterDropsFirst: Mutant = {
  name: 'r5-connections-filter-drops-first',
  group: 'connections',
  clause:
    "Query: `filter` (optional), properties `id`, `status`, `institution.id`. Expression shape: `<property>.<operator>('<value>')`, the operator `eq` is the one seen.",
  why: 'A filter keeps every connection that matches it; one that matches id.eq must be in the filtered list.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (
      connectionList(request) === undefined ||
      !queryOf(request).has('filter') ||
      response.status !== 200 ||
      !body
    ) {
      return response;
    }
    return withJson(response, { ...body, data: arr(body.data).slice(1) });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId, connectionId } = target.profile.fixtures;
      const filter = encodeURIComponent(`id.eq('${connectionId}')`);
      const reply = await api(target, `/users/${userId}/connections?filter=${filter}`, tok);
      if (reply.status !== 200) return `a filtered connection list answered ${reply.status}`;
      const ids = arr(obj(reply.json).data).map((c) => obj(c).id);
      return ids.includes(connectionId)
        ? null
        : `filter id.eq('${connectionId}') did not list that connection`;
    }),
};

const listStatusActive: Mutant = {
  name: 'r5-connections-list-status-always-active',
  group: 'connections',
  clause: '| status | string | validity of the connection |',
  why: 'The list and the single retrieval describe the same connection; a list that calls every connection active misstates its validity.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (connectionList(request) === undefined || response.status !== 200 || !body) return response;
    return withJson(response, { ...body, data: entries(body).map((c) => ({ ...c, status: 'active' })) });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId, connectionId } = target.profile.fixtures;
      // A wrong password gives the connection's status something to say.
      await api(target, `/users/${userId}/connections/${connectionId}`, tok, {
        method: 'POST',
        body: { password: `wrong-${crypto.randomUUID()}` },
      });
      const list = await api(target, `/users/${userId}/connections`, tok);
      if (list.status !== 200) return `the connection list answered ${list.status}`;
      for (const entry of arr(obj(list.json).data).filter(isObject)) {
        const id = str(entry.id) ?? '';
        const single = await api(target, `/users/${userId}/connections/${id}`, tok);
        if (single.status !== 200) return `connection ${id} answered ${single.status}`;
        const alone = obj(single.json).status;
        if (alone !== entry.status) {
          return `connection ${id} is ${JSON.stringify(entry.status)} in the list but ${JSON.stringify(alone)} alone`;
        }
      }
      return null;
    }),
};

function bumpLastDigit(link: string): string {
  return link.replace(/(\d)(?!.*\d)/, (d) => String((Number(d) + 1) % 10));
}

const listInstitutionLinkWrong: Mutant = {
  name: 'r5-connections-list-institution-link-wrong',
  group: 'connections',
  clause: '| links | object | `self`, `accounts`, `transactions`; the list form also has `institution` |',
  why: "The list form's institution link belongs to the connection's institution; one that leads elsewhere is not that link.",
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (connectionList(request) === undefined || response.status !== 200 || !body) return response;
    const data = entries(body).map((c) => {
      const links = obj(c.links);
      const institution = str(links.institution);
      return institution === undefined
        ? c
        : { ...c, links: { ...links, institution: bumpLastDigit(institution) } };
    });
    return withJson(response, { ...body, data });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const list = await api(target, `/users/${target.profile.fixtures.userId}/connections`, tok);
      if (list.status !== 200) return `the connection list answered ${list.status}`;
      for (const entry of arr(obj(list.json).data).filter(isObject)) {
        const link = str(obj(entry.links).institution);
        const expected = obj(entry.institution).id;
        if (link === undefined) return `connection ${String(entry.id)} has no institution link`;
        const followed = await api(target, link, tok);
        if (followed.status !== 200 || obj(followed.json).id !== expected) {
          return `the institution link of connection ${String(entry.id)} answered ${followed.status} ${String(obj(followed.json).id)}, not ${String(expected)}`;
        }
      }
      return null;
    }),
};

const updateWithoutPassword: Mutant = {
  name: 'r5-connections-update-without-password',
  group: 'connections',
  clause: "| password | string | required; the user's new or old institution password |",
  why: 'password is required on a connection update, so an update without it must fail rather than start a job.',
  async handle(request, forward) {
    const body = readJsonObject(request);
    if (connectionUpdate(request) === undefined || !body || 'password' in body) return forward(request);
    return forward(withJson(request, { ...body, password: 'unchecked' }));
  },
  probe: (target) =>
    guarded(async () => {
      const { userId, connectionId } = target.profile.fixtures;
      const reply = await api(target, `/users/${userId}/connections/${connectionId}`, await token(target), {
        method: 'POST',
        body: {},
      });
      return reply.status >= 400 ? null : `an update without password answered ${reply.status}`;
    }),
};

const passwords = new Map<string, string>();
const passwordReturned: Mutant = {
  name: 'r5-connections-password-returned',
  group: 'connections',
  clause: '`loginId`, `password` and `securityCode` are never returned.',
  why: 'The password is never returned, yet the mutant hands the last one sent back on retrieval.',
  async handle(request, forward) {
    const update = connectionUpdate(request);
    const sent = str(readJsonObject(request)?.password);
    if (update && sent !== undefined) passwords.set(update[1], sent);
    const response = await forward(request);
    const detail = connectionDetail(request);
    const body = jsonOf(response);
    const password = detail ? passwords.get(detail[1]) : undefined;
    if (!detail || response.status !== 200 || !body || password === undefined) return response;
    return withJson(response, { ...body, password });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId, connectionId, connectionPassword } = target.profile.fixtures;
      await updateFixtureConnection(target, tok);
      const reply = await api(target, `/users/${userId}/connections/${connectionId}`, tok);
      if (reply.status !== 200) return `the connection answered ${reply.status}`;
      const leaked: string[] = [];
      const visit = (value: unknown, path: string) => {
        if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${path}[${i}]`));
        else if (isObject(value)) {
          for (const [key, v] of Object.entries(value)) {
            if (['loginId', 'password', 'securityCode'].includes(key)) leaked.push(`${path}.${key}`);
            visit(v, `${path}.${key}`);
          }
        }
      };
      visit(reply.json, 'connection');
      if (reply.text.includes(connectionPassword)) leaked.push('the password itself');
      return leaked.length === 0 ? null : `the connection returns ${leaked.join(', ')}`;
    }),
};

const unknownIdServed: Mutant = {
  name: 'r5-connections-unknown-id-served',
  group: 'connections',
  clause:
    'Success: 200 with a connection including profile, institution and accounts. Error when the identifier is not valid.',
  why: 'An identifier that names no connection is not valid, so it must be an error, not some other connection.',
  async handle(request, forward) {
    const response = await forward(request);
    const detail = connectionDetail(request);
    if (!detail || isSuccess(response)) return response;
    const list = jsonOf(await forward(getLike(request, `/users/${detail[0]}/connections`)));
    const first = str(entries(list ?? {})[0]?.id);
    return first === undefined
      ? response
      : forward(getLike(request, `/users/${detail[0]}/connections/${first}`));
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(
        target,
        `/users/${target.profile.fixtures.userId}/connections/${RANDOM_UUID}`,
        await token(target),
      );
      return reply.status >= 400 ? null : `an unknown connection id answered ${reply.status}`;
    }),
};

let rememberedConnections: unknown[] | undefined;
const newUserSeesOthers: Mutant = {
  name: 'r5-connections-new-user-sees-others',
  group: 'connections',
  clause:
    'Success: 200 with a list (`type`, `data` array of connections, `links.self`); empty array when none.',
  why: "A user just created holds no connection, so its list must be the empty array, not another user's connections.",
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (
      connectionList(request) === undefined ||
      queryOf(request).has('filter') ||
      response.status !== 200 ||
      !body
    ) {
      return response;
    }
    const data = arr(body.data);
    if (data.length > 0) {
      rememberedConnections = data;
      return response;
    }
    return rememberedConnections ? withJson(response, { ...body, data: rememberedConnections }) : response;
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      await api(target, `/users/${target.profile.fixtures.userId}/connections`, tok);
      const created = await createUser(target, tok);
      const id = str(obj(created.json).id);
      if (created.status !== 201 || id === undefined) return `creating a user answered ${created.status}`;
      const reply = await api(target, `/users/${id}/connections`, tok);
      if (reply.status !== 200) return `a new user's connection list answered ${reply.status}`;
      const data = arr(obj(reply.json).data);
      return data.length === 0 ? null : `a new user's connection list holds ${data.length} connection(s)`;
    }),
};

const updateAnswers200: Mutant = {
  name: 'r5-connections-update-answers-200',
  group: 'connections',
  clause: 'Success: 202 with a job (`type`, `id`, `links.self`).',
  why: 'A connection update succeeds with 202 and a job; 200 is not that status.',
  async handle(request, forward) {
    const response = await forward(request);
    return connectionUpdate(request) && response.status === 202 ? { ...response, status: 200 } : response;
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await updateFixtureConnection(target, await token(target));
      return reply.status === 202 ? null : `a connection update answered ${reply.status}`;
    }),
};

// ---------------------------------------------------------------------------------------------
// jobs

const unknownJobServed: Mutant = {
  name: 'r5-jobs-unknown-id-served',
  group: 'jobs',
  clause: 'Success: 200 with a job. Error when the identifier is not valid.',
  why: 'An id that names no job is not valid, so the retrieval must be an error rather than an invented job.',
  async handle(request, forward) {
    const response = await forward(request);
    const id = route(request, 'GET', /^\/jobs\/([^/]+)$/)?.[0];
    if (id === undefined || isSuccess(response)) return response;
    const now = new Date().toISOString();
    return jsonResponse(200, {
      type: 'job',
      id,
      created: now,
      updated: now,
      steps: ['verify-credentials', 'retrieve-accounts', 'retrieve-transactions'].map((title) => ({
        title,
        status: 'pending',
        result: null,
      })),
      links: { self: `/jobs/${id}`, source: '/users' },
    });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(target, `/jobs/${RANDOM_UUID}`, await token(target));
      return reply.status >= 400 ? null : `an unknown job id answered ${reply.status}`;
    }),
};

const updateJobUnknown: Mutant = {
  name: 'r5-jobs-update-job-unknown',
  group: 'jobs',
  clause: 'Long-running connection work is tracked through job resources.',
  why: 'The job an update answers must be trackable; an id GET /jobs does not know tracks nothing.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    const id = str(body?.id);
    if (!connectionUpdate(request) || response.status !== 202 || !body || id === undefined) return response;
    return withJson(
      response,
      JSON.parse(JSON.stringify(body).split(id).join(crypto.randomUUID())) as unknown,
    );
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = await newJob(target, tok);
      const job = await api(target, `/jobs/${id}`, tok);
      return job.status === 200 && obj(job.json).id === id
        ? null
        : `the job ${id} of an update answered ${job.status}`;
    }),
};

let previousJobSelf: string | undefined;
const selfIsPreviousJob: Mutant = {
  name: 'r5-jobs-self-is-previous-job',
  group: 'jobs',
  clause: '| links | object | `self`; `source` (link to the connection the job works on) |',
  why: "A job's self link leads to that job; one leading to the job retrieved before it is not its self link.",
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    const self = str(obj(body?.links).self);
    if (!isJobRetrieval(request) || response.status !== 200 || !body || self === undefined) return response;
    const previous = previousJobSelf;
    previousJobSelf = self;
    if (previous === undefined || previous === self) return response;
    return withJson(response, { ...body, links: { ...obj(body.links), self: previous } });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const ids = [await newJob(target, tok), await newJob(target, tok)];
      for (const id of ids) {
        const job = await api(target, `/jobs/${id}`, tok);
        const self = str(obj(obj(job.json).links).self);
        if (job.status !== 200 || self === undefined) return `job ${id} answered ${job.status}`;
        const followed = await call(target, self, { token: tok });
        if (followed.status !== 200 || obj(followed.json).id !== id) {
          return `the self link of job ${id} leads to ${String(obj(followed.json).id)} (${followed.status})`;
        }
      }
      return null;
    }),
};

const sourceIsList: Mutant = {
  name: 'r5-jobs-source-link-to-list',
  group: 'jobs',
  clause: '| links | object | `self`; `source` (link to the connection the job works on) |',
  why: "links.source leads to the connection the job works on, not to the list of all the user's connections.",
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    const source = str(obj(body?.links).source);
    if ((!isJobRetrieval(request) && !connectionUpdate(request)) || !body || source === undefined)
      return response;
    return withJson(response, {
      ...body,
      links: { ...obj(body.links), source: source.replace(/\/[^/]+$/, '') },
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = await newJob(target, tok);
      const job = await api(target, `/jobs/${id}`, tok);
      const source = str(obj(obj(job.json).links).source);
      if (job.status !== 200 || source === undefined)
        return `job ${id} answered ${job.status} without links.source`;
      const followed = await call(target, source, { token: tok });
      const body = obj(followed.json);
      return followed.status === 200 &&
        body.type === 'connection' &&
        body.id === target.profile.fixtures.connectionId
        ? null
        : `links.source of the job leads to ${followed.status} ${String(body.type)} ${String(body.id)}`;
    }),
};

const secondResultNotLink: Mutant = {
  name: 'r5-jobs-second-result-not-link',
  group: 'jobs',
  clause:
    'Step: `title` (string), `status` (string), `result` (null, or an object with `type` = `link` and `url` string).',
  why: 'A step result is null or an object whose type is link; a result of another type is neither.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (!isJobRetrieval(request) || response.status !== 200 || !body) return response;
    const steps = arr(body.steps).map((step, index) => {
      const s = obj(step);
      return index === 1 && isObject(s.result) ? { ...s, result: { ...s.result, type: 'href' } } : step;
    });
    return withJson(response, { ...body, steps });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = await newJob(target, tok);
      const deadline = Date.now() + 4000;
      for (;;) {
        const job = await api(target, `/jobs/${id}`, tok);
        if (job.status !== 200) return `job ${id} answered ${job.status}`;
        const steps = arr(obj(job.json).steps).map(obj);
        for (const step of steps) {
          const result = step.result;
          if (result === null) continue;
          const r = obj(result);
          if (r.type !== 'link' || typeof r.url !== 'string') {
            return `step ${String(step.title)} has result ${JSON.stringify(result)}`;
          }
        }
        if (steps.every((s) => s.status === 'success') || Date.now() > deadline) return null;
        await sleep(300);
      }
    }),
};

const createdMoves: Mutant = {
  name: 'r5-jobs-created-moves',
  group: 'jobs',
  clause: '| created | string | ISO 8601 timestamp |',
  why: 'A job is created once; a created timestamp that changes from one retrieval to the next is not its creation time.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (!isJobRetrieval(request) || response.status !== 200 || !body) return response;
    return withJson(response, { ...body, created: new Date().toISOString() });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = await newJob(target, tok);
      const first = await api(target, `/jobs/${id}`, tok);
      await sleep(1100);
      const second = await api(target, `/jobs/${id}`, tok);
      const a = str(obj(first.json).created);
      const b = str(obj(second.json).created);
      if (first.status !== 200 || second.status !== 200 || a === undefined || b === undefined) {
        return `job ${id} answered ${first.status} then ${second.status}`;
      }
      return Date.parse(a) === Date.parse(b) ? null : `job ${id} was created at ${a}, then at ${b}`;
    }),
};

let jobRetrievals = 0;
const everyFourthMissing: Mutant = {
  name: 'r5-jobs-every-fourth-missing',
  group: 'jobs',
  clause: 'Success: 200 with a job. Error when the identifier is not valid.',
  why: 'The id of an existing job stays valid, so every retrieval of it succeeds, not three in four.',
  async handle(request, forward) {
    if (isJobRetrieval(request)) {
      jobRetrievals += 1;
      if (jobRetrievals % 4 === 0) return errorResponse(404, 'resource-not-found', 'No such job.', 'job.id');
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = await newJob(target, tok);
      for (let i = 0; i < 8; i += 1) {
        const job = await api(target, `/jobs/${id}`, tok);
        if (job.status !== 200) return `retrieval ${i + 1} of job ${id} answered ${job.status}`;
      }
      return null;
    }),
};

const updatedBeforeCreated: Mutant = {
  name: 'r5-jobs-updated-before-created',
  group: 'jobs',
  clause: '| updated | string | ISO 8601 timestamp |',
  why: 'A job cannot have been updated before it was created.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    const created = str(body?.created);
    if ((!isJobRetrieval(request) && !connectionUpdate(request)) || !body || created === undefined)
      return response;
    return withJson(response, { ...body, updated: new Date(Date.parse(created) - 60_000).toISOString() });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = await newJob(target, tok);
      const job = await api(target, `/jobs/${id}`, tok);
      const body: JsonObject = obj(job.json);
      const created = Date.parse(str(body.created) ?? '');
      const updated = Date.parse(str(body.updated) ?? '');
      if (job.status !== 200 || Number.isNaN(created) || Number.isNaN(updated)) {
        return `job ${id} answered ${job.status} without usable timestamps`;
      }
      return updated >= created
        ? null
        : `job ${id} was updated (${String(body.updated)}) before it was created (${String(body.created)})`;
    }),
};

export const connectionsJobsMutants: Mutant[] = [
  filterIgnored,
  filterDropsFirst,
  listStatusActive,
  listInstitutionLinkWrong,
  updateWithoutPassword,
  passwordReturned,
  unknownIdServed,
  newUserSeesOthers,
  updateAnswers200,
  unknownJobServed,
  updateJobUnknown,
  selfIsPreviousJob,
  sourceIsList,
  secondResultNotLink,
  createdMoves,
  everyFourthMissing,
  updatedBeforeCreated,
];
