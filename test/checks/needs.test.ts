import { describe, expect, it } from 'vitest';
import { missingNeed } from '../../src/checks/check.ts';
import type { ProfileFixtures, RunSettings } from '../../src/profile/profile.ts';

/**
 * What a check needs of the profile (src/checks/check.ts, missingNeed): the fixtures a staging has, each
 * named in the "not exercised, because …" of a check that lacks it, with what to give (enableBy, which makes
 * the run incomplete); a read-only run is the user's choice and names nothing to give, unless a fixture
 * would let it do the check all the same.
 */

function settings(fixtures: ProfileFixtures, readOnly = false): RunSettings {
  return {
    profile: {
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      version: '2.0',
      versionHeader: 'service-version',
      readOnly,
      fixtures,
    },
    seed: 1,
    runs: 1,
    concurrency: 1,
    timeoutMs: 1000,
    maxBodyBytes: 1024,
    runId: 'needs',
  };
}

const connection = { userId: 'u-1', connectionId: 'c-1', connectionPassword: 'p-1' };

describe("the partners' keys", () => {
  it.each([
    ['disabledPartnerApiKey', 'FDS_DISABLED_API_KEY'],
    ['deletedPartnerApiKey', 'FDS_DELETED_API_KEY'],
    ['nonEnrichPartnerApiKey', 'FDS_NON_ENRICH_API_KEY'],
  ] as const)(
    '%s: named when absent, with its variable, and never making a run incomplete',
    (need, variable) => {
      // Test data a service may have no way to stage: nothing to give (enableBy) that exit 4 would ask for.
      expect(missingNeed([need], settings({}))).toEqual({
        reason: `the profile gives no fixtures.${need} (nor ${variable})`,
      });
      expect(missingNeed([need], settings({ [need]: 'a key' }))).toBeUndefined();
    },
  );
});

describe('a job to read', () => {
  it("is met by the profile's finished job, read-only or not", () => {
    expect(missingNeed(['job'], settings({ jobId: 'j-1' }, true))).toBeUndefined();
    expect(missingNeed(['job'], settings({ jobId: 'j-1' }))).toBeUndefined();
  });

  it("is met by a connection update's job where the run may write", () => {
    expect(missingNeed(['job'], settings(connection))).toBeUndefined();
  });

  it('names fixtures.jobId in a read-only run, which no update can serve, as the choice of read-only', () => {
    expect(missingNeed(['job'], settings(connection, true))).toEqual({
      reason:
        'the run is read-only, so no connection update makes a job, and the profile gives no fixtures.jobId',
    });
  });

  it('names fixtures.jobId beside what the update lacks', () => {
    expect(missingNeed(['job'], settings({ userId: 'u-1', connectionId: 'c-1' }))).toEqual({
      reason:
        'the profile gives no fixtures.connectionPassword to update the connection for a job, nor a fixtures.jobId',
      enableBy: "the profile's fixtures.connectionPassword",
    });
  });
});

describe('a write in a read-only run', () => {
  it('names nothing to give: the user chose it', () => {
    expect(missingNeed(['write', 'userId'], settings({}, true))).toEqual({
      reason: 'it sends a write and the run is read-only',
    });
  });
});
