import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeAnswer, expectThat } from '../../src/checks/failures.ts';
import { api, perRun } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { updateFixtureConnection } from '../shared/fixture-connection.ts';

/** Polling a job: short intervals, a bounded total (CONTRIBUTING: every loop is bounded). */
export const pollIntervalMs = 50;
export const pollBoundMs = 10_000;
/** The checks that wait for the poll get this time limit: the bound plus room for slow requests. */
export const pollCheckTimeoutMs = pollBoundMs + 20_000;

export interface JobRun {
  /** The 202 answer of the update that started the job. */
  update: Exchange;
  jobId: string;
  /** Every GET /jobs/{job.id}, in order; the last one settled the job, failed, or hit the bound. */
  snapshots: Exchange[];
  /** Whether every step of the last snapshot reached `success` within the bound. */
  settled: boolean;
  elapsedMs: number;
}

export const jobPath = (id: string) => `/jobs/${encodeURIComponent(id)}`;

function steps(exchange: Exchange): unknown[] | undefined {
  const value = (exchange.response?.body as { steps?: unknown } | null | undefined)?.steps;
  return Array.isArray(value) ? value : undefined;
}

/** Every step says success. The spec does not require a job to settle, so this only ends the poll. */
export function settled(exchange: Exchange): boolean {
  const list = steps(exchange);
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
  const list = steps(exchange);
  return (
    exchange.response?.status === 200 &&
    list !== undefined &&
    list.every((s) => typeof (s as { status?: unknown } | null)?.status === 'string')
  );
}

/**
 * Updates the fixture connection and polls the job it returns every ~50 ms until every step succeeds, an
 * answer is not 200, or the bound passes. Once per worker; the checks read its snapshots. Against the mock
 * the job settles in about 0.6 s.
 */
export function jobRun(): Promise<JobRun> {
  return perRun('jobs:run', async () => {
    const update = await updateFixtureConnection();
    const status = update.response?.status ?? 0;
    const jobId = (update.response?.body as { id?: unknown } | null | undefined)?.id;
    // CONN-31 and CONN-32 fail a bad update; without a job id the jobs checks have nothing to look at.
    if (status < 200 || status >= 300 || typeof jobId !== 'string' || jobId === '')
      throw new NotExercised(
        `the connection update answered ${status || update.failure} without a job id to poll (see CONN-31, CONN-32)`,
      );
    const started = performance.now();
    const snapshots: Exchange[] = [];
    for (;;) {
      const snapshot = await api().get(jobPath(jobId));
      snapshots.push(snapshot);
      const elapsedMs = performance.now() - started;
      const done = settled(snapshot);
      if (done || !judgeable(snapshot) || elapsedMs + pollIntervalMs > pollBoundMs)
        return { update, jobId, snapshots, settled: done, elapsedMs };
      await sleep(pollIntervalMs);
    }
  });
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
