import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import type { Report } from '../../src/report/report.ts';
import { runCli, type CliResult } from './run-cli.ts';

const bin = fileURLToPath(new URL('../../bin/fds-conformance.js', import.meta.url));
const apiKey = 'reproduce-secret-key-9c2e';
const dir = mkdtempSync(join(tmpdir(), 'fds-reproduce-'));
const hasCurl = spawnSync('curl', ['--version']).status === 0;

/** The words of a line the shell would read: split at spaces, single quotes kept together and removed. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map(
    ([, quoted, bare]) => quoted?.replaceAll("'\\''", "'") ?? (bare as string),
  );
}

/** The line labelled `name` under the console's FAILED line of `id`. */
function printed(stdout: string, id: string, name: string): string {
  const block = stdout.slice(stdout.indexOf(`  FAILED ${id} `));
  const line = new RegExp(`^ {6}${name}: +(.+)$`, 'm').exec(block)?.[1];
  if (line === undefined) throw new Error(`no ${name} line under FAILED ${id} in:\n${stdout}`);
  return line;
}

/** A printed command as this checkout runs it: the bin in place of `npx fds-conformance`. */
function local(command: string): string {
  return command.replaceAll('npx fds-conformance', `'${process.execPath}' '${bin}'`);
}

function sh(script: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-c', script],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** A mock whose institution list carries totalCount as a string: INST-02 fails, and nothing else of its check. */
describe('a console failure reproduces from its own lines', { timeout: 120_000 }, () => {
  let faulted: RunningMock;
  let profile: string;
  let first: CliResult;
  beforeAll(async () => {
    faulted = await startMock({ apiKeys: { [apiKey]: 3600 }, faults: ['institutions-total-count-string'] });
    const { apiKey: _key, tokenExpiry: _expiry, ...rest } = mockProfile(faulted);
    profile = join(dir, 'profile.json');
    writeFileSync(profile, JSON.stringify(rest));
    first = await runCli(['--profile', profile, '--only', 'institutions', '--out', join(dir, 'first')], {
      FDS_API_KEY: apiKey,
    });
  });
  afterAll(async () => {
    await faulted.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the request and the answer under the failure, and no secret anywhere', () => {
    expect(first.code).toBe(1);
    expect(printed(first.stdout, 'INST-02', 'request')).toBe('GET /institutions');
    expect(printed(first.stdout, 'INST-02', 'answer')).toMatch(/^200 \{"type":"list","totalCount":"\d+"/);
    expect(`${first.stdout}${first.stderr}`).not.toContain(apiKey);
    expect(readFileSync(join(dir, 'first', 'report.md'), 'utf8')).not.toContain(apiKey);
  });

  it('its rerun line runs that requirement alone, which fails again', async () => {
    const rerun = printed(first.stdout, 'INST-02', 'rerun');
    expect(rerun).toBe(
      `npx fds-conformance --only INST-02 --seed ${JSON.parse(readFileSync(join(dir, 'first', 'report.json'), 'utf8')).seed} --base-url '${faulted.url}' --profile '${profile}'`,
    );
    const again = await runCli([...shellWords(rerun).slice(2), '--out', join(dir, 'again')], {
      FDS_API_KEY: apiKey,
    });
    expect(again.code).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'again', 'report.json'), 'utf8')) as Report;
    expect(report.requirements.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(['INST-02']);
    expect(report.summary.passed + report.summary.failed).toBeLessThan(10);
  });

  it.skipIf(!hasCurl)(
    'its token and curl lines, pasted into a shell, get the same answer (needs curl)',
    async () => {
      const token = printed(first.stdout, 'INST-02', 'token');
      const curl = printed(first.stdout, 'INST-02', 'curl');
      expect(curl).toContain('"Authorization: Bearer $FDS_TOKEN"');
      const pasted = await sh(`${local(token)}\n${curl}`, { FDS_API_KEY: apiKey });
      expect(pasted.stderr).toBe('');
      expect(pasted.stdout).toMatch(/^\{"type":"list","totalCount":"\d+"/);
    },
  );
});
