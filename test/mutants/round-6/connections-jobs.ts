/** Round 6: connections and jobs. */
import { RANDOM_UUID, api, createUser, guarded, sleep, token, updateFixtureConnection } from '../client.ts';
import type { Reply } from '../client.ts';
import {
  arr,
  errorResponse,
  isObject,
  obj,
  queryOf,
  readJsonObject,
  route,
  str,
  withJson,
  withQuery,
} from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest, Target } from '../mutant.ts';
import { editJson, isSuccess, randomToken, resolveLink, sibling } from './util.ts';

const LIST = /^\/users\/([^/]+)\/connections\/?$/;
const SINGLE = /^\/users\/([^/]+)\/connections\/([^/]+)\/?$/;
const JOB = /^\/jobs\/([^/]+)\/?$/;

function connectionsPath(target: Target, user?: string): string {
  return `/users/${user ?? target.profile.fixtures.userId}/connections`;
}

function fixtureConnectionPath(target: Target, user?: string): string {
  return `${connectionsPath(target, user)}/${target.profile.fixtures.connectionId}`;
}

function dataOf(reply: Reply): JsonObject[] {
  return arr(obj(reply.json).data).filter(isObject);
}

/** Path of a connection request without a trailing slash. */
function plainPath(request: MutantRequest): string {
  return request.path.replace(/\/+$/, '');
}

const connIdFilterIgnored: Mutant = {
  name: 'r6-conn-id-filter-ignored',
  group: 'connections',
  clause:
    "Query: `filter` (optional), properties `id`, `status`, `institution.id`. Expression shape: `<property>.<operator>('<value>')`, the operator `eq` is the one seen.",
  why: 'A list filtered on id.eq of one connection cannot hold connections with other ids.',
  handle(request, forward) {
    if (route(request, 'GET', LIST) === null) return forward(request);
    const query = queryOf(request);
    if (!query.getAll('filter').some((f) => /^\s*id\s*\./i.test(f))) return forward(request);
    query.delete('filter');
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = target.profile.fixtures.connectionId;
      const filter = encodeURIComponent(`id.eq('${id}')`);
      const reply = await api(target, `${connectionsPath(target)}?filter=${filter}`, tok);
      if (reply.status !== 200) return `list filtered on id answered ${reply.status}`;
      const data = dataOf(reply);
      if (data.length === 0) return `list filtered on id.eq('${id}') is empty`;
      const others = data.filter((c) => c.id !== id).map((c) => String(c.id));
      return others.length === 0 ? null : `list filtered on id.eq('${id}') holds ${others.join(', ')}`;
    }),
};

const connListSecondInstitution: Mutant = {
  name: 'r6-conn-list-second-institution',
  group: 'connections',
  clause: '| institution | object | `type`, `id`, `links.self` |',
  why: 'The institution member of a listed connection names the institution of that connection, the same one its single retrieval names.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', LIST) === null || response.status !== 200) return response;
    const body = readJsonObject(response);
    const second = arr(body?.data).filter(isObject)[1];
    if (body === undefined || second === undefined) return response;
    const institution = obj(second.institution);
    const catalogue = readJsonObject(await forward(sibling(request, '/institutions')));
    const other = arr(catalogue?.data)
      .filter(isObject)
      .map((i) => str(i.id))
      .find((id) => id !== undefined && id !== institution.id);
    if (other === undefined) return response;
    second.institution = { ...institution, id: other };
    return withJson(response, body);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const list = await api(target, connectionsPath(target), tok);
      if (list.status !== 200) return `connection list answered ${list.status}`;
      for (const listed of dataOf(list).slice(0, 4)) {
        const id = String(listed.id);
        const single = await api(target, `${connectionsPath(target)}/${encodeURIComponent(id)}`, tok);
        if (single.status !== 200) return `connection ${id} answered ${single.status}`;
        const alone = obj(single.json);
        const a = obj(listed.institution).id;
        const b = obj(alone.institution).id;
        if (a !== b) return `connection ${id} is of institution ${String(a)} in the list, ${String(b)} alone`;
        if (listed.status !== alone.status)
          return `connection ${id} is ${String(listed.status)} in the list, ${String(alone.status)} alone`;
      }
      return null;
    }),
};

const updatedOnce = new Set<string>();

const connRepeatUpdate200: Mutant = {
  name: 'r6-conn-repeat-update-200',
  group: 'connections',
  clause: 'Success: 202 with a job (`type`, `id`, `links.self`).',
  why: 'Every successful connection update is answered 202 with a job, the second one as much as the first.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'POST', SINGLE) === null || response.status !== 202) return response;
    const key = plainPath(request);
    if (!updatedOnce.has(key)) {
      updatedOnce.add(key);
      return response;
    }
    return { ...response, status: 200 };
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const first = await updateFixtureConnection(target, tok);
      const second = await updateFixtureConnection(target, tok);
      return first.status === 202 && second.status === 202
        ? null
        : `two updates of the connection answered ${first.status} and ${second.status}`;
    }),
};

const connUpdateWithoutPassword: Mutant = {
  name: 'r6-conn-update-without-password',
  group: 'connections',
  clause: "| password | string | required; the user's new or old institution password |",
  why: 'The password is required on a connection update, so a body without one cannot start a job.',
  handle(request, forward) {
    if (route(request, 'POST', SINGLE) === null) return forward(request);
    const body = readJsonObject(request);
    if (body === undefined || (typeof body.password === 'string' && body.password !== ''))
      return forward(request);
    return forward(withJson(request, { ...body, password: 'r6-placeholder' }));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, fixtureConnectionPath(target), tok, {
        method: 'POST',
        body: { securityCode: '123456' },
      });
      return isSuccess(reply) ? `update without a password answered ${reply.status}` : null;
    }),
};

const passwords = new Map<string, string>();

/** Member names found anywhere in a JSON value. */
function memberNames(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) memberNames(item, out);
  else if (isObject(value))
    for (const [name, member] of Object.entries(value)) {
      out.add(name);
      memberNames(member, out);
    }
  return out;
}

const connPasswordAfterUpdate: Mutant = {
  name: 'r6-conn-password-after-update',
  group: 'connections',
  clause: '`loginId`, `password` and `securityCode` are never returned.',
  why: 'Never means never: a connection retrieved after an update must not echo the password that update sent.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'POST', SINGLE) !== null && isSuccess(response)) {
      const password = readJsonObject(request)?.password;
      if (typeof password === 'string') passwords.set(plainPath(request), password);
      return response;
    }
    const password = passwords.get(plainPath(request));
    if (route(request, 'GET', SINGLE) === null || response.status !== 200 || password === undefined)
      return response;
    return editJson(response, (body) => {
      body.password = password;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const update = await updateFixtureConnection(target, tok);
      if (!isSuccess(update)) return `connection update answered ${update.status}`;
      const single = await api(target, fixtureConnectionPath(target), tok);
      if (single.status !== 200) return `connection retrieval answered ${single.status}`;
      const names = memberNames(single.json);
      const leaked = ['loginId', 'password', 'securityCode'].filter((n) => names.has(n));
      if (leaked.length > 0) return `connection retrieved after an update carries ${leaked.join(', ')}`;
      return single.text.includes(target.profile.fixtures.connectionPassword)
        ? 'connection retrieved after an update contains its password'
        : null;
    }),
};

/** Connection id -> the user it was retrieved under. */
const owners = new Map<string, string>();

const connOtherUsersPath: Mutant = {
  name: 'r6-conn-other-users-path',
  group: 'connections',
  clause:
    'Success: 200 with a connection including profile, institution and accounts. Error when the identifier is not valid.',
  why: 'A connection of one user is not a valid connection identifier below another user, least of all below a user just created with none.',
  async handle(request, forward) {
    const parts = route(request, 'GET', SINGLE);
    const response = await forward(request);
    if (parts === null) return response;
    const [user = '', connection = ''] = parts;
    if (response.status === 200) {
      owners.set(connection, user);
      return response;
    }
    const owner = owners.get(connection);
    if (owner === undefined || owner === user) return response;
    return forward({
      ...request,
      path: `/users/${encodeURIComponent(owner)}/connections/${encodeURIComponent(connection)}`,
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const own = await api(target, fixtureConnectionPath(target), tok);
      if (own.status !== 200) return `connection retrieval answered ${own.status}`;
      const created = await createUser(target, tok);
      const stranger = str(obj(created.json).id);
      if (created.status !== 201 || stranger === undefined) return `user creation answered ${created.status}`;
      const reply = await api(target, fixtureConnectionPath(target, encodeURIComponent(stranger)), tok);
      return isSuccess(reply)
        ? `another user's connection answered ${reply.status} below a user just created`
        : null;
    }),
};

const connEmptyList404: Mutant = {
  name: 'r6-conn-empty-list-404',
  group: 'connections',
  clause:
    'Success: 200 with a list (`type`, `data` array of connections, `links.self`); empty array when none.',
  why: 'A user who holds no connections gets 200 with an empty array, not an error.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', LIST) === null || response.status !== 200) return response;
    const data = readJsonObject(response)?.data;
    if (!Array.isArray(data) || data.length > 0) return response;
    return errorResponse(404, 'resource-not-found', 'The user has no connections.', 'user.id');
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const created = await createUser(target, tok);
      const id = str(obj(created.json).id);
      if (created.status !== 201 || id === undefined) return `user creation answered ${created.status}`;
      const reply = await api(target, connectionsPath(target, encodeURIComponent(id)), tok);
      if (reply.status !== 200) return `connection list of a new user answered ${reply.status}`;
      const data = obj(reply.json).data;
      return Array.isArray(data) && data.length === 0
        ? null
        : 'connection list of a new user is not an empty array';
    }),
};

export const connectionMutants: Mutant[] = [
  connIdFilterIgnored,
  connListSecondInstitution,
  connRepeatUpdate200,
  connUpdateWithoutPassword,
  connPasswordAfterUpdate,
  connOtherUsersPath,
  connEmptyList404,
];

// ---------------------------------------------------------------------------------------------
// Jobs.

/** Updates the fixture connection and answers the id of the job it returned. */
async function newJob(target: Target, tok: string): Promise<string> {
  const reply = await updateFixtureConnection(target, tok);
  const id = str(obj(reply.json).id);
  if (reply.status !== 202 || id === undefined) throw new Error(`connection update answered ${reply.status}`);
  return id;
}

function jobPath(id: string): string {
  return `/jobs/${encodeURIComponent(id)}`;
}

const jobsSourceOtherConnection: Mutant = {
  name: 'r6-jobs-source-other-connection',
  group: 'jobs',
  clause: '| links | object | `self`; `source` (link to the connection the job works on) |',
  why: 'The job was started by updating one connection, so its source link must lead to that connection, not to a sibling.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', JOB) === null || response.status !== 200) return response;
    const body = readJsonObject(response);
    const links = obj(body?.links);
    const source = str(links.source);
    const match = source === undefined ? null : /\/users\/([^/?#]+)\/connections\/([^/?#]+)/.exec(source);
    if (body === undefined || source === undefined || match === null) return response;
    const [, user = '', connection = ''] = match;
    const list = readJsonObject(await forward(sibling(request, `/users/${user}/connections`)));
    const other = arr(list?.data)
      .filter(isObject)
      .map((c) => str(c.id))
      .find((id) => id !== undefined && encodeURIComponent(id) !== connection && id !== connection);
    if (other === undefined) return response;
    body.links = { ...links, source: source.replace(`/connections/${connection}`, `/connections/${other}`) };
    return withJson(response, body);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = await newJob(target, tok);
      const job = await api(target, jobPath(id), tok);
      if (job.status !== 200) return `job ${id} answered ${job.status}`;
      const source = str(obj(obj(job.json).links).source);
      if (source === undefined) return `job ${id} has no links.source`;
      const reached = await api(target, resolveLink(target, source), tok);
      const found = obj(reached.json).id;
      return reached.status === 200 && found === target.profile.fixtures.connectionId
        ? null
        : `links.source of the job leads to ${reached.status} ${String(found)}, not the updated connection`;
    }),
};

let latestJob: string | undefined;

/** Remembers the id of the latest job returned by a connection update. */
function noteJob(request: MutantRequest, body: JsonObject | undefined, status: number): void {
  const id = str(body?.id);
  if (route(request, 'POST', SINGLE) !== null && status === 202 && id !== undefined) latestJob = id;
}

const jobsGetAnswersLatest: Mutant = {
  name: 'r6-jobs-get-answers-latest',
  group: 'jobs',
  clause: 'Success: 200 with a job. Error when the identifier is not valid.',
  why: 'Retrieving a job by its identifier returns that job, not whichever job was created last.',
  async handle(request, forward) {
    const parts = route(request, 'GET', JOB);
    const asked = parts?.[0];
    if (asked !== undefined && latestJob !== undefined && asked !== latestJob)
      return forward({ ...request, path: jobPath(latestJob) });
    const response = await forward(request);
    noteJob(request, readJsonObject(response), response.status);
    return response;
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const first = await newJob(target, tok);
      await newJob(target, tok);
      const reply = await api(target, jobPath(first), tok);
      if (reply.status !== 200) return `job ${first} answered ${reply.status}`;
      const id = obj(reply.json).id;
      return id === first ? null : `GET /jobs/${first} answered job ${String(id)}`;
    }),
};

const jobsUnknownIdAnswered: Mutant = {
  name: 'r6-jobs-unknown-id-answered',
  group: 'jobs',
  clause: 'Success: 200 with a job. Error when the identifier is not valid.',
  why: 'An identifier that names no job is not valid, so it gets an error, not some other job.',
  async handle(request, forward) {
    const response = await forward(request);
    noteJob(request, readJsonObject(response), response.status);
    if (route(request, 'GET', JOB) === null || isSuccess(response) || latestJob === undefined)
      return response;
    const stand = await forward({ ...request, path: jobPath(latestJob) });
    return { ...stand, status: 200 };
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      await newJob(target, tok);
      for (const id of [RANDOM_UUID, `job_${'0'.repeat(12)}`]) {
        const reply = await api(target, jobPath(id), tok);
        if (isSuccess(reply)) return `GET /jobs/${id} answered ${reply.status}`;
      }
      return null;
    }),
};

const jobsVerifyResultIsJob: Mutant = {
  name: 'r6-jobs-verify-result-is-job',
  group: 'jobs',
  clause:
    'A job step whose `result` is a link points to the resource it produced (for example the connection created by verify-credentials).',
  why: 'A step does not produce the job it belongs to, so its result link cannot lead back to that job.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', JOB) === null || response.status !== 200) return response;
    return editJson(response, (body) => {
      const self = str(obj(body.links).self);
      for (const step of arr(body.steps).filter(isObject)) {
        const result = step.result;
        if (step.title === 'verify-credentials' && isObject(result) && self !== undefined)
          step.result = { ...result, url: self };
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = await newJob(target, tok);
      await sleep(1200);
      const job = await api(target, jobPath(id), tok);
      if (job.status !== 200) return `job ${id} answered ${job.status}`;
      for (const step of arr(obj(job.json).steps).filter(isObject)) {
        const url = str(obj(step.result).url);
        if (url === undefined) continue;
        const reached = await api(target, resolveLink(target, url), tok);
        const body = obj(reached.json);
        if (reached.status === 200 && body.type === 'job' && body.id === id)
          return `the result link of step ${String(step.title)} leads back to the job itself`;
      }
      return null;
    }),
};

const jobsCreatedMoves: Mutant = {
  name: 'r6-jobs-created-moves',
  group: 'jobs',
  clause: '| created | string | ISO 8601 timestamp |',
  why: 'A job is created once; its creation timestamp cannot move forward while the job runs.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', JOB) === null || response.status !== 200) return response;
    return editJson(response, (body) => {
      if (typeof body.updated === 'string') body.created = body.updated;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = await newJob(target, tok);
      const early = await api(target, jobPath(id), tok);
      await sleep(1200);
      const late = await api(target, jobPath(id), tok);
      if (early.status !== 200 || late.status !== 200) return `job answered ${early.status}, ${late.status}`;
      const a = obj(early.json).created;
      const b = obj(late.json).created;
      return a === b ? null : `job created changed from ${String(a)} to ${String(b)}`;
    }),
};

const jobsUpdateIdUnknown: Mutant = {
  name: 'r6-jobs-update-id-unknown',
  group: 'jobs',
  clause: 'Success: 202 with a job (`type`, `id`, `links.self`).',
  why: "The id of the returned job is that job's identifier, so retrieving the job by it must succeed.",
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'POST', SINGLE) === null || response.status !== 202) return response;
    return editJson(response, (body) => {
      body.id = `job_${randomToken(12)}`;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const id = await newJob(target, tok);
      const reply = await api(target, jobPath(id), tok);
      if (reply.status !== 200) return `the job ${id} returned by the update answered ${reply.status}`;
      const found = obj(reply.json).id;
      return found === id ? null : `the job ${id} returned by the update is retrieved as ${String(found)}`;
    }),
};

export const jobMutants: Mutant[] = [
  jobsSourceOtherConnection,
  jobsGetAnswersLatest,
  jobsUnknownIdAnswered,
  jobsVerifyResultIsJob,
  jobsCreatedMoves,
  jobsUpdateIdUnknown,
];
