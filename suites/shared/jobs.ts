import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { api } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';

/**
 * Reading a job as it goes (spec: GET {base_url}/jobs/{job.id}): shared by the jobs suite, which judges
 * the job of an update, and the trial of the fixture password (fixture-connection.ts), which reads its
 * verify-credentials step. Here rather than in the jobs group's support so no group imports another's.
 */

/** Polling a job: short intervals, a bounded total (CONTRIBUTING: every loop is bounded). */
export const pollIntervalMs = 50;
export const pollBoundMs = 10_000;

export const jobPath = (id: string) => `/jobs/${encodeURIComponent(id)}`;

/** A job answer's steps, when they are an array. */
export function stepsOf(exchange: Exchange | undefined): unknown[] | undefined {
  const value = (exchange?.response?.body as { steps?: unknown } | null | undefined)?.steps;
  return Array.isArray(value) ? value : undefined;
}

/**
 * GET /jobs/{job.id} every ~50 ms until `done` says the last answer settles what the caller asks, or the
 * bound passes: every answer, in order, and the time the poll took.
 */
export async function pollJob(
  jobId: string,
  done: (snapshot: Exchange) => boolean,
): Promise<{ snapshots: Exchange[]; elapsedMs: number }> {
  const started = performance.now();
  const snapshots: Exchange[] = [];
  for (;;) {
    const snapshot = await api().get(jobPath(jobId));
    snapshots.push(snapshot);
    const elapsedMs = performance.now() - started;
    if (done(snapshot) || elapsedMs + pollIntervalMs > pollBoundMs) return { snapshots, elapsedMs };
    await sleep(pollIntervalMs);
  }
}
