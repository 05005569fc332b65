import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const bin = fileURLToPath(new URL('../../bin/fds-conformance.js', import.meta.url));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

/** One request on the given agent; resolves with the whole answer and how long it took. */
function send(
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text,
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface StartedMock {
  child: ChildProcess;
  url: string;
  apiKey: string;
  /** Everything on stdout once the profile is complete: the profile alone. */
  stdout: string;
  /** What it printed for people. */
  stderr: () => string;
}

/**
 * Starts `fds-conformance mock` with the flags; resolves once its stdout parses as the profile JSON
 * (docs/design.md#mock-and-proxy: stdout carries the profile only) and its stderr has said where it listens.
 */
function startMockProcess(args: string[]): Promise<StartedMock> {
  const child = spawn(process.execPath, [bin, 'mock', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    let profile: { baseUrl: string; apiKey: string } | undefined;
    const settle = () => {
      if (!profile || !/^mock listening on /m.test(stderr)) return;
      resolve({ child, url: profile.baseUrl, apiKey: profile.apiKey, stdout, stderr: () => stderr });
    };
    child.on('exit', (code) => reject(new Error(`mock exited with ${code}: ${stderr}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += String(chunk);
      settle();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += String(chunk);
      try {
        profile = JSON.parse(stdout) as { baseUrl: string; apiKey: string };
      } catch {
        // The profile is not complete yet.
      }
      settle();
    });
  });
}

/** Stops a mock started by startMockProcess and waits for its exit code. */
function stop(child: ChildProcess): Promise<number | null> {
  child.removeAllListeners('exit');
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/** The delay asked for, less a little: a Node timer may fire a millisecond early. */
const latencyFloorMs = 195;

describe('fds-conformance mock --latency-ms --rate-limit-every', () => {
  let child: ChildProcess | undefined;
  let url: string;
  let apiKey: string;
  // One keep-alive connection: the rate limit counts the requests of a connection.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    ({ child, url, apiKey } = await startMockProcess([
      '--port',
      '0',
      '--latency-ms',
      '200',
      '--rate-limit-every',
      '3',
    ]));
  });

  afterAll(() => {
    agent.destroy();
    child?.removeAllListeners('exit');
    child?.kill('SIGTERM');
  });

  it('delays every answer and refuses every 3rd request of a connection with 429 and Retry-After', async () => {
    // Request 1 of the connection.
    const token = await send(
      agent,
      `${url}/token`,
      'POST',
      {
        authorization: `Basic ${apiKey}`,
        'service-version': '2.0',
        'content-type': 'application/x-www-form-urlencoded',
      },
      'scope=SERVER_ACCESS',
    );
    expect(token.status, token.body).toBe(200);
    expect(token.ms).toBeGreaterThanOrEqual(latencyFloorMs);
    const accessToken = (JSON.parse(token.body) as { access_token: string }).access_token;
    expect(accessToken).toBeTruthy();

    // Requests 2 to 7 of the connection: the 3rd and the 6th are refused. The same request is refused
    // at most twice in a row (the variant's cap), so no further GET is asked of it here.
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        await send(agent, `${url}/institutions`, 'GET', { authorization: `Bearer ${accessToken}` }),
      );
    expect(answers.map((a) => a.status)).toEqual([200, 429, 200, 200, 429, 200]);
    for (const answer of answers) expect(answer.ms).toBeGreaterThanOrEqual(latencyFloorMs);
    for (const refused of answers.filter((a) => a.status === 429))
      expect(refused.headers['retry-after']).toMatch(/\S/);
    for (const served of answers.filter((a) => a.status === 200))
      expect(served.headers['retry-after']).toBeUndefined();
  });
});

describe('fds-conformance mock: out-of-range variant flags', () => {
  it.each([
    [['--latency-ms', '-1']],
    [['--latency-ms=-1']],
    [['--latency-ms', '60001']],
    [['--rate-limit-every', '0']],
    [['--rate-limit-every', '1000001']],
    [['--rate-limit-every', 'often']],
  ])('%j is a usage error: exit 2, one line on stderr', async (args) => {
    const result = await runCli(['mock', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });
});

describe('fds-conformance mock --list-faults', () => {
  it("lists the spec's faults with their requirement, then those of the mock's own endpoints marked mock-own", async () => {
    const result = await runCli(['mock', '--list-faults']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^[a-z0-9-]+ +[A-Z]+-\d\d /);
    const own = lines.filter((line) => / mock-own /.test(line));
    expect(own.length).toBeGreaterThan(0);
    for (const line of own) expect(line).toMatch(/no spec requirement\)$/);
    expect(own.map((line) => line.split(' ')[0])).toContain('accounts-filter-ignored');
    expect(lines.slice(-own.length)).toEqual(own);
  });
});

describe('fds-conformance mock in a pipeline: stdout is the profile JSON only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fds-mock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the profile alone on stdout and what a person reads on stderr', async () => {
    const started = await startMockProcess(['--port', '0']);
    try {
      const profile = JSON.parse(started.stdout) as { baseUrl: string; apiKey: string };
      expect(started.stdout.trimStart().startsWith('{')).toBe(true);
      expect(profile.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(started.stderr()).toContain(`mock listening on ${profile.baseUrl}`);
      // The profile runs: the mock answers the key it hands out.
      const token = await fetch(`${profile.baseUrl}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${profile.apiKey}`,
          'service-version': '2.0',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'scope=SERVER_ACCESS',
      });
      expect(token.status).toBe(200);
    } finally {
      expect(await stop(started.child)).toBe(0);
    }
  });

  it('writes the same profile to --profile-out FILE', async () => {
    const file = join(dir, 'mock-profile.json');
    const started = await startMockProcess(['--port', '0', '--profile-out', file]);
    try {
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(started.stdout));
      expect(started.stderr()).toContain(`profile written to ${file}`);
    } finally {
      await stop(started.child);
    }
  });

  it('refuses a --profile-out it cannot write: exit 2, one line naming the flag, nothing on stdout', async () => {
    const result = await runCli([
      'mock',
      '--port',
      '0',
      '--profile-out',
      join(dir, 'no-such-folder', 'p.json'),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^fds-conformance: --profile-out .*ENOENT/),
    ]);
    expect(result.stdout).toBe('');
  });
});

describe('fds-conformance mock --client-report DIR', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fds-client-report-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** When a file exists, read: the report written on a signal appears after the signal is sent. */
  async function whenWritten(path: string): Promise<string> {
    for (;;) {
      if (existsSync(path)) return readFileSync(path, 'utf8');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("reports a real client's three departures, each as a broken CLIENT requirement with its request", async () => {
    const out = join(dir, 'client');
    const started = await startMockProcess(['--port', '0', '--client-report', out]);
    const agent = new Agent({ keepAlive: false });
    let token = '';
    try {
      expect(started.stderr()).toMatch(/client report to .* on exit and on SIGUSR2 \(kill -USR2 \d+\)/);
      const basic = { authorization: `Basic ${started.apiKey}` };
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      // The version header under another name: the mock refuses it, and says which rule it broke.
      await send(
        agent,
        `${started.url}/token`,
        'POST',
        { ...basic, ...form, 'x-api-version': '2.0' },
        'scope=SERVER_ACCESS',
      );
      const issued = await send(
        agent,
        `${started.url}/token`,
        'POST',
        { ...basic, ...form, 'service-version': '2.0' },
        'scope=SERVER_ACCESS',
      );
      token = (JSON.parse(issued.body) as { access_token: string }).access_token;
      const bearer = { authorization: `Bearer ${token}` };
      // An enrich call without its country.
      await send(agent, `${started.url}/enrich?q=WOOLWORTHS&institution=AU00000`, 'GET', bearer);
      // A POST with an empty body labelled JSON.
      await send(
        agent,
        `${started.url}/users`,
        'POST',
        { ...bearer, 'content-type': 'application/json' },
        '',
      );
      // On demand, while it runs.
      started.child.kill('SIGUSR2');
      const early = JSON.parse(await whenWritten(join(out, 'report.json'))) as { exchanges: number };
      expect(early.exchanges).toBe(4);
    } finally {
      agent.destroy();
      expect(await stop(started.child)).toBe(0);
    }
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      observer: string;
      summary: { verdict: string };
      requirements: {
        id: string;
        status: string;
        findings: {
          request: { method: string; path: string; headers: Record<string, string>; body: string };
        }[];
      }[];
    };
    expect(report.observer).toBe('client');
    expect(report.summary.verdict).toBe('nonconformant');
    const failed = report.requirements.filter((r) => r.status === 'failed');
    expect(failed.map((r) => r.id)).toEqual(['CLIENT-03', 'CLIENT-07', 'CLIENT-15']);
    expect(failed.map((r) => r.findings[0]?.request)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/token',
        headers: expect.objectContaining({ 'x-api-version': '2.0', authorization: 'Basic ***' }),
      }),
      expect.objectContaining({ method: 'GET', path: '/enrich?q=WOOLWORTHS&institution=AU00000' }),
      expect.objectContaining({ method: 'POST', path: '/users', body: '' }),
    ]);
    expect(report.requirements.some((r) => r.status === 'not-observed')).toBe(true);
    for (const file of ['report.json', 'report.md', 'report.html']) {
      const text = readFileSync(join(out, file), 'utf8');
      expect(text, file).not.toContain(started.apiKey);
      expect(text, file).not.toContain(token);
    }
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('CLIENT-07');
  });

  it('refuses a --client-report folder it cannot write: exit 2, one line naming the flag', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const result = await runCli(['mock', '--port', '0', '--client-report', join(file, 'reports')]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^fds-conformance: --client-report .*: cannot write there \(ENOTDIR\)$/),
    ]);
    expect(result.stdout).toBe('');
  });
});
