import { notFound } from '../errors.ts';
import { jobResource } from '../representations.ts';
import type { Route } from '../router.ts';

/** GET /jobs/{job.id} (spec: Endpoints, Job, States and transitions). */
export const getJob: Route = {
  method: 'GET',
  path: '/jobs/:jobId',
  auth: 'bearer',
  handle(request, context) {
    const job = context.state.jobs.get(request.params.jobId ?? '');
    if (!job) throw notFound('job.id', `no job ${request.params.jobId}`);
    return { status: 200, body: jobResource(job, context) };
  },
};
