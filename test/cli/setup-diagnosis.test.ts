import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shortLivedApiKey, type MockOptions } from '../../mock/options.ts';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { junitSchemaProblems, parseXml } from '../support/junit-schema.ts';
import { runCli } from './run-cli.ts';
import { ownServer } from '../support/own-server.ts';
import { testTls } from '../support/test-tls.ts';

/**
 * Setup errors found before any check runs (docs/design.md#setup-errors; runner/setup-diagnosis.ts), as a user
 * meets them: one line on stderr, and in junit.xml and the job summary alone, no secret; and what is not one
 * still runs and is judged.
 */

const secretKey = 'sekret-setup-key-5b2e9d71';
const dir = mkdtempSync(join(tmpdir(), 'fds-setup-'));
const running: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((target) => target.close()));
});

async function mock(options: Partial<MockOptions> = {}): Promise<RunningMock> {
  const target = await startMock({ apiKeys: { [secretKey]: 3600, [shortLivedApiKey]: 2 }, ...options });
  running.push(target);
  return target;
}

/** The token group only, against a base URL without a profile (so --allow-incomplete: no unsupportedVersion). */
function run(baseUrl: string, out: string, apiKey = secretKey, extra: string[] = []) {
  return runCli(
    ['--base-url', baseUrl, '--only', 'token', '--allow-incomplete', '--out', join(dir, out), ...extra],
    { FDS_API_KEY: apiKey, GITHUB_STEP_SUMMARY: join(dir, `${out}.summary.md`) },
  );
}

/** The example profile a user copies, its placeholders unedited (relative, as a user gives it). */
const exampleProfile = 'examples/nightly-profile.json';
/** Its base URL is staging's, so FDS_BASE_URL pointing at the mock is named at the end of a setup error. */
const exampleOverride = ` \\(FDS_BASE_URL overrides the profile's baseUrl in ${exampleProfile.replace('.', '\\.')}, https://staging\\.example\\.com/api\\)`;

/** A profile file for the mock, with its fixtures and without its keys (they come from the environment). */
function profileFile(target: RunningMock, name: string, extra: Record<string, unknown> = {}): string {
  const { apiKey: _key, tokenExpiry: _expiry, ...profile } = mockProfile(target);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ ...profile, ...extra }));
  return path;
}

/** A server of the test's own, for what the mock never does, closed after each test. */
async function server(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const own = await ownServer(handle);
  running.push(own);
  return own.url;
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
      'fds-conformance: the API key (from FDS_API_KEY) was refused by POST /token (400 invalid-grant: unknown API key: it is invalid, expired or revoked)\n',
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
      `fds-conformance: no token endpoint at ${origin}/token (404; the base URL from --base-url); ${origin}/api/token answers as one: try --base-url ${origin}/api\n`,
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

  it.each([
    { name: 'the default reading', options: {} },
    {
      name: 'another reading, mounted under a prefix',
      options: {
        basePath: '/api',
        variants: {
          token: { unknownKey: 'parameter-not-valid-404' as const },
          refusalStatuses: { unknownId: 400 as const },
          connections: { unknownUser: 'empty-list' as const },
        },
      },
    },
  ])('does not stop a conformant target with its own fixtures: $name', async ({ options }) => {
    const target = await mock(options);
    const profile = profileFile(target, `conformant-${options.basePath ? 'prefix' : 'default'}.json`);
    const result = await runCli(
      ['--profile', profile, '--only', 'token', '--allow-incomplete', '--out', join(dir, 'conformant')],
      { FDS_API_KEY: secretKey, FDS_EXPIRY_API_KEY: shortLivedApiKey },
    );
    expect(result.stderr).toBe('');
    expect(result.code, result.stdout).toBe(0);
  });

  it('exits 3 within the time limit, in one line, when the target accepts connections and says nothing', async () => {
    const silent = await server(() => undefined);
    const result = await run(silent, 'silent', secretKey, ['--timeout-ms', '500']);
    expect(result.code, result.stdout).toBe(3);
    expect(result.stderr).toBe(
      `fds-conformance: no answer from POST /token in 0.5 s at ${silent} (from --base-url): it accepts connections and says nothing; check that the service is up, or raise --timeout-ms\n`,
    );
    // Stopped before any check: junit.xml alone (docs/design.md#setup-errors).
    expect(readdirSync(join(dir, 'silent'))).toEqual(['junit.xml']);
  }, 60_000);

  /** The 503 error list a service down behind its gateway sends, whatever is asked. */
  const unavailable = (_req: IncomingMessage, res: ServerResponse) =>
    res.writeHead(503, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        type: 'list',
        correlationId: 'd0d0d0d0-0000-4000-8000-000000000000',
        data: [{ type: 'error', code: 'service-unavailable', title: 'Service unavailable' }],
      }),
    );
  const remedy = (from: string) =>
    `the service is down or overloaded, and no check runs without a token: check that it is up and that the base URL (from ${from}) reaches it, not a gateway in front of a stopped one`;

  it("exits 3 in one line, the whole suite unrun, when every answer is a 503, the token endpoint's included", async () => {
    const down = await server(unavailable);
    // The whole suite, and the retries a nightly run gives: each token request meets the same 503.
    const result = await runCli(['--out', join(dir, 'down'), '--wait-for', '5', '--retry-transient', '2'], {
      FDS_BASE_URL: `${down}/api`,
      FDS_API_KEY: secretKey,
      GITHUB_STEP_SUMMARY: join(dir, 'down.summary.md'),
    });
    expect(result.code, result.stdout).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `fds-conformance: POST /token at ${down}/api/token answered 503 service-unavailable: Service unavailable (the same after 2 retries); ${remedy('FDS_BASE_URL')}\n`,
    );
    expectStoppedRun('down', result.stderr.trim());
    expect(readFileSync(join(dir, 'down', 'junit.xml'), 'utf8')).toContain('type="unreachable"');
  });

  it('exits 3 in one line when only the token endpoint is down and every other answer is fine', async () => {
    const gateway = await server((req, res) => {
      req.resume();
      if (req.url === '/token') return unavailable(req, res);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"list","data":[]}');
    });
    const result = await run(gateway, 'token-down');
    expect(result.code, result.stdout).toBe(3);
    expect(result.stderr).toBe(
      `fds-conformance: POST /token at ${gateway}/token answered 503 service-unavailable: Service unavailable; ${remedy('--base-url')}; --retry-transient N sends it again, for a service busy only for moments\n`,
    );
    expectStoppedRun('token-down', result.stderr.trim());
    expect(`${result.stdout}${result.stderr}`).not.toContain(secretKey);
  });

  it('exits 2 naming the profile field of a placeholder left in the example profile', async () => {
    const target = await mock();
    const result = await runCli(['--profile', exampleProfile, '--out', join(dir, 'example')], {
      FDS_BASE_URL: target.url,
      FDS_API_KEY: secretKey,
      FDS_EXPIRY_API_KEY: shortLivedApiKey,
    });
    expect(result.code, result.stdout).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^fds-conformance: the target at ${target.url} \\(from FDS_BASE_URL\\) does not know fixtures of the profile ${exampleProfile}: fixtures\\.userId "a user with … have transactions" \\(GET /users/\\{user\\.id\\}/connections answered 404 resource-not-found: [^)]+\\); fixtures\\.otherUserId "another user …, with a connection" \\(GET /users/\\{user\\.id\\}/connections answered 404 resource-not-found: [^)]+\\); fixtures\\.jobId "a finished job of staging's" \\(GET /jobs/\\{job\\.id\\} answered 404 resource-not-found: [^)]+\\); give ids the target has${exampleOverride}\\n$`,
      ),
    );
    expect(readdirSync(join(dir, 'example'))).toEqual(['junit.xml']);
  });

  it.each([
    ['FDS_EXPIRY_API_KEY', { FDS_EXPIRY_API_KEY: 'sekret-wrong-expiry-key-61d0' }],
    [`the profile's tokenExpiry.apiKey in ${exampleProfile}`, {}],
  ])('exits 2 when the target refuses the expiry key from %s, as for the API key', async (source, env) => {
    const target = await mock();
    const result = await runCli(['--profile', exampleProfile, '--out', join(dir, 'expiry')], {
      FDS_BASE_URL: target.url,
      FDS_API_KEY: secretKey,
      ...env,
    });
    expect(result.code, result.stdout).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^fds-conformance: the expiry API key \\(from ${source.replaceAll('.', '\\.')}\\) was refused by POST /token \\(400 (invalid-grant|parameter-not-valid): [^\\n]+\\); the token-expiry checks need a key the target accepts${exampleOverride}\\n$`,
      ),
    );
    expect(result.stderr).not.toContain('sekret-wrong-expiry-key-61d0');
  });

  it('says the target answered plain HTTP to https://, naming where the URL came from', async () => {
    const plain = await server((_req, res) => res.end('{}'));
    const https = plain.replace(/^http:/, 'https:');
    const result = await runCli(['--out', join(dir, 'tls')], { FDS_BASE_URL: https, FDS_API_KEY: secretKey });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      `fds-conformance: cannot reach ${https} (from FDS_BASE_URL): the server answered plain HTTP; try ${plain}\n`,
    );
  });

  it('says the target speaks TLS to http://, naming where the URL came from', async () => {
    const tls = createHttpsServer(testTls, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    running.push({ close: () => new Promise<void>((resolve) => tls.close(() => resolve())) });
    const plain = `http://127.0.0.1:${(tls.address() as AddressInfo).port}/api`;
    const result = await runCli(['--base-url', plain, '--out', join(dir, 'speaks-tls')], {
      FDS_API_KEY: secretKey,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      `fds-conformance: cannot reach ${plain} (from --base-url): the server speaks TLS; try ${plain.replace('http:', 'https:')}\n`,
    );
  });

  it("says FDS_BASE_URL overrides the profile's base URL when the target it names cannot be reached", async () => {
    const target = await mock();
    const profile = profileFile(target, 'stale-unreachable.json');
    const result = await runCli(['--profile', profile, '--out', join(dir, 'stale-unreachable')], {
      FDS_BASE_URL: 'http://127.0.0.1:9',
      FDS_API_KEY: secretKey,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      `fds-conformance: cannot reach http://127.0.0.1:9 (from FDS_BASE_URL): connection refused (FDS_BASE_URL overrides the profile's baseUrl in ${profile}, ${target.url})\n`,
    );
  });

  it("says on the run's first line that FDS_BASE_URL overrides the profile's base URL", async () => {
    const target = await mock();
    const profile = profileFile(target, 'stale.json', { baseUrl: 'https://staging.example.com/api' });
    const result = await runCli(
      ['--profile', profile, '--only', 'token', '--allow-incomplete', '--out', join(dir, 'stale')],
      { FDS_BASE_URL: target.url, FDS_API_KEY: secretKey },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(
      `fds-conformance: ${target.url} (FDS_BASE_URL overrides the profile's baseUrl in ${profile}, https://staging.example.com/api), seed ${/seed (\d+)/.exec(result.stdout)?.[1]}`,
    );
  });
});
