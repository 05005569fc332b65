import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import type { Report } from '../../src/report/report.ts';
import { runCli } from './run-cli.ts';

const apiKey = 'rerun-secret-key-5b7a';
const dir = mkdtempSync(join(tmpdir(), 'fds-rerun-'));

function reportOf(out: string): Report {
  return JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8')) as Report;
}

const statusOf = (report: Report, id: string) => report.requirements.find((r) => r.id === id)?.status;

describe('--only with requirement ids', { timeout: 120_000 }, () => {
  it('runs just the checks of the requirement named, which passes on the mock', async () => {
    const result = await runCli(['--only', 'INST-02', '--out', join(dir, 'one')]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // Only the group holding INST-02's checks ran, and of its checks fewer than the whole group's.
    expect(result.stdout).toMatch(
      /^ {2}institutions +\d+ checks?: [1-9]\d* passed, 0 partly exercised, 0 failed, 0 not exercised$/m,
    );
    // The scope names the id, and the requirements left out are outside it, not unexercised checks.
    expect(result.stdout).toMatch(
      /^conformant \(--only INST-02: [1-9]\d* of \d+ requirements\); reports in /m,
    );
    expect(result.stdout).not.toMatch(/^ {2}(token|auth|connections) /m);
    const report = reportOf('one');
    expect(statusOf(report, 'INST-02')).toBe('passed');
    expect(statusOf(report, 'TOKEN-01')).toBe('not-exercised');
    expect(report.requirements.find((r) => r.id === 'TOKEN-01')?.notExercised).toEqual([
      'outside --only INST-02',
    ]);
    expect(report.selection).toMatchObject({ only: ['INST-02'], requirements: ['INST-02'] });
    expect(report.summary.passed).toBeLessThan(10);
  });

  it('refuses an id that names nothing in one line, exit 2', async () => {
    const result = await runCli(['--only', 'INST-02,INST-99', '--out', join(dir, 'unknown')]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining('"INST-99"')]);
    expect(existsSync(join(dir, 'unknown'))).toBe(false);
  });
});

/** A mock whose institution list carries totalCount as a string: INST-02 fails. */
describe('--rerun-failed', { timeout: 120_000 }, () => {
  let faulted: RunningMock;
  let profile: string;
  beforeAll(async () => {
    faulted = await startMock({ apiKeys: { [apiKey]: 3600 }, faults: ['institutions-total-count-string'] });
    const { apiKey: _key, tokenExpiry: _expiry, ...rest } = mockProfile(faulted);
    profile = join(dir, 'profile.json');
    writeFileSync(profile, JSON.stringify(rest));
  });
  afterAll(() => faulted.close());

  it('runs again exactly what failed: still failing on the fault, passing once it is fixed', async () => {
    const first = await runCli(
      ['--profile', profile, '--only', 'institutions', '--out', join(dir, 'first')],
      {
        FDS_API_KEY: apiKey,
      },
    );
    expect(first.code).toBe(1);
    const failed = reportOf('first').requirements.filter(
      (r) => r.status === 'failed' || r.status === 'flaky',
    );
    expect(failed.map((r) => r.id)).toContain('INST-02');

    const again = await runCli(
      ['--profile', profile, '--rerun-failed', join(dir, 'first'), '--out', join(dir, 'again')],
      { FDS_API_KEY: apiKey },
    );
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/^ {2}FAILED INST-02 /m);
    const rerun = reportOf('again');
    expect(rerun.requirements.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(
      failed.map((r) => r.id),
    );
    expect(rerun.summary.passed + rerun.summary.failed).toBeLessThan(
      reportOf('first').summary.passed + reportOf('first').summary.failed,
    );

    const fixed = await runCli(['--rerun-failed', join(dir, 'first'), '--out', join(dir, 'fixed')]);
    expect(fixed.code).toBe(0);
    expect(statusOf(reportOf('fixed'), 'INST-02')).toBe('passed');
  });

  it('says in one line that nothing failed, and runs nothing', async () => {
    mkdirReport('clean', { summary: { failed: 0 }, requirements: [{ id: 'INST-02', status: 'passed' }] });
    const result = await runCli(['--rerun-failed', join(dir, 'clean'), '--out', join(dir, 'none')]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      `fds-conformance: nothing to rerun: ${join(dir, 'clean')} has no failed or flaky requirement`,
    ]);
    expect(existsSync(join(dir, 'none'))).toBe(false);
  });

  it('refuses a folder without a readable report in one line, exit 2', async () => {
    const result = await runCli(['--rerun-failed', join(dir, 'missing'), '--out', join(dir, 'nothing')]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^fds-conformance: --rerun-failed .*missing: no readable report\.json \(ENOENT\)$/,
      ),
    ]);
  });
});

/** A report folder holding a report.json of the given parts, on the fields a reader checks. */
function mkdirReport(name: string, parts: Partial<Record<keyof Report, unknown>>): void {
  const folder = join(dir, name);
  mkdirSync(folder);
  writeFileSync(
    join(folder, 'report.json'),
    JSON.stringify({ startedAt: '2025-01-01T00:00:00.000Z', target: { baseUrl: 'x' }, ...parts }),
  );
}
