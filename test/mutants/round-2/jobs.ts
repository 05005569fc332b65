/** Round 2, jobs. */
import { call, guarded, sleep, token } from '../client.ts';
import type { Job } from '../client.ts';
import { arr, isObject, obj, route, str } from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest, MutantResponse } from '../mutant.ts';
import { editJson, expectStatus, freshJob, resolve } from './helpers.ts';

/** Answers that carry a job: the 202 of a connection update and GET /jobs/{job.id}. */
function carriesJob(request: MutantRequest): boolean {
  return (
    route(request, 'POST', /^\/users\/([^/]+)\/connections\/([^/]+)\/?$/) !== null ||
    route(request, 'GET', /^\/jobs\/([^/]+)\/?$/) !== null
  );
}

function editJob(
  request: MutantRequest,
  response: MutantResponse,
  edit: (job: JsonObject) => void,
): MutantResponse {
  if (!carriesJob(request)) return response;
  return editJson(response, (body) => {
    if (body.type === 'job' || Array.isArray(body.steps)) edit(body);
  });
}

const RANK: Record<string, number> = { pending: 0, 'in-progress': 1, success: 2 };

/** A step reported successful while an earlier step has not succeeded. */
function prematureStep(job: Partial<Job>): string | undefined {
  const steps = Array.isArray(job.steps) ? job.steps : [];
  for (let j = 0; j < steps.length; j += 1) {
    if (steps[j]?.status !== 'success') continue;
    for (let i = 0; i < j; i += 1)
      if (steps[i]?.status !== 'success')
        return `step ${steps[j]?.title ?? j} is success while the earlier ${steps[i]?.title ?? i} is ${steps[i]?.status ?? '?'}`;
  }
  return undefined;
}

export const jobMutants: Mutant[] = [
  {
    name: 'r2-jobs-last-step-premature',
    group: 'jobs',
    clause: '| steps | array | ordered steps |',
    why: 'the last step is reported successful while the earlier steps it follows are still pending or in progress.',
    async handle(request, forward) {
      return editJob(request, await forward(request), (job) => {
        const steps = arr(job.steps).filter(isObject);
        const last = steps[steps.length - 1];
        if (last !== undefined && steps.some((s) => s.status !== 'success')) last.status = 'success';
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { accepted, read } = await freshJob(target, tok);
        return prematureStep(accepted) ?? prematureStep(read) ?? null;
      }),
  },
  {
    name: 'r2-jobs-updated-before-created',
    group: 'jobs',
    clause: '| updated | string | ISO 8601 timestamp |',
    why: 'a job reports an updated time a minute before its created time, which no job can have.',
    async handle(request, forward) {
      return editJob(request, await forward(request), (job) => {
        const created = Date.parse(str(job.created) ?? '');
        if (!Number.isNaN(created)) job.updated = new Date(created - 60_000).toISOString();
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { read } = await freshJob(target, tok);
        await sleep(1100);
        const later = await call(target, resolve(target, read.links.self), { token: tok });
        expectStatus(later, 200, 'job read');
        for (const job of [read, later.json as Job]) {
          const created = Date.parse(job.created);
          const updated = Date.parse(job.updated);
          if (Number.isNaN(created) || Number.isNaN(updated)) return 'created or updated is not a timestamp';
          if (updated < created)
            return `job ${job.id} was updated (${job.updated}) before it was created (${job.created})`;
        }
        return null;
      }),
  },
  {
    name: 'r2-jobs-created-is-now',
    group: 'jobs',
    clause: '| created | string | ISO 8601 timestamp |',
    why: 'a job reports the time of each read as its created time, so the creation time changes from read to read.',
    async handle(request, forward) {
      const response = await forward(request);
      if (route(request, 'GET', /^\/jobs\/([^/]+)\/?$/) === null) return response;
      return editJson(response, (job) => {
        if (typeof job.created === 'string') job.created = new Date().toISOString();
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { read } = await freshJob(target, tok);
        await sleep(50);
        const again = await call(target, resolve(target, read.links.self), { token: tok });
        expectStatus(again, 200, 'job read');
        const created = (again.json as Job).created;
        if (created !== read.created)
          return `the job's created time moved from ${read.created} to ${created}`;
        return null;
      }),
  },
  {
    name: 'r2-jobs-pending-step-has-result',
    group: 'jobs',
    clause: 'A job step whose `result` is a link points to the resource it produced',
    why: 'steps that are still pending carry a link result, although a step that has not run has produced nothing.',
    async handle(request, forward) {
      return editJob(request, await forward(request), (job) => {
        const source = str(obj(job.links).source);
        for (const step of arr(job.steps).filter(isObject))
          if (step.status === 'pending' && source !== undefined) step.result = { type: 'link', url: source };
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { accepted, read } = await freshJob(target, tok);
        for (const job of [accepted, read]) {
          for (const step of Array.isArray(job.steps) ? job.steps : []) {
            if (RANK[step.status] === 0 && step.result !== null && step.result !== undefined)
              return `pending step ${step.title} already carries a result`;
          }
        }
        return null;
      }),
  },
];
