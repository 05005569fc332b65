import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { testCredentials } from '../../mock/test-credentials.ts';
import type { MockExchange } from '../../mock/options.ts';
import type { Profile } from '../../src/profile/profile.ts';
import { requirementResults, type RequirementResult } from '../../src/report/model.ts';
import { mockRunSettings, openMockSession } from '../harness/fault-matrix.ts';
import type { SuiteRun, SuiteSession } from '../harness/suite-session.ts';

/**
 * The profile's fixtures for what a staging has (docs/design.md#profile), against the mock, which has
 * each: the checks they unlock pass on the clean mock, the checks that lack them are not exercised naming
 * the field and what to give, and a fixture password the institution refuses is tried once and never sent
 * again. Only the check files concerned run, three targets at a time.
 */

const files = {
  tokenErrors: 'suites/token/errors.check.ts',
  enrichPartner: 'suites/enrich/partner.check.ts',
  jobs: 'suites/jobs/job.check.ts',
  passwordSenders: [
    'suites/connections/update.check.ts',
    'suites/connections/credentials.check.ts',
    'suites/connections/ownership.check.ts',
    'suites/auth/endpoints.check.ts',
    'suites/jobs/job.check.ts',
  ],
};

let session: SuiteSession;
const mocks: RunningMock[] = [];

async function mock(onResponse?: (exchange: MockExchange) => void): Promise<RunningMock> {
  const started = await startMock({ judgeClients: false, ...(onResponse ? { onResponse } : {}) });
  mocks.push(started);
  return started;
}

/** The mock's profile with the fixtures changed: a field given undefined is left out. */
function profileOf(target: RunningMock, fixtures: Partial<Profile['fixtures']>, readOnly = false): Profile {
  const profile = mockProfile(target);
  const changed = Object.fromEntries(
    Object.entries({ ...profile.fixtures, ...fixtures }).filter(([, value]) => value !== undefined),
  );
  return { ...profile, readOnly, fixtures: changed };
}

function byId(run: SuiteRun | undefined): (id: string) => RequirementResult | undefined {
  const results = requirementResults(run?.checks ?? []);
  return (id) => results.find((r) => r.id === id);
}

beforeAll(async () => {
  session = await openMockSession();
});
afterAll(async () => {
  await Promise.all([...mocks.map((m) => m.close()), session.close()]);
});

describe('the fixtures against the clean mock', { timeout: 120_000 }, () => {
  it("exercise and pass the partners' rows, the enrich partner and, read-only, the finished job", async () => {
    const full = await mock();
    const readOnly = await mock();
    const [partners, jobs] = await session.runTargets([
      { settings: mockRunSettings(profileOf(full, {})), files: [files.tokenErrors, files.enrichPartner] },
      { settings: mockRunSettings(profileOf(readOnly, {}, true)), files: [files.jobs] },
    ]);
    const partner = byId(partners);
    for (const id of ['TOKEN-17', 'TOKEN-18', 'ENRICH-18']) expect(partner(id)?.status, id).toBe('passed');
    const job = byId(jobs);
    const passed = (jobs?.checks ?? []).filter((c) => c.state === 'passed');
    expect(passed.length).toBeGreaterThan(10);
    for (const id of ['JOBS-01', 'JOBS-03', 'JOBS-05', 'JOBS-13', 'JOBS-15', 'JOBS-18'])
      expect(job(id)?.status, id).toBe('passed');
    // Only an update's job is known to work on the fixture connection.
    expect(job('JOBS-14')).toMatchObject({
      status: 'not-exercised',
      notExercised: ['it sends a write and the run is read-only'],
    });
    expect(job('JOBS-14')?.enableBy).toBeUndefined();
  });

  it('leave each check that lacks one not exercised, naming the field, and the run not incomplete for it', async () => {
    const target = await mock();
    const without = profileOf(
      target,
      {
        disabledPartnerApiKey: undefined,
        deletedPartnerApiKey: undefined,
        nonEnrichPartnerApiKey: undefined,
        jobId: undefined,
      },
      true,
    );
    const [run] = await session.runTargets([
      { settings: mockRunSettings(without), files: [files.tokenErrors, files.enrichPartner, files.jobs] },
    ]);
    const result = byId(run);
    for (const [id, field, variable] of [
      ['TOKEN-17', 'disabledPartnerApiKey', 'FDS_DISABLED_API_KEY'],
      ['TOKEN-18', 'deletedPartnerApiKey', 'FDS_DELETED_API_KEY'],
      ['ENRICH-18', 'nonEnrichPartnerApiKey', 'FDS_NON_ENRICH_API_KEY'],
    ] as const) {
      expect(result(id)?.status, id).toBe('not-exercised');
      expect(result(id)?.notExercised, id).toContain(
        `the profile gives no fixtures.${field} (nor ${variable})`,
      );
      // Test data a service may have no way to stage: nothing exit 4 would ask for.
      expect(result(id), id).not.toHaveProperty('enableBy');
    }
    expect(result('TOKEN-17')?.notExercised).toContainEqual(
      expect.stringMatching(
        /^the token endpoint gave no 403 in \d+ answers \(partner account temporarily disabled: the profile gives no fixtures\.disabledPartnerApiKey to provoke it\)$/,
      ),
    );
    expect(result('JOBS-01')).toMatchObject({
      status: 'not-exercised',
      notExercised: [
        'the run is read-only, so no connection update makes a job, and the profile gives no fixtures.jobId',
      ],
    });
    expect(result('JOBS-01')).not.toHaveProperty('enableBy');
  });
});

describe('a fixture password the institution refuses', { timeout: 120_000 }, () => {
  it('is tried once, never sent again, and leaves the checks that send it not exercised, naming why', async () => {
    const updates: MockExchange[] = [];
    const target = await mock((exchange) => {
      if (exchange.method === 'POST' && exchange.route === '/users/:userId/connections/:connectionId')
        updates.push(exchange);
    });
    const { fixture } = target.world;
    const wrong = profileOf(target, { connectionPassword: testCredentials.wrongPassword });
    const [run] = await session.runTargets([
      { settings: mockRunSettings(wrong), files: files.passwordSenders },
    ]);
    expect(run?.errors).toEqual([]);
    // The trial: one update with the password, answered 202 with a job whose verify-credentials fails.
    // Every other update the checks sent carried no password (CONN-33, CONN-35, CONN-38's bodies, CONN-45's
    // own to no connection) and was refused; none went to another user's path with it (CONN-44).
    const fixturePath = `/users/${fixture.userId}/connections/${fixture.connectionId}`;
    expect(updates.filter((u) => u.status === 202).map((u) => u.path)).toEqual([fixturePath]);
    expect(updates.filter((u) => !u.path.startsWith(`/users/${fixture.userId}/`))).toEqual([]);
    const result = byId(run);
    const why =
      "fixtures.connectionPassword was refused (the update's job ended verify-credentials failed (user-action-required)): not sent again this run, lest the institution lock the account";
    for (const id of ['CONN-31', 'CONN-32', 'CONN-34', 'CONN-44', 'JOBS-14', 'JOBS-16'])
      expect(result(id), id).toMatchObject({
        status: 'not-exercised',
        notExercised: [why],
        enableBy: ['a fixtures.connectionPassword the institution accepts'],
      });
    // The jobs checks read the profile's finished job instead; the updates refused for another reason pass.
    expect(result('JOBS-01')?.status).toBe('passed');
    expect(result('CONN-33')?.status).toBe('passed');
    expect(requirementResults(run?.checks ?? []).filter((r) => r.status === 'failed')).toEqual([]);
  });
});
