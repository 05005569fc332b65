import type { Context, Reply } from '../server/context.ts';
import { ApiError } from '../server/errors.ts';
import type { Route } from '../server/router.ts';
import { jobView } from '../views/job.ts';
import { checkId } from './lookup.ts';

function getJob(ctx: Context): Reply {
  const id = checkId(ctx, 'jobId', 'job', 'job.id');
  const job = ctx.world.jobs.get(id);
  if (!job)
    throw new ApiError(404, 'resource-not-found', 'Job not found.', `Job ${id} does not exist.`, 'job.id');
  return { status: 200, body: jobView(job, Date.now()) };
}

export const jobRoutes: Route[] = [
  { method: 'GET', pattern: '/jobs/:jobId', auth: true, clientAccess: true, handle: getJob },
];
