import { describeAnswer, expectThat } from '../../src/checks/failures.ts';
import { api, perRun, runSettings } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { updateFixtureConnection } from '../shared/fixture-connection.ts';
import { jobPath, pollBoundMs, pollJob, stepsOf } from '../shared/jobs.ts';

/** The checks that wait for the poll get this time limit: the bound plus room for slow requests. */
export const pollCheckTimeoutMs = pollBoundMs + 20_000;

export interface JobRun {
  /** The 202 answer of the update that started the job; none for the profile's finished job. */
  update?: Exchange;
  jobId: string;
  /** Every GET /jobs/{job.id}, in order; the last one settled the job, failed, or hit the bound. */
  snapshots: Exchange[];
  /** Whether every step of the last snapshot reached `success` within the bound. */
  settled: boolean;
  elapsedMs: number;
}

/** Every step says success. The spec does not require a job to settle, so this only ends the poll. */
export function settled(exchange: Exchange): boolean {
  const list = stepsOf(exchange);
  return (
    list !== undefined &&
    list.length > 0 &&
    list.every((s) => (s as { status?: unknown } | null)?.status === 'success')
  );
}

/**
 * Whether more polling could show the job settle: a 200 whose steps are an array of objects with string
 * statuses. Anything else fails the checks on that snapshot already, and waiting out the bound adds nothing.
 */
function judgeable(exchange: Exchange): boolean {
  const list = stepsOf(exchange);
  return (
    exchange.response?.status === 200 &&
    list !== undefined &&
    list.every((s) => typeof (s as { status?: unknown } | null)?.status === 'string')
  );
}

/**
 * The job the checks read, once per worker: where the run may update the fixture connection, the job the
 * update returns, polled every ~50 ms until every step succeeds, an answer is not 200, or the bound
 * passes (against the mock it settles in about 0.6 s); else, or when the fixture password was refused,
 * the profile's finished job (fixtures.jobId), read twice so that its reads can be compared.
 */
export function jobRun(): Promise<JobRun> {
  return perRun('jobs:run', async () => {
    const { readOnly, fixtures } = runSettings().profile;
    const updates =
      !readOnly && Boolean(fixtures.userId && fixtures.connectionId && fixtures.connectionPassword);
    // The checks' 'job' need gives the profile's job where the run cannot update for one.
    if (!updates) return finishedJob(fixtures.jobId ?? '');
    let update: Exchange;
    try {
      update = await updateFixtureConnection();
    } catch (error) {
      if (error instanceof NotExercised && fixtures.jobId) return finishedJob(fixtures.jobId);
      throw error;
    }
    const status = update.response?.status ?? 0;
    const jobId = (update.response?.body as { id?: unknown } | null | undefined)?.id;
    // CONN-31 and CONN-32 fail a bad update; without a job id the jobs checks have nothing to look at.
    if (status < 200 || status >= 300 || typeof jobId !== 'string' || jobId === '')
      throw new NotExercised(
        `the connection update answered ${status || update.failure} without a job id to poll (see CONN-31, CONN-32)`,
      );
    const { snapshots, elapsedMs } = await pollJob(
      jobId,
      (snapshot) => settled(snapshot) || !judgeable(snapshot),
    );
    return { update, jobId, snapshots, settled: settled(snapshots.at(-1) as Exchange), elapsedMs };
  });
}

/** The profile's finished job, read twice: nothing moves it, so its reads must agree (JOBS-15). */
async function finishedJob(jobId: string): Promise<JobRun> {
  const snapshots = [await api().get(jobPath(jobId)), await api().get(jobPath(jobId))];
  return { jobId, snapshots, settled: settled(snapshots[1] as Exchange), elapsedMs: 0 };
}

/**
 * Each snapshot answered 200, with its body. A snapshot that is not 200 fails JOBS-01 ("Success: 200 with
 * a job"), whichever check reads it: the other checks cannot judge a job that was not answered.
 */
export async function jobSnapshots(): Promise<{
  run: JobRun;
  bodies: { exchange: Exchange; job: Record<string, unknown> }[];
}> {
  const current = await jobRun();
  const bodies = current.snapshots.map((exchange) => {
    expectThat(
      exchange.response?.status === 200,
      `expected status 200 with the job, got ${describeAnswer(exchange)}`,
      exchange,
      'JOBS-01',
    );
    const job = exchange.response?.body;
    return { exchange, job: (job !== null && typeof job === 'object' ? job : {}) as Record<string, unknown> };
  });
  return { run: current, bodies };
}
