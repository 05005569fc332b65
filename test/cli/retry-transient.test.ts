import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import type { Report } from '../../src/report/report.ts';
import { runCli } from './run-cli.ts';

const apiKey = 'transient-secret-key-41c2';
const dir = mkdtempSync(join(tmpdir(), 'fds-transient-'));

function reportOf(out: string): Report {
  return JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8')) as Report;
}

/**
 * A target that answers every request but the token endpoint's 503, however often it is asked: each
 * check fails on a transient answer, whatever the retries. Exact by default, flaky under --retry-transient.
 */
describe('--retry-transient against a target that answers 503 to everything', { timeout: 120_000 }, () => {
  let mock: RunningMock;
  let profile: string;
  beforeAll(async () => {
    mock = await startMock({ apiKeys: { [apiKey]: 3600 }, failEvery: 1 });
    const { apiKey: _key, tokenExpiry: _expiry, ...rest } = mockProfile(mock);
    profile = join(dir, 'profile.json');
    writeFileSync(profile, JSON.stringify(rest));
  });
  afterAll(() => mock.close());
  const run = (out: string, ...args: string[]) =>
    runCli(['--profile', profile, '--only', 'institutions', '--out', join(dir, out), ...args], {
      FDS_API_KEY: apiKey,
    });

  it('judges a 503 as it came without the flag: MUST failures, exit 1', async () => {
    const result = await run('exact');
    expect(result.code).toBe(1);
    expect(reportOf('exact').summary.failed).toBeGreaterThan(0);
  });

  it('reports requirements that failed only on transient answers flaky, not failed, and exits 0', async () => {
    const result = await run('lenient', '--retry-transient', '2');
    const report = reportOf('lenient');
    expect(result.code).toBe(0);
    expect(report.summary).toMatchObject({ failed: 0, verdict: 'conformant' });
    expect(report.summary.flaky).toBeGreaterThan(0);
    const flaky = report.requirements.find((r) => r.status === 'flaky');
    expect(flaky?.failures[0]?.message).toMatch(
      /^attempt 1 failed on a transient answer \(answered 503 after 2 retries\): /,
    );
    expect(flaky?.failures[0]?.exchange?.response?.status).toBe(503);
    expect(flaky?.failures[0]?.exchange?.retries.map((r) => r.status)).toEqual([503, 503]);
    expect(report.traffic?.transientRetries).toBeGreaterThan(0);
    expect(result.stdout).toMatch(/^ {2}FLAKY [A-Z]+-\d\d .*\(not counted without --fail-on-flaky\)$/m);
    const junit = readFileSync(join(dir, 'lenient', 'junit.xml'), 'utf8');
    expect(junit).toMatch(
      /<flakyFailure message="flaky: attempt 1 failed on a transient answer \(answered 503 /,
    );
    expect(junit).toMatch(/<testsuites [^>]*failures="0"/);
    expect(readFileSync(join(dir, 'lenient', 'report.md'), 'utf8')).toMatch(
      /sent again after a transient answer/,
    );
  });

  it('counts them with --fail-on-flaky, in the exit code and junit.xml alike', async () => {
    const result = await run('counted', '--retry-transient', '1', '--fail-on-flaky');
    expect(result.code).toBe(1);
    expect(reportOf('counted').summary.verdict).toBe('nonconformant');
    expect(readFileSync(join(dir, 'counted', 'junit.xml'), 'utf8')).toMatch(
      /<testsuites [^>]*failures="[1-9]\d*"/,
    );
  });

  it('takes the profile field retryTransient, and the flag over it', async () => {
    writeFileSync(
      join(dir, 'retrying.json'),
      JSON.stringify({ ...JSON.parse(readFileSync(profile, 'utf8')), retryTransient: 1 }),
    );
    const byProfile = await runCli(
      ['--profile', join(dir, 'retrying.json'), '--only', 'institutions', '--out', join(dir, 'by-profile')],
      { FDS_API_KEY: apiKey },
    );
    expect(byProfile.code).toBe(0);
    const byFlag = await runCli(
      [
        '--profile',
        join(dir, 'retrying.json'),
        '--only',
        'institutions',
        '--retry-transient',
        '0',
        '--out',
        join(dir, 'by-flag'),
      ],
      { FDS_API_KEY: apiKey },
    );
    expect(byFlag.code).toBe(1);
  });

  it('refuses a count out of range, naming the flag', async () => {
    const result = await run('bad', '--retry-transient', '11');
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--retry-transient');
  });
});
