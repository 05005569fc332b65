/** Round 4: connections and jobs. */
import { api, createUser, guarded, token, updateFixtureConnection } from '../client.ts';
import { arr, obj, queryOf, readJson, readJsonObject, route, str, withJson, withQuery } from '../mutant.ts';
import type { JsonObject, Mutant, Target } from '../mutant.ts';
import { editJson, enc, fixtureConnectionPath, follow, is2xx, sameInstant, sleep } from './util.ts';

const LIST = /^\/users\/([^/]+)\/connections\/?$/;
const ONE = /^\/users\/([^/]+)\/connections\/([^/]+)\/?$/;
const JOB = /^\/jobs\/([^/]+)\/?$/;

function hasKeyDeep(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((v) => hasKeyDeep(v, key));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([k, v]) => k === key || hasKeyDeep(v, key));
  return false;
}

export const idFilterIgnored: Mutant = {
  name: 'r4-connections-id-filter-ignored',
  group: 'connections',
  clause: '- Query: `filter` (optional), properties `id`, `status`, `institution.id`.',
  why: 'A filter on the `id` property is dropped, so the list returns every connection of the user.',
  async handle(request, forward) {
    if (route(request, 'GET', LIST) !== null) {
      const query = queryOf(request);
      const filters = query.getAll('filter');
      const kept = filters.filter((f) => !/^\s*id\s*\./i.test(f));
      if (kept.length !== filters.length) {
        query.delete('filter');
        for (const f of kept) query.append('filter', f);
        return forward(withQuery(request, query));
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId, connectionId } = target.profile.fixtures;
      const filter = encodeURIComponent(`id.eq('${connectionId}')`);
      const reply = await api(target, `/users/${enc(userId)}/connections?filter=${filter}`, tok);
      if (reply.status !== 200) return `id filter answered ${reply.status}`;
      const ids = arr(obj(reply.json).data).map((c) => obj(c).id);
      if (!ids.includes(connectionId)) return `id filter left out ${connectionId}`;
      const others = ids.filter((id) => id !== connectionId);
      return others.length === 0 ? null : `id filter also returned ${others.join(', ')}`;
    }),
};

function securityCodeEchoedAfterUpdate(): Mutant {
  const codes = new Map<string, string>();
  return {
    name: 'r4-connections-security-code-echoed-after-update',
    group: 'connections',
    clause: '`loginId`, `password` and `securityCode` are never returned.',
    why: 'After an update that carried a securityCode, later retrievals of the connection return it.',
    async handle(request, forward) {
      const response = await forward(request);
      const update = route(request, 'POST', ONE);
      if (update !== null && is2xx(response.status)) {
        const code = str(readJsonObject(request)?.securityCode);
        if (code !== undefined && code !== '') codes.set(`${update[0]}/${update[1]}`, code);
        if (codes.size > 1000) codes.delete(codes.keys().next().value as string);
        return response;
      }
      const detail = route(request, 'GET', ONE);
      if (detail === null) return response;
      const code = codes.get(`${detail[0]}/${detail[1]}`);
      if (code === undefined) return response;
      return editJson(response, (body) => {
        body.securityCode = code;
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { connectionPassword } = target.profile.fixtures;
        const path = fixtureConnectionPath(target);
        const update = await api(target, path, tok, {
          method: 'POST',
          body: { password: connectionPassword, securityCode: '482913' },
        });
        if (!is2xx(update.status)) return null;
        const detail = await api(target, path, tok);
        if (detail.status !== 200) return `connection answered ${detail.status} after the update`;
        return hasKeyDeep(detail.json, 'securityCode')
          ? 'connection returns securityCode after an update'
          : null;
      }),
  };
}

function shiftDay(value: unknown): unknown {
  const ms = Date.parse(str(value) ?? '');
  return Number.isNaN(ms) ? value : new Date(ms + 86_400_000).toISOString();
}

export const listCreatedDateDrift: Mutant = {
  name: 'r4-connections-list-created-date-drift',
  group: 'connections',
  clause: '| createdDate | string | ISO 8601 timestamp |',
  why: 'The list form gives every connection a createdDate one day later than the single retrieval of the same connection.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', LIST) === null) return response;
    return editJson(response, (body) => {
      body.data = arr(body.data).map((c) => {
        const connection = obj(c);
        return connection.createdDate === undefined
          ? connection
          : { ...connection, createdDate: shiftDay(connection.createdDate) };
      });
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId, connectionId } = target.profile.fixtures;
      const list = await api(target, `/users/${enc(userId)}/connections`, tok);
      const detail = await api(target, fixtureConnectionPath(target), tok);
      if (list.status !== 200 || detail.status !== 200) return null;
      const listed = arr(obj(list.json).data)
        .map(obj)
        .find((c) => c.id === connectionId);
      const one = obj(detail.json);
      if (listed?.createdDate === undefined || one.createdDate === undefined) return null;
      return sameInstant(listed.createdDate, one.createdDate)
        ? null
        : `createdDate ${String(listed.createdDate)} in the list, ${String(one.createdDate)} on retrieval`;
    }),
};

function detailOtherUserServed(): Mutant {
  const owners = new Map<string, string>();
  const note = (connectionId: unknown, userId: string): void => {
    if (typeof connectionId !== 'string') return;
    owners.set(connectionId, userId);
    if (owners.size > 2000) owners.delete(owners.keys().next().value as string);
  };
  return {
    name: 'r4-connections-detail-other-user-served',
    group: 'connections',
    clause:
      'Success: 200 with a connection including profile, institution and accounts. Error when the identifier is not valid.',
    why: "A connection is served under another user's path when its owner's retrieval was seen before.",
    async handle(request, forward) {
      const response = await forward(request);
      const list = route(request, 'GET', LIST);
      if (list !== null && response.status === 200) {
        for (const c of arr(obj(readJson(response)).data)) note(obj(c).id, list[0] ?? '');
        return response;
      }
      const detail = route(request, 'GET', ONE);
      if (detail === null) return response;
      const [userId = '', connectionId = ''] = detail;
      if (response.status === 200) {
        note(connectionId, userId);
        return response;
      }
      const owner = owners.get(connectionId);
      if (response.status < 400 || response.status >= 500 || owner === undefined || owner === userId)
        return response;
      const answer = await forward({
        ...request,
        path: `/users/${enc(owner)}/connections/${enc(connectionId)}`,
      });
      return answer.status === 200 ? answer : response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { connectionId } = target.profile.fixtures;
        const own = await api(target, fixtureConnectionPath(target), tok);
        if (own.status !== 200) return null;
        const created = await createUser(target, tok);
        const stranger = str(obj(created.json).id);
        if (created.status !== 201 || stranger === undefined) return null;
        const reply = await api(target, `/users/${enc(stranger)}/connections/${enc(connectionId)}`, tok);
        return is2xx(reply.status)
          ? `another user's connection ${connectionId} answered ${reply.status}`
          : null;
      }),
  };
}

export const updateSecurityCodeAsPassword: Mutant = {
  name: 'r4-connections-update-security-code-as-password',
  group: 'connections',
  clause: "| password | string | required; the user's new or old institution password |",
  why: 'An update without a password is accepted when it carries a securityCode.',
  async handle(request, forward) {
    if (route(request, 'POST', ONE) !== null) {
      const body = readJsonObject(request);
      const code = str(body?.securityCode);
      if (
        body !== undefined &&
        (body.password === undefined || body.password === null || body.password === '') &&
        code
      )
        return forward(withJson(request, { ...body, password: code }));
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, fixtureConnectionPath(target), tok, {
        method: 'POST',
        body: { securityCode: '1234' },
      });
      return is2xx(reply.status) ? `update without a password answered ${reply.status}` : null;
    }),
};

// ---------------------------------------------------------------------------------------------
// jobs

async function startJob(target: Target, tok: string): Promise<JsonObject | null> {
  const reply = await updateFixtureConnection(target, tok);
  if (reply.status !== 202) return null;
  const job = obj(reply.json);
  return typeof job.id === 'string' ? job : null;
}

function getJob(target: Target, tok: string, id: string): ReturnType<typeof api> {
  return api(target, `/jobs/${enc(id)}`, tok);
}

function dropLastSegment(link: string): string {
  const at = link.indexOf('?');
  const path = at === -1 ? link : link.slice(0, at);
  return path.replace(/\/[^/]+\/?$/, '');
}

export const getSourceToList: Mutant = {
  name: 'r4-jobs-get-source-to-list',
  group: 'jobs',
  clause: '| links | object | `self`; `source` (link to the connection the job works on) |',
  why: "On GET /jobs/{id} links.source points to the user's connection list instead of the connection.",
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', JOB) === null) return response;
    return editJson(response, (body) => {
      const links = obj(body.links);
      if (typeof links.source === 'string') body.links = { ...links, source: dropLastSegment(links.source) };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const job = await startJob(target, tok);
      if (job === null) return 'connection update did not answer 202 with a job';
      const reply = await getJob(target, tok, String(job.id));
      if (reply.status !== 200) return `GET job answered ${reply.status}`;
      const source = str(obj(obj(reply.json).links).source);
      if (source === undefined) return 'job has no links.source';
      const followed = await follow(target, source, tok);
      const found = obj(followed.json);
      return followed.status === 200 && found.id === target.profile.fixtures.connectionId
        ? null
        : `links.source ${source} answered ${followed.status} with id ${JSON.stringify(found.id)}`;
    }),
};

export const createdDriftsOnGet: Mutant = {
  name: 'r4-jobs-created-drifts-on-get',
  group: 'jobs',
  clause: '| created | string | ISO 8601 timestamp |',
  why: 'GET /jobs/{id} reports created equal to updated, so the creation time moves as the job progresses.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', JOB) === null) return response;
    return editJson(response, (body) => {
      if (typeof body.updated === 'string') body.created = body.updated;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const job = await startJob(target, tok);
      if (job === null) return 'connection update did not answer 202 with a job';
      if (job.created === undefined) return null;
      await sleep(1200);
      const reply = await getJob(target, tok, String(job.id));
      if (reply.status !== 200) return `GET job answered ${reply.status}`;
      const later = obj(reply.json).created;
      return sameInstant(job.created, later)
        ? null
        : `created was ${String(job.created)}, later ${String(later)}`;
    }),
};

export const accountsStepResultType: Mutant = {
  name: 'r4-jobs-accounts-step-result-type',
  group: 'jobs',
  clause:
    'Step: `title` (string), `status` (string), `result` (null, or an object with `type` = `link` and `url` string).',
  why: 'The retrieve-accounts step result has type "href" instead of "link".',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', JOB) === null) return response;
    return editJson(response, (body) => {
      body.steps = arr(body.steps).map((s) => {
        const step = obj(s);
        return step.title === 'retrieve-accounts' && step.result !== null && step.result !== undefined
          ? { ...step, result: { ...obj(step.result), type: 'href' } }
          : step;
      });
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const job = await startJob(target, tok);
      if (job === null) return 'connection update did not answer 202 with a job';
      await sleep(1200);
      const reply = await getJob(target, tok, String(job.id));
      if (reply.status !== 200) return `GET job answered ${reply.status}`;
      for (const s of arr(obj(reply.json).steps)) {
        const step = obj(s);
        if (step.result === null) continue;
        const result = obj(step.result);
        if (result.type !== 'link' || typeof result.url !== 'string')
          return `step ${String(step.title)} result ${JSON.stringify(step.result)}`;
      }
      return null;
    }),
};

export const updatedBeforeCreatedWhenDone: Mutant = {
  name: 'r4-jobs-updated-before-created-when-done',
  group: 'jobs',
  clause: '| updated | string | ISO 8601 timestamp |',
  why: 'Once every step succeeded, GET /jobs/{id} reports an updated time a minute before the job was created.',
  async handle(request, forward) {
    const response = await forward(request);
    if (route(request, 'GET', JOB) === null) return response;
    return editJson(response, (body) => {
      const steps = arr(body.steps).map(obj);
      const created = Date.parse(str(body.created) ?? '');
      if (steps.length > 0 && steps.every((s) => s.status === 'success') && !Number.isNaN(created))
        body.updated = new Date(created - 60_000).toISOString();
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const job = await startJob(target, tok);
      if (job === null) return 'connection update did not answer 202 with a job';
      await sleep(1200);
      const reply = await getJob(target, tok, String(job.id));
      if (reply.status !== 200) return `GET job answered ${reply.status}`;
      const body = obj(reply.json);
      const created = Date.parse(str(body.created) ?? '');
      const updated = Date.parse(str(body.updated) ?? '');
      if (Number.isNaN(created) || Number.isNaN(updated)) return null;
      return updated >= created
        ? null
        : `updated ${String(body.updated)} precedes created ${String(body.created)}`;
    }),
};

export const acceptedSelfIsConnection: Mutant = {
  name: 'r4-jobs-accepted-self-is-connection',
  group: 'jobs',
  clause: 'Success: 202 with a job (`type`, `id`, `links.self`).',
  why: "The 202 job's links.self points to the connection rather than to the job itself.",
  async handle(request, forward) {
    const response = await forward(request);
    const update = route(request, 'POST', ONE);
    if (update === null || response.status !== 202) return response;
    return editJson(response, (body) => {
      const links = obj(body.links);
      const self = str(links.self);
      if (self === undefined) return;
      const prefix = self.replace(/\/jobs\/[^/?]+.*$/, '');
      body.links = {
        ...links,
        self: `${prefix}/users/${enc(update[0] ?? '')}/connections/${enc(update[1] ?? '')}`,
      };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const job = await startJob(target, tok);
      if (job === null) return 'connection update did not answer 202 with a job';
      const self = str(obj(job.links).self);
      if (self === undefined) return '202 job has no links.self';
      const followed = await follow(target, self, tok);
      const found = obj(followed.json);
      return followed.status === 200 && found.id === job.id && found.type === 'job'
        ? null
        : `202 links.self ${self} answered ${followed.status} ${JSON.stringify(found.type)} ${JSON.stringify(found.id)}`;
    }),
};

export const connectionJobMutants: Mutant[] = [
  idFilterIgnored,
  securityCodeEchoedAfterUpdate(),
  listCreatedDateDrift,
  detailOtherUserServed(),
  updateSecurityCodeAsPassword,
  getSourceToList,
  createdDriftsOnGet,
  accountsStepResultType,
  updatedBeforeCreatedWhenDone,
  acceptedSelfIsConnection,
];
