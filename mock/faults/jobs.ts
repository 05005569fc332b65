/**
 * Faults of jobs (spec: GET {base_url}/jobs/{job.id}, Job, States and transitions), each breaking one
 * JOBS requirement. Faults exist so the suite can prove its worth: run against the mock with one in
 * force, the suite must fail the check of that requirement, or it has a gap.
 */

import { randomUUID } from 'node:crypto';
import type { Fault } from './fault.ts';
import { onSuccess, unknownIdAnswered, type Body, type Alter } from './reply-rewrites.ts';
import { routePaths } from '../routes/paths.ts';

/** Rewrites each step of every job served by GET /jobs/{job.id}. */
function onJobSteps(change: (step: Body, index: number) => Body): Alter {
  return onSuccess(routePaths.job, (body) => ({ ...body, steps: (body.steps as Body[]).map(change) }));
}

export const jobFaults = [
  {
    name: 'job-self-link-dangling',
    requirement: 'JOBS-18',
    description: "a job's links.self names an id one character off, which no job has",
    alter: (reply, route) => {
      const jobAnswer = route?.path === routePaths.job || route?.path === routePaths.connection;
      if (!jobAnswer || (reply.status !== 200 && reply.status !== 202)) return reply;
      const body = reply.body as Body;
      if (body.type !== 'job') return reply;
      const self = String((body.links as Body).self);
      return {
        ...reply,
        body: { ...body, links: { ...(body.links as Body), self: `${self.slice(0, -1)}x` } },
      };
    },
  },
  {
    name: 'job-self-link-carries-token',
    requirement: 'JOBS-18',
    description:
      "a job's links.self ends in a slash, which no route serves, and carries the request's Authorization header, URL-encoded, in its query",
    alter: (reply, route, _context, headers) => {
      const jobAnswer = route?.path === routePaths.job || route?.path === routePaths.connection;
      if (!jobAnswer || (reply.status !== 200 && reply.status !== 202)) return reply;
      const body = reply.body as Body;
      if (body.type !== 'job') return reply;
      const self = `${String((body.links as Body).self)}/?session=${encodeURIComponent(headers.authorization ?? '')}`;
      return { ...reply, body: { ...body, links: { ...(body.links as Body), self } } };
    },
  },
  {
    name: 'job-last-step-done-first',
    requirement: 'JOBS-17',
    description: 'the last step reports success while the steps before it are still to come',
    alter: onJobSteps((step, index) =>
      index === 2 && step.status !== 'success' ? { ...step, status: 'success', result: null } : step,
    ),
  },
  {
    name: 'job-verify-result-links-job',
    requirement: 'JOBS-16',
    description: "a finished verify-credentials step's result links to the job itself, not the connection",
    alter: onSuccess(routePaths.job, (body) => ({
      ...body,
      steps: (body.steps as Body[]).map((step) =>
        step.title === 'verify-credentials' && step.result
          ? { ...step, result: { type: 'link', url: (body.links as Body).self } }
          : step,
      ),
    })),
  },
  {
    name: 'job-unknown-id-served',
    requirement: 'JOBS-02',
    description: 'an unknown job id is answered 200 with a job',
    alter: unknownIdAnswered(routePaths.job, () => ({
      type: 'job',
      id: 'unknown',
      steps: [],
      links: { self: '/jobs/unknown' },
    })),
  },
  {
    name: 'job-step-result-not-link',
    requirement: 'JOBS-11',
    description: 'a finished step result has type "url" instead of "link"',
    alter: onSuccess(routePaths.job, (body) => ({
      ...body,
      steps: (body.steps as Body[]).map((step) =>
        step.result ? { ...step, result: { ...(step.result as Body), type: 'url' } } : step,
      ),
    })),
  },
  {
    name: 'job-source-link-missing',
    requirement: 'JOBS-13',
    description: 'jobs carry no links.source',
    alter: onSuccess(routePaths.job, (body) => {
      const { source: _source, ...links } = body.links as Body;
      return { ...body, links };
    }),
  },
  {
    name: 'job-get-returns-202',
    requirement: 'JOBS-01',
    description: 'GET /jobs/{job.id} answers 202 instead of 200',
    alter: (reply, route) =>
      route?.path === routePaths.job && reply.status === 200 ? { ...reply, status: 202 } : reply,
  },
  {
    name: 'job-type-wrong',
    requirement: 'JOBS-04',
    description: 'jobs carry type "task"',
    alter: onSuccess(routePaths.job, (body) => ({ ...body, type: 'task' })),
  },
  {
    name: 'job-created-epoch',
    requirement: 'JOBS-05',
    description: 'jobs give created in epoch milliseconds',
    alter: onSuccess(routePaths.job, (body) => ({ ...body, created: Date.parse(String(body.created)) })),
  },
  {
    name: 'job-steps-object',
    requirement: 'JOBS-07',
    description: 'jobs give steps as an object keyed by title',
    alter: onSuccess(routePaths.job, (body) => ({
      ...body,
      steps: Object.fromEntries((body.steps as Body[]).map((step) => [String(step.title), step])),
    })),
  },
  {
    name: 'job-step-title-number',
    requirement: 'JOBS-09',
    description: 'job steps are titled by their number',
    alter: onJobSteps((step, index) => ({ ...step, title: index + 1 })),
  },
  {
    name: 'job-answers-another-id',
    requirement: 'JOBS-03',
    description: 'GET /jobs/{job.id} answers a job of another id',
    collateral: [
      {
        requirement: 'JOBS-18',
        reason: "a job's self link leads to its retrieval, which answers another job",
      },
    ],
    alter: onSuccess(routePaths.job, (body) => ({ ...body, id: randomUUID() })),
  },
  {
    name: 'job-updated-before-created',
    requirement: 'JOBS-06',
    description: "a job's updated is an hour before its created",
    collateral: [
      {
        requirement: 'JOBS-15',
        reason:
          "the update's 202 gives the job's real updated, so the first GET's, an hour before it, goes back",
      },
    ],
    alter: onSuccess(routePaths.job, (body) => ({
      ...body,
      updated: new Date(Date.parse(String(body.created)) - 3600_000).toISOString(),
    })),
  },
  {
    name: 'job-source-another-connection',
    requirement: 'JOBS-14',
    description: "a job's links.source points to another connection of the world than the one updated",
    alter: onSuccess(routePaths.job, (body, context) => {
      const links = body.links as Body;
      const source = String(links.source);
      const other = context.world.connections.find((c) => !source.endsWith(`/connections/${c.id}`));
      const elsewhere = other ? `${context.baseUrl}/users/${other.userId}/connections/${other.id}` : source;
      return { ...body, links: { ...links, source: elsewhere } };
    }),
  },
  {
    name: 'job-step-status-boolean',
    requirement: 'JOBS-10',
    description: 'job steps give status as a boolean (done or not)',
    alter: onJobSteps((step) => ({ ...step, status: step.status === 'success' })),
  },
  {
    name: 'job-created-moves',
    requirement: 'JOBS-15',
    description: "a job's created is given as a second before its updated, so it moves as the job runs",
    alter: onSuccess(routePaths.job, (body) => ({
      ...body,
      created: new Date(Date.parse(String(body.updated)) - 1000).toISOString(),
    })),
  },
  {
    name: 'job-updated-goes-back',
    requirement: 'JOBS-15',
    description: "once every step has succeeded, a job's updated is given as its created: it goes back",
    alter: onSuccess(routePaths.job, (body) =>
      (body.steps as Body[]).every((step) => step.status === 'success')
        ? { ...body, updated: body.created }
        : body,
    ),
  },
] as const satisfies readonly Fault[];
