import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import type { Report } from '../../src/report/report.ts';
import { parseXml } from '../support/junit-schema.ts';
import { runCli } from './run-cli.ts';

const apiKey = 'partly-secret-key-41c9';
const dir = mkdtempSync(join(tmpdir(), 'fds-partly-'));

function reportOf(out: string): Report {
  return JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8')) as Report;
}

const conn43 = (report: Report) => report.requirements.find((r) => r.id === 'CONN-43');

/**
 * A service that looks a connection up by its id once the path's user is known (the mock's fault
 * connections-other-known-user-served): an unknown user's path is refused, another real user's serves the
 * connection. A --read-only run creates no user to probe with: only the profile's other user shows it.
 */
describe(
  "a read-only run against a service that serves a connection under another real user's path",
  { timeout: 120_000 },
  () => {
    let served: RunningMock;
    let withOther: string;
    let withoutOther: string;
    let baseline: string;
    beforeAll(async () => {
      served = await startMock({
        apiKeys: { [apiKey]: 3600 },
        faults: ['connections-other-known-user-served'],
      });
      const { apiKey: _key, tokenExpiry: _expiry, ...profile } = mockProfile(served);
      const { otherUserId: _user, otherConnectionId: _connection, ...fixtures } = profile.fixtures;
      withOther = join(dir, 'with-other.json');
      withoutOther = join(dir, 'without-other.json');
      baseline = join(dir, 'baseline.json');
      writeFileSync(withOther, JSON.stringify(profile));
      writeFileSync(withoutOther, JSON.stringify({ ...profile, fixtures }));
      writeFileSync(baseline, JSON.stringify({ failing: ['CONN-43'] }));
    });
    afterAll(() => served.close());

    const run = (profile: string, out: string, ...extra: string[]) =>
      runCli(['--profile', profile, '--read-only', '--only', 'CONN-43', '--out', join(dir, out), ...extra], {
        FDS_API_KEY: apiKey,
      });

    it('fails CONN-43 with the second user in the profile; without one, it is partly exercised, never passing', async () => {
      const failing = await run(withOther, 'failing');
      expect(failing.code).toBe(1);
      expect(failing.stdout).toMatch(/^ {2}FAILED CONN-43 /m);
      expect(conn43(reportOf('failing'))?.status).toBe('failed');

      const partly = await run(
        withoutOther,
        'partly',
        '--compare',
        join(dir, 'failing'),
        '--baseline',
        baseline,
      );
      expect(partly.stderr).toBe('');
      // The probe stands in for the write --read-only left out, the user's choice: never incomplete.
      expect(partly.code).toBe(0);
      expect(partly.stdout).not.toMatch(/^incomplete/m);
      expect(partly.stdout).toMatch(/^\d+ requirements: 0 passed, 2 partly exercised, 0 failed, /m);
      expect(conn43(reportOf('partly'))).toMatchObject({
        status: 'partly-exercised',
        notRun: [
          {
            probe: 'under another user of the target',
            reason:
              'the run is read-only, so it creates no user, and the profile gives no fixtures.otherUserId',
          },
        ],
      });
      // --compare and --baseline: nothing newly passing, and the entry stays in the baseline.
      expect(partly.stdout).toMatch(/^compared with the run of .*: 0 newly failing, 0 newly passing, /m);
      expect(partly.stdout).toMatch(/^ {2}newly partly exercised MUST CONN-43 /m);
      expect(partly.stdout).not.toContain('now passing');
      expect(partly.stdout).toContain(
        '  baseline entries partly exercised, not enough to tell (still in the baseline): CONN-43',
      );
      // JUnit counts it as no pass: a skip that says what did not run.
      const cases = parseXml(readFileSync(join(dir, 'partly', 'junit.xml'), 'utf8')).children.flatMap(
        (suite) => suite.children,
      );
      const skipped = cases.find((c) => c.attributes.name?.startsWith('CONN-43: '))?.children[0];
      expect(skipped?.name).toBe('skipped');
      expect(skipped?.attributes.message).toMatch(/^partly exercised: under another user of the target /);

      const diff = await runCli(['diff-reports', join(dir, 'failing'), join(dir, 'partly')]);
      expect(diff.code).toBe(0);
      expect(diff.stdout).toMatch(/^compared with the run of .*: 0 newly failing, 0 newly passing, /);
      expect(diff.stdout).not.toMatch(/^ {2}newly passing /m);
    });
  },
);
