/** Job mutants. */
import { RANDOM_UUID, api, guarded, sleep, token, updateFixtureConnection } from '../client.ts';
import type { Job } from '../client.ts';
import { arr, isObject, jsonResponse, obj, route } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { rewriteSuccess } from './util.ts';

const jobRoute = (request: MutantRequest) => route(request, 'GET', /^\/jobs\/([^/]+)$/);
const updateRoute = (request: MutantRequest) =>
  route(request, 'POST', /^\/users\/([^/]+)\/connections\/([^/]+)$/);

/** Updates the fixture connection and answers the job it started. */
async function startJob(target: Parameters<Mutant['probe']>[0], tok: string): Promise<Job> {
  const reply = await updateFixtureConnection(target, tok);
  if (reply.status !== 202) throw new Error(`connection update answered ${reply.status}`);
  return reply.json as Job;
}

const selfDangling: Mutant = {
  name: 'r3-jobs-self-dangling',
  group: 'jobs',
  clause: '| links | object | `self`; `source` (link to the connection the job works on) |',
  why: 'the self link of a retrieved job names an identifier one character off, which leads to no job, instead of the job itself.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!jobRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      const links = obj(body.links);
      const self = links.self;
      if (typeof self === 'string' && self.length > 0) {
        const last = self.slice(-1);
        links.self = `${self.slice(0, -1)}${last === '0' ? '1' : '0'}`;
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const job = await startJob(target, tok);
      const reply = await api(target, `/jobs/${job.id}`, tok);
      if (reply.status !== 200) return `GET /jobs/{job.id} answered ${reply.status}`;
      const self = (reply.json as Job).links.self;
      const followed = await api(target, self, tok);
      if (followed.status !== 200 || (followed.json as Job).id !== job.id) {
        return `the job's self link ${self} answers ${followed.status} instead of the job`;
      }
      return null;
    }),
};

const createdEpochOnGet: Mutant = {
  name: 'r3-jobs-created-epoch-on-get',
  group: 'jobs',
  clause: '| created | string | ISO 8601 timestamp |',
  why: 'a retrieved job gives created as milliseconds since 1970 (a number), not an ISO 8601 string; the update answer is right.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!jobRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      if (typeof body.created === 'string') body.created = Date.parse(body.created);
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const job = await startJob(target, tok);
      const reply = await api(target, `/jobs/${job.id}`, tok);
      if (reply.status !== 200) return `GET /jobs/{job.id} answered ${reply.status}`;
      const created: unknown = (reply.json as Job).created;
      if (
        typeof created !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(created) ||
        Number.isNaN(Date.parse(created))
      ) {
        return `a retrieved job has created ${JSON.stringify(created)}, not an ISO 8601 timestamp`;
      }
      return null;
    }),
};

const resultTypeNotLink: Mutant = {
  name: 'r3-jobs-result-type-not-link',
  group: 'jobs',
  clause:
    'Step: `title` (string), `status` (string), `result` (null, or an object with `type` = `link` and `url` string).',
  why: 'the result of a finished step carries type "url" instead of "link".',
  async handle(request, forward) {
    const response = await forward(request);
    if (!jobRoute(request) && !updateRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      if (body.type !== 'job') return;
      for (const step of arr(body.steps)) {
        const result = obj(step).result;
        if (isObject(result)) result.type = 'url';
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const job = await startJob(target, tok);
      await sleep(1500);
      const reply = await api(target, `/jobs/${job.id}`, tok);
      if (reply.status !== 200) return `GET /jobs/{job.id} answered ${reply.status}`;
      for (const step of (reply.json as Job).steps) {
        if (step.result !== null && (step.result.type !== 'link' || typeof step.result.url !== 'string')) {
          return `step ${step.title} has a result of type ${String(step.result.type)}`;
        }
      }
      return null;
    }),
};

const updateJobLacksSelf: Mutant = {
  name: 'r3-jobs-update-job-lacks-self',
  group: 'jobs',
  clause: 'Success: 202 with a job (`type`, `id`, `links.self`).',
  why: 'the job answered to a connection update has no links.self, although the update answer names it (retrieving the job still shows one).',
  async handle(request, forward) {
    const response = await forward(request);
    if (!updateRoute(request) || response.status !== 202) return response;
    return rewriteSuccess(response, (body) => {
      const links = obj(body.links);
      delete links.self;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const job = await startJob(target, tok);
      const self = (job.links as Partial<Job['links']> | undefined)?.self;
      if (typeof self !== 'string') return 'the job answered by the connection update has no links.self';
      const followed = await api(target, self, tok);
      if (followed.status !== 200) return `links.self of the update's job answers ${followed.status}`;
      return null;
    }),
};

const unknownIdFabricated: Mutant = {
  name: 'r3-jobs-unknown-id-fabricated',
  group: 'jobs',
  clause: 'Success: 200 with a job. Error when the identifier is not valid.',
  why: 'a well-formed identifier that names no job is answered 200 with an invented, never-started job instead of an error.',
  async handle(request, forward) {
    const response = await forward(request);
    const params = jobRoute(request);
    if (!params || response.status !== 404) return response;
    const id = params[0] ?? '';
    const created = new Date(0).toISOString();
    return jsonResponse(200, {
      type: 'job',
      id,
      created,
      updated: created,
      steps: ['verify-credentials', 'retrieve-accounts', 'retrieve-transactions'].map((title) => ({
        title,
        status: 'pending',
        result: null,
      })),
      links: { self: `/jobs/${id}`, source: '' },
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, `/jobs/${RANDOM_UUID}`, tok);
      if (reply.status < 400) return `a job id that names no job is answered ${reply.status}`;
      return null;
    }),
};

export const jobMutants: Mutant[] = [
  selfDangling,
  createdEpochOnGet,
  resultTypeNotLink,
  updateJobLacksSelf,
  unknownIdFabricated,
];
