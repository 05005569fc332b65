import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { JobsVariants } from '../../mock/variants/types.ts';
import { MockClient } from './mock-client.ts';

/**
 * Each jobs variant (mock/variants/types.ts, src/requirements/ambiguities/jobs.json) really changes the job the
 * mock answers. Steps last a minute here, so every job is seen before its first step starts.
 */
type Job = { created: string; updated: string; steps: { title: string; status: string }[] };

/** A new job of the fixture connection, read `reads` times 20 ms apart. */
async function freshJob(variant?: JobsVariants, reads = 1): Promise<Job[]> {
  const client = await MockClient.start({ jobStepMs: 60_000, variants: { jobs: variant } });
  try {
    const update = await client.post(client.paths.connection, {
      password: client.fixture.connectionPassword,
    });
    const { id } = update.body as { id: string };
    const jobs: Job[] = [];
    for (let read = 0; read < reads; read++) {
      if (read > 0) await sleep(20);
      jobs.push((await client.get(`/jobs/${id}`)).body as Job);
    }
    return jobs;
  } finally {
    await client.close();
  }
}

const firstRead = async (variant?: JobsVariants) => (await freshJob(variant))[0] as Job;

describe('the jobs variants', () => {
  it('by default a new job lists its three steps pending, with null results and UTC timestamps', async () => {
    const job = await firstRead();
    expect(job.steps.map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);
    expect(job.steps[0]).toHaveProperty('result', null);
    expect(job.created).toMatch(/\.\d{3}Z$/);
  });

  it('steps started-only: a new job lists no step', async () => {
    expect((await firstRead({ steps: 'started-only' })).steps).toEqual([]);
  });

  it('pendingStatus queued: a step not started says queued', async () => {
    const job = await firstRead({ pendingStatus: 'queued' });
    expect(job.steps.map((s) => s.status)).toEqual(['queued', 'queued', 'queued']);
  });

  it('timestamps offset: created and updated carry +10:00 and whole seconds, the same instants', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const job = await firstRead({ timestamps: 'offset' });
    const after = Date.now();
    expect(job.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+10:00$/);
    expect(job.updated).toMatch(/\+10:00$/);
    // The same instant as UTC, cut to the second: between the request and its answer, however long it took.
    expect(Date.parse(job.created)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(job.created)).toBeLessThanOrEqual(after);
  });

  it('emptyResult absent: a step that has produced nothing has no result member', async () => {
    const [step] = (await firstRead({ emptyResult: 'absent' })).steps;
    expect(step).toBeDefined();
    expect(step).not.toHaveProperty('result');
  });

  it('updated latest-read: updated moves with every read, where by default it stays', async () => {
    const [before, after] = await freshJob(undefined, 2);
    expect(after?.updated).toBe(before?.updated);
    const [first, second] = await freshJob({ updated: 'latest-read' }, 2);
    expect(Date.parse(second?.updated ?? '')).toBeGreaterThan(Date.parse(first?.updated ?? ''));
  });

  it('extraStep retrieve-meta: a fourth step follows the three', async () => {
    const job = await firstRead({ extraStep: 'retrieve-meta' });
    expect(job.steps.map((s) => s.title)).toEqual([
      'verify-credentials',
      'retrieve-accounts',
      'retrieve-transactions',
      'retrieve-meta',
    ]);
  });
});
