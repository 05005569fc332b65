import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import type { History } from '../../src/report/history.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';

/**
 * docs/nightly.md's recipe (examples/nightly.sh), end to end, against a mock rehearsing a busy shared
 * environment: every answer 50 ms late, every 7th request of a connection refused 429 with Retry-After,
 * every 13th request refused 503. Two nights: the second compares itself with the first. The noise is
 * the environment's, not the interface's: neither night may fail on it, nor the second call it news.
 * The second night keeps its nights in the test's folder: it finds the first there as the previous
 * night, drops the oldest beyond KEEP and writes the history of those left.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'fds-nightly-'));
const apiKey = 'nightly-secret-key-5e1d';

interface Night {
  code: number;
  stdout: string;
  report: {
    summary: { verdict: string; failed: number; flaky: number };
    traffic: {
      requests: number;
      rateLimited: number;
      waitedSeconds: number;
      maxRequestsPerSecond: number;
      transientRetries: number;
    };
  };
}

function night(out: string, env: Record<string, string> = {}): Promise<Night> {
  return new Promise((resolve) => {
    execFile(
      'sh',
      [join(repo, 'examples/nightly.sh'), '--only', 'token,institutions,jobs'],
      {
        cwd: dir,
        timeout: 120_000,
        env: {
          ...process.env,
          FDS_API_KEY: apiKey,
          FDS_PROFILE: join(dir, 'profile.json'),
          FDS_CONFORMANCE: `${process.execPath} ${join(repo, 'bin/fds-conformance.js')}`,
          OUT: out,
          ...env,
        },
      },
      (error, stdout) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        const report = JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8')) as Night['report'];
        resolve({ code, stdout, report });
      },
    );
  });
}

describe('the nightly recipe against a rehearsal of a busy staging environment', { timeout: 240_000 }, () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({
      apiKeys: { [apiKey]: 3600 },
      failEvery: 13,
      variants: { latencyMs: 50, rateLimit: { every: 7 } },
    });
    const { apiKey: _key, tokenExpiry: _expiry, ...profile } = mockProfile(mock);
    writeFileSync(join(dir, 'profile.json'), JSON.stringify(profile));
  });
  afterAll(() => mock.close());

  it('runs two nights within the budget, passes both despite the noise, and finds nothing newly failing', async () => {
    const first = await night('night-1');
    expect(first.code).toBe(0);
    expect(first.report.summary).toMatchObject({ verdict: 'conformant', failed: 0 });
    expect(first.stdout).not.toMatch(/^ {2}FAILED /m);
    expect(first.report.traffic.maxRequestsPerSecond).toBe(20);
    expect(first.report.traffic.rateLimited).toBeGreaterThan(0);
    // The 503s were met and sent again, and the report says so.
    expect(first.report.traffic.transientRetries).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'night-1', 'report.md'), 'utf8')).toMatch(
      / [1-9]\d* sent again after a transient answer\./,
    );

    // An older night, to be dropped: KEEP=2 keeps the two newest by folder name.
    const oldest = join(dir, '2000-01-01T000000Z');
    mkdirSync(oldest);
    writeFileSync(
      join(oldest, 'report.json'),
      JSON.stringify({ ...first.report, startedAt: '2000-01-01T00:00:00.000Z' }),
    );
    const second = await night('night-2', { REPORTS: '.', KEEP: '2' });
    expect(second.code).toBe(0);
    expect(second.report.summary).toMatchObject({ verdict: 'conformant', failed: 0 });
    expect(second.stdout).toMatch(/^compared with the run of .*: 0 newly failing, .* newly flaky, /m);
    expect(readFileSync(join(dir, 'night-2', 'report.md'), 'utf8')).toContain(
      '## Compared with the previous run',
    );
    expect(readFileSync(join(dir, 'night-2', 'report.html'), 'utf8')).toContain('<section id="comparison">');
    expect(existsSync(oldest)).toBe(false);
    expect(second.stdout).toMatch(/^history of 2 nights, .*: history\.html and history\.json in \.\/$/m);
    const history = JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8')) as History;
    expect(history.nights.map((n) => [n.folder, n.requests])).toEqual([
      ['night-1', first.report.traffic.requests],
      ['night-2', second.report.traffic.requests],
    ]);
    expect(history.operations).toContain('POST /token');
    expect(readFileSync(join(dir, 'history.html'), 'utf8')).toContain('<svg id="chart"');
  });
});
