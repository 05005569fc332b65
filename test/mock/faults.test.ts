import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faults } from '../../mock/faults/index.ts';
import { defaultApiKey } from '../../mock/options.ts';
import { startMock } from '../../mock/server.ts';
import { catalogue, requirementById } from '../../src/requirements/catalogue.ts';
import { MockClient } from './mock-client.ts';

describe('the fault registry', () => {
  it('holds at least 40 faults with unique names', () => {
    expect(faults.length).toBeGreaterThanOrEqual(40);
    const names = faults.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  // SHOULD faults prove the SHOULD checks can fail; the matrix runs them with --strict.
  it('ties every fault to a requirement of the catalogue', () => {
    const offending = faults
      .filter((fault) => requirementById(fault.requirement) === undefined)
      .map((f) => `${f.name} → ${f.requirement} (${requirementById(f.requirement)?.level ?? 'unknown id'})`);
    expect(offending).toEqual([]);
    for (const fault of faults) expect(fault.description.length, fault.name).toBeGreaterThan(0);
  });

  it('spans every group of the catalogue', () => {
    const covered = new Set(faults.map((f) => requirementById(f.requirement)?.group));
    expect([...catalogue.groups].filter((group) => !covered.has(group))).toEqual([]);
  });

  it('refuses to start a mock with an unknown fault', async () => {
    await expect(startMock({ faults: ['nope'] })).rejects.toThrow(/unknown fault nope/);
    await expect(startMock({ faults: [faults[0]?.name ?? '', 'nope'] })).rejects.toThrow(/nope/);
  });

  it('starts a mock with all of them at once', async () => {
    const mock = await startMock({ faults: faults.map((f) => f.name) });
    await mock.close();
  });
});

/** A request whose answer the fault changes, reduced to what a check would look at. */
type Observation = (client: MockClient) => Promise<unknown>;

const jsonOf = async (client: MockClient, path: string, query?: Record<string, string>) =>
  (await client.get(path, query)).body as Record<string, unknown>;

/** One fault per group; the full fault-detection matrix is the conformance suite's. */
const sample: [fault: string, observation: Observation][] = [
  [
    'token-type-lowercase',
    async (client) =>
      (
        (await client.issue({ authorization: `Basic ${defaultApiKey}` }, { scope: 'SERVER_ACCESS' }))
          .body as {
          token_type: string;
        }
      ).token_type,
  ],
  [
    'auth-missing-accepted',
    async (client) => (await client.get('/institutions', undefined, { token: null })).status,
  ],
  [
    'error-list-without-correlation-id',
    async (client) => 'correlationId' in (await jsonOf(client, '/institutions/NOPE')),
  ],
  [
    'enrich-short-q-accepted',
    async (client) =>
      (await client.get('/enrich', { q: 'ab', institution: client.fixture.institutionId, country: 'AU' }))
        .status,
  ],
  [
    'users-create-returns-200',
    async (client) => (await client.post('/users', { email: 'a@example.com' })).status,
  ],
  [
    'connections-filter-ignored',
    async (client) =>
      (
        (
          await jsonOf(client, client.paths.connections, {
            filter: `id.eq('${client.fixture.connectionId}')`,
          })
        ).data as unknown[]
      ).length,
  ],
  [
    'job-source-link-missing',
    async (client) => {
      const job = (await client.post(client.paths.connection, { password: 'secret' })).body as { id: string };
      return ((await jsonOf(client, `/jobs/${job.id}`)).links as Record<string, string>).source !== undefined;
    },
  ],
  [
    'institutions-total-count-string',
    async (client) => typeof (await jsonOf(client, '/institutions')).totalCount,
  ],
  [
    'expenses-range-not-echoed',
    async (client) => {
      const body = (await client.post(client.paths.expenses, { fromMonth: '2026-01', toMonth: '2026-03' }))
        .body as { fromMonth: string; toMonth: string };
      return [body.fromMonth, body.toMonth];
    },
  ],
  [
    'affordability-limit-ignored',
    async (client) =>
      ((await jsonOf(client, client.paths.transactions, { limit: '10' })).data as unknown[]).length,
  ],
];

// Each case starts a mock of its own; on a loaded machine that takes longer than vitest's default 5 s.
describe('a faulted mock behaves observably differently from the clean one', () => {
  let clean: MockClient;

  beforeAll(async () => {
    clean = await MockClient.start();
  });

  afterAll(() => clean.close());

  it('the sample covers every group', () => {
    const groups = sample.map(
      ([name]) => requirementById(faults.find((f) => f.name === name)?.requirement ?? '')?.group,
    );
    expect(new Set(groups)).toEqual(new Set(catalogue.groups));
  });

  it('a reply fault on the institution list is sent, not the list bytes the mock keeps', async () => {
    const faulted = await MockClient.start({ faults: ['institutions-total-count-string'] });
    try {
      for (let i = 0; i < 3; i++) {
        expect(typeof (await jsonOf(clean, '/institutions')).totalCount).toBe('number');
        expect(typeof (await jsonOf(faulted, '/institutions')).totalCount).toBe('string');
      }
    } finally {
      await faulted.close();
    }
  });

  it.each(sample)('%s', async (fault, observe) => {
    const faulted = await MockClient.start({ faults: [fault] });
    try {
      const expected = await observe(clean);
      const observed = await observe(faulted);
      expect(observed).not.toEqual(expected);
    } finally {
      await faulted.close();
    }
  });
});
