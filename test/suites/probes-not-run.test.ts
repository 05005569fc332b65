import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import type { CheckResult } from '../../src/report/model.ts';
import { mockRunSettings, openMockSession } from '../harness/fault-matrix.ts';
import type { SuiteSession } from '../harness/suite-session.ts';

/**
 * The probes a shared helper leaves out are recorded on every check that reads what it made
 * (src/checks/run-context.ts, probeNotRun inside perRun), not only on the first: the error-list checks
 * all judge the one set of provoked answers, whose invalid writes a --read-only run does not send.
 */
describe('probes left out by a shared helper, against the clean mock', () => {
  const errorList = 'suites/auth/error-list.check.ts';
  const ownership = 'suites/connections/ownership.check.ts';
  let session: SuiteSession;
  let mock: RunningMock;
  beforeAll(async () => {
    session = await openMockSession();
    mock = await startMock();
  });
  afterAll(async () => {
    await Promise.all([mock.close(), session.close()]);
  });

  async function checks(readOnly: boolean, fixtures = {}): Promise<CheckResult[]> {
    const profile = mockProfile(mock);
    const settings = mockRunSettings({
      ...profile,
      readOnly,
      fixtures: { ...profile.fixtures, ...fixtures },
    });
    const [run] = await session.runTargets([{ settings, files: [errorList, ownership] }]);
    return run?.checks ?? [];
  }
  const stateOf = (all: CheckResult[], id: string) =>
    all.filter((c) => c.requirements[0] === id).map((c) => c.state);

  it('marks every check that reads the invalid writes partly exercised under --read-only, and none when writing', async () => {
    const readOnly = await checks(true);
    for (const id of ['ERR-01', 'ERR-02', 'ERR-05', 'ERR-11', 'ERR-13']) {
      expect(stateOf(readOnly, id), id).toEqual(['partly-exercised']);
      expect(readOnly.find((c) => c.requirements[0] === id)?.notRun).toEqual([
        {
          probe: 'the invalid writes: POST /users, POST expenses and a connection update',
          reason: 'it sends a write and the run is read-only',
        },
      ]);
    }
    expect(readOnly.find((c) => c.requirements[0] === 'ERR-12')?.notRun?.[0]?.probe).toBe(
      'DELETE of a job, which takes GET',
    );
    // It reads the token refusals alone, which a read-only run sends whole.
    expect(stateOf(readOnly, 'ERR-10')).toEqual(['passed']);
    const writing = await checks(false);
    expect(writing.filter((c) => c.state !== 'passed')).toEqual([]);
  });

  it("takes the profile's other user in a read-only run, and records the probe not run without one", async () => {
    expect(stateOf(await checks(true), 'CONN-43')).toEqual(['passed']);
    const without = await checks(true, { otherUserId: undefined, otherConnectionId: undefined });
    const conn43 = without.find((c) => c.requirements[0] === 'CONN-43');
    expect(conn43).toMatchObject({
      state: 'partly-exercised',
      notRun: [{ probe: 'under another user of the target' }],
    });
    // Read-only is the user's choice: the probe names the fixture, and asks nothing exit 4 would.
    expect(conn43?.notRun?.[0]).not.toHaveProperty('enableBy');
  });
});
