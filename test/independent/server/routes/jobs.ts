/** GET /jobs/{job.id}. */
import { sendJson } from '../http.ts';
import type { Context } from '../http.ts';
import { requireJob } from '../lookup.ts';
import { presentJob } from '../present.ts';

export function getJob(ctx: Context): void {
  const job = requireJob(ctx.world, ctx.params.jobId ?? '');
  sendJson(ctx.res, 200, presentJob(ctx.baseUrl, job, Date.now()));
}
