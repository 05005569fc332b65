import { readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockOptions } from '../../mock/options.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { junitSchemaProblems, parseXml } from '../support/junit-schema.ts';
import { runCli } from './run-cli.ts';

/**
 * Setup errors found before any check runs (docs/design.md#setup-errors; runner/setup-diagnosis.ts), as a user
 * meets them: one line on stderr, and in junit.xml and the job summary alone, no secret; and what is not one
 * still runs and is judged.
 */

const secretKey = 'sekret-setup-key-5b2e9d71';
const dir = mkdtempSync(join(tmpdir(), 'fds-setup-'));
const running: RunningMock[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((target) => target.close()));
});

async function mock(options: Partial<MockOptions> = {}): Promise<RunningMock> {
  const target = await startMock({ apiKeys: { [secretKey]: 3600 }, ...options });
  running.push(target);
  return target;
}

/** The token group only, against a base URL without a profile (so --allow-incomplete: no unsupportedVersion). */
function run(baseUrl: string, out: string, apiKey = secretKey) {
  return runCli(['--base-url', baseUrl, '--only', 'token', '--allow-incomplete', '--out', join(dir, out)], {
    FDS_API_KEY: apiKey,
    GITHUB_STEP_SUMMARY: join(dir, `${out}.summary.md`),
  });
}

/**
 * What a stopped run leaves for a CI page: junit.xml alone in its folder (no report claims anything about
 * the target), one test case in error with the console's line, and that line in the job summary.
 */
function expectStoppedRun(out: string, line: string): void {
  expect(readdirSync(join(dir, out))).toEqual(['junit.xml']);
  const junit = readFileSync(join(dir, out, 'junit.xml'), 'utf8');
  expect(junitSchemaProblems(junit)).toEqual([]);
  const cases = parseXml(junit).children.flatMap((suite) => suite.children);
  expect(cases.map((c) => c.attributes.name)).toEqual(['the run could not start']);
  expect(cases[0]?.children.map((c) => [c.name, c.attributes.message])).toEqual([['error', line]]);
  expect(readFileSync(join(dir, `${out}.summary.md`), 'utf8')).toBe(`${line}\n`);
}

describe('fds-conformance run: setup diagnosis', () => {
  it('exits 2 with one line when the target refuses the API key, and never prints the key', async () => {
    const target = await mock();
    const wrongKey = 'sekret-wrong-key-0c4a7f13';
    const result = await run(target.url, 'refused', wrongKey);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "fds-conformance: the API key was refused by POST /token (400 invalid-grant: unknown API key: it is invalid, expired or revoked); check FDS_API_KEY, --api-key or the profile's apiKey\n",
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain(wrongKey);
    expectStoppedRun('refused', result.stderr.trim());
    expect(readFileSync(join(dir, 'refused', 'junit.xml'), 'utf8')).not.toContain(wrongKey);
  });

  it('exits 2 naming the base URL that answers when the given one lacks its path prefix', async () => {
    const target = await mock({ basePath: '/api' });
    const origin = new URL(target.url).origin;
    const result = await run(origin, 'prefix');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `fds-conformance: no token endpoint at ${origin}/token (404); ${origin}/api/token answers as one: try --base-url ${origin}/api\n`,
    );
    expectStoppedRun('prefix', result.stderr.trim());
  });

  it('runs the checks against a broken token endpoint and exits 1: it is the target that fails', async () => {
    // The supported version refused with parameter-not-valid: a refusal, but not of the key.
    const target = await mock({ faults: ['token-supported-version-refused'] });
    const result = await run(target.url, 'broken');
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).not.toMatch(/refused by POST \/token|no token endpoint/);
    expect(result.stdout).toMatch(/^ {2}FAILED TOKEN-08 /m);
  });

  it('does not diagnose a conformant target under another reading, mounted under a prefix', async () => {
    const target = await mock({
      basePath: '/api',
      variants: { token: { unknownKey: 'parameter-not-valid-404' } },
    });
    const result = await run(target.url, 'conformant');
    expect(result.stderr).toBe('');
    expect(result.code, result.stdout).toBe(0);
  });
});
