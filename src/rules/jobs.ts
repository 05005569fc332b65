import { decide, type Verdict } from './verdict.ts';

// Spec: Endpoints > GET {base_url}/jobs/{job.id}, and Resources and their fields > Job.

/** JOBS-03: GET /jobs/X answers job X; an id that is no string is JOBS-04's. */
export function answersJobAsked(body: unknown, jobId: string): Verdict {
  const id = (body as { id?: unknown } | null | undefined)?.id;
  if (typeof id !== 'string') return undefined;
  return decide(id === jobId, () => `expected the job ${jobId}, got id ${JSON.stringify(id)}`);
}

/** JOBS-06: a job's updated is not earlier than its created; unreadable timestamps are JOBS-05's. */
export function updatedNotBeforeCreated(body: unknown): Verdict {
  const { created, updated } = (body ?? {}) as { created?: unknown; updated?: unknown };
  const from = Date.parse(String(created));
  const to = Date.parse(String(updated));
  if (Number.isNaN(from) || Number.isNaN(to)) return undefined;
  return decide(to >= from, () => `updated ${String(updated)} is earlier than created ${String(created)}`);
}
