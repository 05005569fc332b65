import { enc, link } from '../server/links.ts';
import type { JobRecord } from '../world/types.ts';

/** Step timeline in ms after creation: [starts, finishes]. Jobs settle within about a second. */
const TIMELINE: ReadonlyArray<readonly [string, number, number]> = [
  ['verify-credentials', 0, 300],
  ['retrieve-accounts', 300, 600],
  ['retrieve-transactions', 600, 1000],
];

export function jobView(job: JobRecord, nowMs: number): Record<string, unknown> {
  const elapsed = nowMs - job.createdMs;
  const user = `/users/${enc(job.userId)}`;
  const connection = link(`${user}/connections/${enc(job.connectionId)}`);
  const results: Record<string, string> = {
    'verify-credentials': connection,
    'retrieve-accounts': link(
      `${user}/accounts?filter=${encodeURIComponent(`connection.id.eq('${job.connectionId}')`)}`,
    ),
    'retrieve-transactions': link(
      `${user}/transactions?filter=${encodeURIComponent(`connection.id.eq('${job.connectionId}')`)}`,
    ),
  };
  let lastChange = 0;
  const steps = TIMELINE.map(([title, start, end]) => {
    const status = elapsed >= end ? 'success' : elapsed >= start ? 'in-progress' : 'pending';
    if (elapsed >= end) lastChange = end;
    else if (elapsed >= start) lastChange = Math.max(lastChange, start);
    const url = results[title];
    return {
      title,
      status,
      result: status === 'success' && url !== undefined ? { type: 'link', url } : null,
    };
  });
  return {
    type: 'job',
    id: job.id,
    created: new Date(job.createdMs).toISOString(),
    updated: new Date(job.createdMs + lastChange).toISOString(),
    steps,
    links: { self: link(`/jobs/${enc(job.id)}`), source: connection },
  };
}
