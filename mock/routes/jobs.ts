import { detail, notFound, quoted } from '../errors.ts';
import { jobResource, type MockJob, type MockJobStep } from '../representations.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import type { JobRecord } from '../state.ts';
import type { JobsVariants } from '../variants/types.ts';

/** A +10:00 offset and whole seconds: another ISO 8601 form of the same instant (AMB-JOBS-03). */
function withOffset(timestamp: string): string {
  const shifted = new Date(Date.parse(timestamp) + 10 * 3600_000).toISOString();
  return `${shifted.slice(0, 19)}+10:00`;
}

/** The steps as the variants list them: one more title, only those started, other words and shapes. */
function stepsAsShown(steps: MockJobStep[], variants: JobsVariants): MockJobStep[] {
  let shown = steps;
  const last = shown.at(-1);
  // The extra step moves with the last one, so a job still settles when every step succeeds.
  if (variants.extraStep && last)
    shown = [...shown, { title: variants.extraStep, status: last.status, result: null }];
  if (variants.steps === 'started-only') shown = shown.filter((step) => step.status !== 'pending');
  if (variants.pendingStatus === 'queued')
    shown = shown.map((step) => (step.status === 'pending' ? { ...step, status: 'queued' } : step));
  if (variants.emptyResult === 'absent')
    shown = shown.map(({ result, ...step }) => (result === null ? step : { ...step, result }));
  return shown;
}

/**
 * A job as the jobs variants show it (mock/variants/types.ts, JobsVariants): other step lists, words and
 * shapes, other timestamps. The job as built when none applies.
 */
export function jobAsShown(job: MockJob, context: MockContext, now = Date.now()): MockJob {
  const variants = context.options.variants.jobs;
  if (!variants) return job;
  const updated = variants.updated === 'latest-read' ? new Date(now).toISOString() : job.updated;
  const timestamps =
    variants.timestamps === 'offset' && job.created && updated
      ? { created: withOffset(job.created), updated: withOffset(updated) }
      : { updated };
  return { ...job, ...timestamps, ...(job.steps ? { steps: stepsAsShown(job.steps, variants) } : {}) };
}

/** A job the run started, or one of the world's, each of whose steps succeeded long ago. */
function jobOf(id: string, context: MockContext): JobRecord | undefined {
  const started = context.state.jobs.get(id);
  if (started) return started;
  const done = context.world.jobs.find((job) => job.id === id);
  return done && { ...done, createdAt: Date.parse(done.created) };
}

/** GET /jobs/{job.id} (spec: Endpoints, Job, States and transitions). */
export const getJob: RouteHandler = {
  handle(request, context) {
    const job = jobOf(request.params.jobId ?? '', context);
    if (!job)
      throw notFound('job.id', detail.unknown('job.id', quoted(request.params.jobId), 'no job has this id'));
    return { status: 200, body: jobAsShown(jobResource(job, context), context) };
  },
};
