import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { runCli } from './run-cli.ts';

const apiKey = 'token-command-secret-7d1f';

function urlOf(server: Server | TcpServer): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('token: an access token for a curl line', { timeout: 60_000 }, () => {
  let mock: RunningMock;
  /** Answers POST /token with a 400 that refuses no key: a token endpoint that gives no token. */
  let broken: Server;
  /** Answers everything with a 503 error list, POST /token included: a service down behind its gateway. */
  let down: Server;
  /** Accepts connections and never answers. */
  let silent: TcpServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    mock = await startMock({ apiKeys: { [apiKey]: 3600 } });
    const answering = (status: (method?: string) => number, code: string, detail: string) =>
      createServer((request, response) => {
        response.writeHead(status(request.method), { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            type: 'list',
            correlationId: 'c0ffee00-0000-4000-8000-000000000000',
            data: [{ type: 'error', code, detail }],
          }),
        );
      });
    broken = answering((method) => (method === 'POST' ? 400 : 200), 'invalid-request', 'no grants today');
    down = answering(() => 503, 'service-unavailable', 'the token store is down');
    silent = createTcpServer((socket) => sockets.push(socket));
    await Promise.all(
      [broken, down, silent].map(
        (server) => new Promise<void>((done) => server.listen(0, '127.0.0.1', done)),
      ),
    );
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all([
      mock.close(),
      new Promise((done) => broken.close(done)),
      new Promise((done) => down.close(done)),
      new Promise((done) => silent.close(done)),
    ]);
  });

  it('prints the token alone on stdout, one the target takes as a bearer token', async () => {
    const result = await runCli(['token', '--base-url', mock.url], { FDS_API_KEY: apiKey });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const answer = await fetch(`${mock.url}/institutions`, {
      headers: { authorization: `Bearer ${lines[0]}` },
    });
    expect(answer.status).toBe(200);
  });

  it('refuses a key the target refuses in one line on stderr, exit 2, never printing the key', async () => {
    const result = await runCli(['token', '--base-url', mock.url], { FDS_API_KEY: 'not-a-key-of-the-mock' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^fds-conformance: the API key \(from FDS_API_KEY\) was refused by POST \/token \(400 invalid-grant/,
      ),
    ]);
    expect(result.stderr).not.toContain('not-a-key-of-the-mock');
  });

  it.each([
    [[], {}, /^fds-conformance: token: no target: give --base-url, FDS_BASE_URL or the profile's baseUrl/],
    [
      ['--base-url', 'http://127.0.0.1:9'],
      { FDS_API_KEY: '' },
      /^fds-conformance: token: no API key: give FDS_API_KEY/,
    ],
    [['--seed', '1'], {}, /^fds-conformance: unknown option --seed .*see fds-conformance token --help/],
  ])('says what is missing in one line, exit 2: %j', async (args, env, line) => {
    const result = await runCli(['token', ...args], env);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(line)]);
  });

  it('is exit 3 for a target that refuses the connection, and for one that never answers', async () => {
    const closed = createTcpServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const refused = urlOf(closed);
    await new Promise((done) => closed.close(done));
    const unreachable = await runCli(['token', '--base-url', refused], { FDS_API_KEY: apiKey });
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr.trim()).toBe(
      `fds-conformance: cannot reach ${refused} (from --base-url): connection refused`,
    );

    const started = Date.now();
    const hanging = await runCli(['token', '--base-url', urlOf(silent), '--timeout-ms', '300'], {
      FDS_API_KEY: apiKey,
    });
    expect(hanging.code).toBe(3);
    expect(hanging.stderr.trim()).toBe(
      `fds-conformance: no answer from POST /token in 0.3 s at ${urlOf(silent)} (from --base-url): it accepts connections and says nothing; check that the service is up, or raise --timeout-ms`,
    );
    // Bounded against a hang only: the time limit was 300 ms.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("is exit 1 for a token endpoint that answers without a token, naming the answer's error", async () => {
    const result = await runCli(['token', '--base-url', urlOf(broken)], { FDS_API_KEY: apiKey });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'fds-conformance: POST /token answered without an access token: 400 invalid-request: no grants today',
    );
  });

  it("is exit 3 for a service down at the door, in the run's own line, after --retry-transient's retries", async () => {
    const args = ['--base-url', urlOf(down), '--retry-transient', '1'];
    const token = await runCli(['token', ...args], { FDS_API_KEY: apiKey });
    expect(token.code).toBe(3);
    expect(token.stdout).toBe('');
    expect(token.stderr).toBe(
      `fds-conformance: POST /token at ${urlOf(down)}/token answered 503 service-unavailable: the token store is down (the same after 1 retry); the service is down or overloaded, and no check runs without a token: check that it is up and that the base URL (from --base-url) reaches it, not a gateway in front of a stopped one\n`,
    );
    const run = await runCli([...args, '--out', mkdtempSync(join(tmpdir(), 'fds-token-down-'))], {
      FDS_API_KEY: apiKey,
    });
    expect([run.code, run.stderr]).toEqual([3, token.stderr]);
  });
});
