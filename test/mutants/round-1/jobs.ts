/** Round 1, jobs. */
import { api, guarded, sleep, token, updateFixtureConnection } from '../client.ts';
import type { Connection, Job } from '../client.ts';
import { arr, obj, readJsonObject, route, str, withJson } from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest, MutantResponse, Target } from '../mutant.ts';

const UPDATE = /^\/users\/([^/]+)\/connections\/([^/]+)$/;
const JOB = /^\/jobs\/([^/]+)$/;

/** A job answer (the update's 202 or GET /jobs/{id}), as an object, or undefined. */
function jobBody(request: MutantRequest, response: MutantResponse): JsonObject | undefined {
  const isJobAnswer = route(request, 'POST', UPDATE) !== null || route(request, 'GET', JOB) !== null;
  const body = readJsonObject(response);
  return isJobAnswer && response.status < 300 && body?.type === 'job' ? body : undefined;
}

/** Starts a job by updating the fixture connection; answers the job. */
async function startJob(target: Target, tok: string): Promise<Job> {
  const reply = await updateFixtureConnection(target, tok);
  if (reply.status >= 300) throw new Error(`connection update answered ${reply.status}`);
  return reply.json as Job;
}

async function connectionSelf(target: Target, tok: string): Promise<string> {
  const { userId, connectionId } = target.profile.fixtures;
  const detail = await api(target, `/users/${userId}/connections/${connectionId}`, tok);
  if (detail.status !== 200) throw new Error(`connection detail answered ${detail.status}`);
  return (detail.json as Connection).links.self;
}

const ORDER = ['verify-credentials', 'retrieve-accounts', 'retrieve-transactions'];

let firstJobId: string | undefined;
let lastJobId: string | undefined;

export const jobMutants: Mutant[] = [
  {
    name: 'r1-jobs-first-job-always',
    group: 'jobs',
    clause: 'Long-running connection work is tracked through job resources.',
    why: 'GET /jobs/{job.id} answers the first job ever read instead of the job named, so later work cannot be tracked.',
    async handle(request, forward) {
      const one = route(request, 'GET', JOB);
      if (!one) return forward(request);
      const asked = one[0] ?? '';
      if (firstJobId === undefined) {
        const response = await forward(request);
        if (response.status === 200) firstJobId = asked;
        return response;
      }
      return forward({ ...request, path: `/jobs/${firstJobId}` });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        for (let i = 0; i < 2; i += 1) {
          const job = await startJob(target, tok);
          const reply = await api(target, `/jobs/${job.id}`, tok);
          if (reply.status !== 200) return `GET /jobs/${job.id} answered ${reply.status}`;
          const got = (reply.json as Job).id;
          if (got !== job.id) return `GET /jobs/${job.id} answered job ${got}`;
        }
        return null;
      }),
  },
  {
    name: 'r1-jobs-source-misdirected',
    group: 'jobs',
    clause: '`source` (link to the connection the job works on)',
    why: "links.source points at the user's connection list rather than at the connection the job works on.",
    async handle(request, forward) {
      const response = await forward(request);
      const body = jobBody(request, response);
      const links = obj(body?.links);
      const source = str(links.source);
      if (!body || source === undefined) return response;
      return withJson(response, { ...body, links: { ...links, source: source.replace(/\/[^/]+$/, '') } });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const job = await startJob(target, tok);
        const self = await connectionSelf(target, tok);
        if (job.links.source !== self)
          return `update job's links.source ${job.links.source} is not the connection ${self}`;
        const again = await api(target, `/jobs/${job.id}`, tok);
        const source = (again.json as Job).links.source;
        if (source !== self) return `GET job's links.source ${source} is not the connection ${self}`;
        return null;
      }),
  },
  {
    name: 'r1-jobs-steps-reversed',
    group: 'jobs',
    clause: '| steps | array | ordered steps |',
    why: 'the steps are listed last first, so retrieving transactions precedes verifying the credentials it depends on.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = jobBody(request, response);
      if (!body) return response;
      return withJson(response, { ...body, steps: [...arr(body.steps)].reverse() });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const job = await startJob(target, tok);
        const again = await api(target, `/jobs/${job.id}`, tok);
        for (const steps of [job.steps, (again.json as Job).steps]) {
          const positions = steps.map((s) => ORDER.indexOf(s.title)).filter((p) => p >= 0);
          if (positions.some((p, i) => i > 0 && p < (positions[i - 1] ?? 0))) {
            return `steps out of order: ${steps.map((s) => s.title).join(', ')}`;
          }
        }
        return null;
      }),
  },
  {
    name: 'r1-jobs-invalid-id-answered',
    group: 'jobs',
    clause: 'Success: 200 with a job. Error when the identifier is not valid.',
    why: 'a malformed job identifier is answered 200 with another job instead of an error.',
    async handle(request, forward) {
      const one = route(request, 'GET', JOB);
      const response = await forward(request);
      const body = jobBody(request, response);
      if (body && typeof body.id === 'string') lastJobId = body.id;
      if (!one || response.status < 400 || lastJobId === undefined) return response;
      return forward({ ...request, path: `/jobs/${lastJobId}` });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        await startJob(target, tok);
        const reply = await api(target, '/jobs/not-a-job-id', tok);
        return reply.status >= 400 ? null : `GET /jobs/not-a-job-id answered ${reply.status}`;
      }),
  },
  {
    name: 'r1-jobs-verify-result-misdirected',
    group: 'jobs',
    clause:
      'A job step whose `result` is a link points to the resource it produced (for example the connection created by verify-credentials).',
    why: 'the verify-credentials result links to the job itself instead of the connection it verified.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = jobBody(request, response);
      const self = str(obj(body?.links).self);
      if (!body || self === undefined) return response;
      const steps = arr(body.steps).map((step) => {
        const s = obj(step);
        const result = obj(s.result);
        return s.title === 'verify-credentials' && result.type === 'link'
          ? { ...s, result: { ...result, url: self } }
          : step;
      });
      return withJson(response, { ...body, steps });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const job = await startJob(target, tok);
        const self = await connectionSelf(target, tok);
        const deadline = Date.now() + 5000;
        while (Date.now() < deadline) {
          const reply = await api(target, `/jobs/${job.id}`, tok);
          const step = (reply.json as Job).steps.find((s) => s.title === 'verify-credentials');
          if (step?.result?.type === 'link') {
            return step.result.url === self
              ? null
              : `verify-credentials result links to ${step.result.url}, not the connection ${self}`;
          }
          await sleep(200);
        }
        return null;
      }),
  },
  {
    name: 'r1-jobs-update-job-untrackable',
    group: 'jobs',
    clause: 'Jobs are returned when a connection is updated.',
    why: 'the job answered by the update carries an identifier no job has, so GET /jobs/{job.id} cannot find the work it describes.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = jobBody(request, response);
      const id = str(body?.id);
      if (!route(request, 'POST', UPDATE) || !body || id === undefined) return response;
      const fake = crypto.randomUUID();
      return withJson(response, JSON.parse(JSON.stringify(body).split(id).join(fake)) as unknown);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const job = await startJob(target, tok);
        const byId = await api(target, `/jobs/${job.id}`, tok);
        if (byId.status !== 200 || (byId.json as Job).id !== job.id) {
          return `job ${job.id} from the update answered ${byId.status} on GET /jobs/{job.id}`;
        }
        const bySelf = await api(target, job.links.self, tok);
        if (bySelf.status !== 200) return `the update job's links.self answered ${bySelf.status}`;
        return null;
      }),
  },
];
