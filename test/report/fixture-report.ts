import type { CheckResult } from '../../src/report/model.ts';
import { buildReport } from '../../src/report/report.ts';

/**
 * Check results covering every state, with a failure carrying evidence and a property seed, and a check
 * that left a probe out for want of a fixture.
 */
export const sampleChecks: CheckResult[] = [
  {
    name: 'GET /institutions answers 200 with the list',
    file: 'suites/institutions/list.check.ts',
    requirements: ['INST-01'],
    state: 'passed',
    durationMs: 12,
  },
  {
    name: 'token_type is Bearer',
    file: 'suites/token/fields.check.ts',
    requirements: ['TOKEN-04'],
    state: 'failed',
    durationMs: 8,
    message: 'POST /token: not a valid token:\ntoken /token_type: expected exactly "Bearer", found "bearer"',
    failure: {
      exchange: {
        request: {
          method: 'POST',
          url: 'http://127.0.0.1:1/token',
          headers: { authorization: 'Basic ***' },
          body: 'scope=SERVER_ACCESS',
          credential: 'api-key',
        },
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: undefined,
          text: '{"token_type":"bearer"}',
          durationMs: 3,
        },
        retries: [],
      },
      curl: 'curl -sS -X POST \'http://127.0.0.1:1/token\' -H "Authorization: Basic $FDS_API_KEY"',
      seed: 42,
      path: '0:1',
      counterexample: '"abc"',
    },
  },
  {
    name: 'the institution list envelope',
    file: 'suites/institutions/list.check.ts',
    requirements: ['INST-02'],
    state: 'flaky',
    durationMs: 20,
    message: 'GET /institutions: expected status 200, got 503',
    failedAttempts: [{ message: 'GET /institutions: expected status 200, got 503' }],
  },
  {
    name: "GET /users/{user.id}/connections/{connection.id} never serves a connection under another user's path",
    file: 'suites/connections/ownership.check.ts',
    requirements: ['CONN-43'],
    state: 'partly-exercised',
    durationMs: 5,
    notRun: [
      {
        probe: 'under another user of the target',
        reason: 'the run is read-only, so it creates no user, and the profile gives no fixtures.otherUserId',
        enableBy: "the profile's fixtures.otherUserId",
      },
    ],
  },
  {
    name: 'expiry end to end',
    file: 'suites/token/expiry.check.ts',
    requirements: ['AUTH-09'],
    state: 'not-exercised',
    durationMs: 0,
    message: 'the profile gives no tokenExpiry key',
  },
];

export const sample = buildReport({
  checks: sampleChecks,
  target: { baseUrl: 'http://127.0.0.1:1', embeddedMock: false, version: '2.0' },
  startedAt: new Date('2026-11-22T00:00:00Z'),
  durationMs: 1234,
  seed: 42,
  strict: false,
});
