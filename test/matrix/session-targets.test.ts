import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { mockRunSettings, openMockSession } from '../harness/fault-matrix.ts';
import type { SuiteSession } from '../harness/suite-session.ts';
import { requirementResults } from '../../src/report/model.ts';

/**
 * The matrix runs many faults in one vitest run, each check file aimed at its own fault's mock. Were a
 * file to reach another target, a fault could be "caught" by a check that never saw it: each target here
 * carries a fault only the other target's file can see, so its own file must pass, and swapped, fail.
 */
describe('a session run with several targets', () => {
  const institutions = 'suites/institutions/list.check.ts';
  const transactions = 'suites/affordability/transaction.check.ts';
  let session: SuiteSession;
  let institutionFault: RunningMock;
  let transactionFault: RunningMock;
  beforeAll(async () => {
    session = await openMockSession();
    institutionFault = await startMock({ faults: ['institutions-total-count-string'] });
    transactionFault = await startMock({ faults: ['affordability-transaction-self-link'] });
  });
  afterAll(async () => {
    await Promise.all([institutionFault.close(), transactionFault.close(), session.close()]);
  });

  async function statuses(institutionsTarget: RunningMock, transactionsTarget: RunningMock) {
    const runs = await session.runTargets([
      { settings: mockRunSettings(mockProfile(institutionsTarget)), files: [institutions] },
      { settings: mockRunSettings(mockProfile(transactionsTarget)), files: [transactions] },
    ]);
    const status = (i: number, id: string) =>
      requirementResults(runs[i]?.checks ?? []).find((r) => r.id === id)?.status;
    return { institutions: status(0, 'INST-02'), transactions: status(1, 'AFFORD-32') };
  }

  it('aims each file at its own target', async () => {
    expect(await statuses(transactionFault, institutionFault)).toEqual({
      institutions: 'passed',
      transactions: 'passed',
    });
    expect(await statuses(institutionFault, transactionFault)).toEqual({
      institutions: 'failed',
      transactions: 'failed',
    });
    // Runs of a session share one kept thread (test/harness/kept-threads-pool.ts): nothing of one run's
    // targets stays for the next.
    expect(await statuses(transactionFault, institutionFault)).toEqual({
      institutions: 'passed',
      transactions: 'passed',
    });
  });

  it('refuses a file given to two targets', async () => {
    const settings = mockRunSettings(mockProfile(institutionFault));
    await expect(
      session.runTargets([
        { settings, files: [institutions] },
        { settings, files: [institutions] },
      ]),
    ).rejects.toThrow(`${institutions} is given to two targets of one run`);
  });
});
