import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMockOptions, shortLivedApiKey } from '../../mock/options.ts';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { requirementResults } from '../../src/report/model.ts';
import { mockRunSettings, openMockSession } from '../harness/fault-matrix.ts';
import type { SuiteSession } from '../harness/suite-session.ts';

/**
 * The token-expiry checks against a conformant service slower than its tokens live: every answer comes
 * 150 ms after the service handled the request, and the expiry key's tokens live 100 ms. Each use of a
 * token is then handled after it expired and rightly refused, but answered later than expires_in after
 * the token was asked for, so nothing shows the refusal came early: the checks of a token's life (AUTH-08)
 * and of a new token (AUTH-10) are not exercised, never failed; the expired token's refusal (AUTH-09)
 * still passes.
 */
describe('the token-expiry checks against a service slower than its tokens live', () => {
  const file = 'suites/auth/expiry.check.ts';
  let session: SuiteSession;
  let slow: RunningMock;
  beforeAll(async () => {
    session = await openMockSession();
    slow = await startMock({
      apiKeys: { ...defaultMockOptions.apiKeys, [shortLivedApiKey]: 0.1 },
      variants: { latencyMs: 150 },
    });
  });
  afterAll(async () => {
    await Promise.all([slow.close(), session.close()]);
  });

  it('reports the uses it cannot judge not exercised, and fails nothing', async () => {
    const [run] = await session.runTargets([{ settings: mockRunSettings(mockProfile(slow)), files: [file] }]);
    const results = requirementResults(run?.checks ?? []);
    const status = (id: string) => results.find((r) => r.id === id)?.status;
    expect(results.filter((r) => r.status === 'failed')).toEqual([]);
    expect(status('AUTH-08')).toBe('not-exercised');
    expect(status('AUTH-10')).toBe('not-exercised');
    expect(status('AUTH-09')).toBe('passed');
  });
});
