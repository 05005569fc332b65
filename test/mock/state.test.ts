import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultApiKey, shortLivedApiKey } from '../../mock/options.ts';
import { expectError, expectResource, MockClient } from './mock-client.ts';

interface JobBody {
  id: string;
  created: string;
  updated: string;
  steps: { title: string; status: string; result: { type: string; url: string } | null }[];
  links: { self: string; source: string };
}

const stepMs = 20;
let client: MockClient;

beforeAll(async () => {
  client = await MockClient.start({
    jobStepMs: stepMs,
    apiKeys: { [defaultApiKey]: 3600, [shortLivedApiKey]: 1 },
  });
});

afterAll(() => client.close());

afterEach(() => {
  vi.useRealTimers();
});

describe('created users exist (spec: POST /users; GET /users/{user.id}/connections)', () => {
  it('a created user’s connection list is 200 with an empty data array', async () => {
    const created = await client.post('/users', { mobile: '+61412345678', lastName: 'Lovelace' });
    expectResource(created, 201, 'user');
    const user = created.body as { id: string; links: { self: string } };
    expect(user.links.self).toBe(`${client.url}/users/${user.id}`);
    const list = await client.get(`/users/${user.id}/connections`);
    expectResource(list, 200, 'connection-list');
    expect(list.body).toMatchObject({ type: 'list', data: [] });
  });

  it('a created user can ask for expenses, all zero', async () => {
    const created = await client.post('/users', { email: 'zero@example.com' });
    const user = created.body as { id: string };
    const exchange = await client.post(`/users/${user.id}/expenses`, {});
    expectResource(exchange, 200, 'expenses');
    expect(exchange.body).toMatchObject({ payments: [], cashWithdrawals: { avgMonthly: '0.00' } });
  });

  it('each created user gets its own id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      ids.add(((await client.post('/users', { email: `u${i}@example.com` })).body as { id: string }).id);
    }
    expect(ids.size).toBe(5);
  });
});

describe('tokens expire (spec: Authentication, step 5)', () => {
  it('a token of the short-lived key is refused once expires_in has passed, and a fresh one works', async () => {
    const issued = await client.issue(
      { authorization: `Basic ${shortLivedApiKey}` },
      { scope: 'SERVER_ACCESS' },
    );
    expectResource(issued, 200, 'token');
    const { access_token: token, expires_in: lifetime } = issued.body as {
      access_token: string;
      expires_in: number;
    };
    expect(lifetime).toBe(1);
    expect((await client.get('/institutions', undefined, { token })).status).toBe(200);
    await sleep(lifetime * 1000 + 50);
    expectError(
      await client.get('/institutions', undefined, { token }),
      401,
      'invalid-grant',
      'Authorization',
    );
    const fresh = await client.token(shortLivedApiKey);
    expect(fresh).not.toBe(token);
    expect((await client.get('/institutions', undefined, { token: fresh })).status).toBe(200);
  });

  it('tokens are answered with Cache-Control: no-store', async () => {
    const issued = await client.issue(
      { authorization: `Basic ${defaultApiKey}` },
      { scope: 'CLIENT_ACCESS' },
    );
    expect(issued.headers.get('cache-control')).toBe('no-store');
  });
});

describe('connection updates start jobs that progress (spec: Job, States and transitions)', () => {
  const connectionUrl = () => `${client.url}${client.paths.connection}`;
  const statuses = (job: JobBody) => job.steps.map((s) => s.status);

  async function startJob(): Promise<JobBody> {
    const exchange = await client.post(client.paths.connection, {
      password: client.fixture.connectionPassword,
    });
    expectResource(exchange, 202, 'job');
    return exchange.body as JobBody;
  }

  async function poll(id: string): Promise<JobBody> {
    const exchange = await client.get(`/jobs/${id}`);
    expectResource(exchange, 200, 'job');
    return exchange.body as JobBody;
  }

  it('a new job has three pending steps and links.source naming the connection', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const job = await startJob();
    expect(job.steps.map((s) => s.title)).toEqual([
      'verify-credentials',
      'retrieve-accounts',
      'retrieve-transactions',
    ]);
    expect(statuses(job)).toEqual(['pending', 'pending', 'pending']);
    expect(job.steps.every((s) => s.result === null)).toBe(true);
    expect(job.links).toEqual({ self: `${client.url}/jobs/${job.id}`, source: connectionUrl() });
    expect(job.created).toBe(new Date(start).toISOString());
  });

  it('steps move pending → in-progress → success one after another, each success with its result link', async () => {
    // Only Date is faked, so the mock's clock stands still while sockets and timers run for real; the
    // start is the real time, so the client's token (issued for an hour) stays valid.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const job = await startJob();
    const expected: [number, string[]][] = [
      [stepMs - 1, ['pending', 'pending', 'pending']],
      [stepMs + 1, ['in-progress', 'pending', 'pending']],
      [2 * stepMs + 1, ['success', 'in-progress', 'pending']],
      [3 * stepMs + 1, ['success', 'success', 'in-progress']],
      [4 * stepMs + 1, ['success', 'success', 'success']],
      [60_000, ['success', 'success', 'success']],
    ];
    for (const [elapsed, steps] of expected) {
      vi.setSystemTime(start + elapsed);
      const polled = await poll(job.id);
      expect(statuses(polled), `${elapsed} ms after creation`).toEqual(steps);
      expect(Date.parse(polled.updated)).toBeLessThanOrEqual(start + elapsed);
      expect(polled.created).toBe(job.created);
    }
    const done = await poll(job.id);
    expect(done.steps.map((s) => s.result)).toEqual([
      { type: 'link', url: connectionUrl() },
      { type: 'link', url: `${connectionUrl()}/accounts` },
      { type: 'link', url: `${connectionUrl()}/transactions` },
    ]);
    expect(done.links.source).toBe(connectionUrl());
  });

  it('polled in real time, a job only ever moves forward and finishes', async () => {
    const job = await startJob();
    const rank = { pending: 0, 'in-progress': 1, success: 2 } as Record<string, number>;
    let previous = statuses(job).map((s) => rank[s] ?? -1);
    // Polled until done, however long a busy machine takes: a job that never finishes ends in the timeout.
    let polled = job;
    while (statuses(polled).some((s) => s !== 'success')) {
      await sleep(3);
      polled = await poll(job.id);
      const current = statuses(polled).map((s) => rank[s] ?? -1);
      current.forEach((value, index) => expect(value).toBeGreaterThanOrEqual(previous[index] as number));
      // Steps run in order: a step is never ahead of the one before it.
      for (let i = 1; i < current.length; i++)
        expect(current[i]).toBeLessThanOrEqual(current[i - 1] as number);
      previous = current;
    }
    expect(statuses(polled)).toEqual(['success', 'success', 'success']);
  });

  it('each update starts a new job', async () => {
    const first = await startJob();
    const second = await startJob();
    expect(second.id).not.toBe(first.id);
    expect((await poll(first.id)).id).toBe(first.id);
  });
});
