import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import type { Report } from '../../src/report/report.ts';
import { runCli } from './run-cli.ts';

const apiKey = 'diagnosis-secret-key-9d1e';
const dir = mkdtempSync(join(tmpdir(), 'fds-diagnosis-'));

function reportOf(out: string): Report {
  return JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8')) as Report;
}

/** The lines a run printed from its verdict on. */
function fromVerdict(stdout: string): string[] {
  const lines = stdout.trim().split('\n');
  return lines.slice(lines.findIndex((line) => line.includes('; reports in ')));
}

/**
 * A target that issues a token and refuses it on every other request, as a gateway does whose partner
 * account is enabled for POST /token and not for the API: the pre-flight passes, every check is refused.
 */
function refusingTarget(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    if (req.method === 'POST' && req.url?.endsWith('/token')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ access_token: 'refused-everywhere-1', token_type: 'Bearer', expires_in: 3600 }),
      );
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errors: [{ status: '401', code: 'unauthorized', title: 'Unauthorized' }] }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('the diagnosis of the setup after a run', { timeout: 120_000 }, () => {
  let down: RunningMock;
  let refusing: Server;
  let downProfile: string;
  beforeAll(async () => {
    down = await startMock({ apiKeys: { [apiKey]: 3600 }, failEvery: 1 });
    const { apiKey: _key, tokenExpiry: _expiry, ...rest } = mockProfile(down);
    downProfile = join(dir, 'profile.json');
    writeFileSync(downProfile, JSON.stringify(rest));
    refusing = await refusingTarget();
  });
  afterAll(async () => {
    await down.close();
    await new Promise((resolve) => refusing.close(resolve));
  });

  it('names a target answering 503 to everything first after the verdict, in report.md and report.json', async () => {
    const result = await runCli(
      ['--profile', downProfile, '--only', 'institutions,connections', '--out', join(dir, 'down')],
      { FDS_API_KEY: apiKey },
    );
    expect(result.code).toBe(1);
    const [verdict, diagnosis] = fromVerdict(result.stdout);
    expect(verdict).toMatch(
      /^nonconformant \(--only institutions,connections: \d+ of \d+ requirements\); reports in /,
    );
    expect(diagnosis).toMatch(
      /^diagnosis: \d+ of \d+ checks ended on a 5xx or transient answer \(503 most often\): the target looks down/,
    );
    const report = reportOf('down');
    expect(report.diagnosis?.kind).toBe('unavailable');
    expect(diagnosis).toBe(`diagnosis: ${report.diagnosis?.line}`);
    const markdown = readFileSync(join(dir, 'down', 'report.md'), 'utf8').split('\n');
    expect(markdown[0]).toMatch(
      /^# ❌ FDS conformance: nonconformant \(--only institutions,connections: \d+ of \d+ requirements\)$/,
    );
    expect(markdown[2]).toBe(`**Diagnosis: ${report.diagnosis?.line}.**`);
  });

  it('names a target refusing the run its own token for authentication', async () => {
    const { port } = refusing.address() as AddressInfo;
    const result = await runCli(
      [
        '--base-url',
        `http://127.0.0.1:${port}`,
        '--only',
        'institutions,connections',
        '--out',
        join(dir, 'refused'),
      ],
      { FDS_API_KEY: apiKey },
    );
    expect(result.code).toBe(1);
    expect(fromVerdict(result.stdout)[1]).toMatch(
      /^diagnosis: \d+ of \d+ checks were refused for authentication with the run's own key or token \(401 most often\): check FDS_API_KEY/,
    );
    expect(reportOf('refused').diagnosis?.kind).toBe('auth-refused');
  });

  it('says nothing of the setup of a conformant target', async () => {
    const result = await runCli(['--only', 'institutions,connections', '--out', join(dir, 'clean')]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/^diagnosis:/m);
    expect(reportOf('clean')).not.toHaveProperty('diagnosis');
    expect(readFileSync(join(dir, 'clean', 'report.md'), 'utf8')).not.toContain('Diagnosis');
  });
});
