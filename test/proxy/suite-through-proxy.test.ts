import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiKey, mockProfile, startMock, type RunningMock } from '../../mock/index.ts';
import { clientFaults } from '../../src/clients/client-faults.ts';
import { judgeClientRequest } from '../../src/clients/judge.ts';
import type { ObservedRequest } from '../../src/observation/types.ts';
import { observationLine } from '../../src/observation/views.ts';
import { startProxy, type RunningProxy } from '../../src/proxy/proxy.ts';
import { clientRequirements } from '../../src/requirements/catalogue.ts';
import { runCli } from '../cli/run-cli.ts';

/**
 * Issue 23's proof of the proxy on whole traffic: the suite itself runs through it against a conformant
 * service (the embedded mock), and its own verdict is unchanged, while the proxy observes many server
 * requirements to hold and none broken; and the client-fault catalogue sent through it is found on each
 * fault's requirement, as the mock finds it (test/clients/mock-judges-clients.test.ts).
 */

let dir: string;
let mock: RunningMock;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fds-through-proxy-'));
  // Host-relative links (a conformant reading, AMB-GEN-02's): a link the suite follows resolves against
  // the proxy. A service's absolute links to itself would take a client past the proxy, and the suite never
  // follows a link to another origin than its target's (its credentials stay there): README, The proxy.
  mock = await startMock({ variants: { relativeLinks: true } });
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

function proxyInFront(): Promise<RunningProxy> {
  return startProxy({ target: mock.url, clientJudge: judgeClientRequest, clientRequirements });
}

describe('the suite through the proxy, in front of a conformant service', () => {
  it('keeps its own verdict; the proxy observes 60 or more server requirements to hold and none broken', async () => {
    const proxy = await proxyInFront();
    try {
      const profile = join(dir, 'profile.json');
      writeFileSync(profile, JSON.stringify({ ...mockProfile(mock), baseUrl: proxy.url }));
      const run = await runCli(['--profile', profile, '--out', join(dir, 'run')]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^conformant; reports in /m);
    } finally {
      await proxy.close();
    }
    const { server, client } = proxy.report();
    const broken = server.requirements.filter((r) => r.status === 'failed');
    expect(broken.map((r) => `${r.id}: ${r.findings[0]?.message ?? ''}`)).toEqual([]);
    console.info(`the proxy: ${observationLine(server)} (server); ${observationLine(client)} (client)`);
    expect(server.summary.passed).toBeGreaterThanOrEqual(60);
    // The suite sends departures on purpose (a missing country, a body that is not JSON) to see them refused.
    expect(client.summary.failed).toBeGreaterThan(0);
    const out = join(dir, 'proxy');
    proxy.writeReports(out);
    const har = readFileSync(join(out, 'exchanges.har'), 'utf8');
    expect(har).not.toContain(defaultApiKey);
    expect(JSON.parse(har)).toMatchObject({ log: { version: '1.2' } });
  });
});

describe('the client-fault catalogue through the proxy', () => {
  let proxy: RunningProxy;
  let token: string;

  /** The request as a client sends it through the proxy: the catalogue's placeholders made real. */
  function send(observed: ObservedRequest): Promise<number> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(observed.headers)) {
      if (value === undefined) continue;
      headers[name] = (Array.isArray(value) ? value.join(', ') : value)
        .replace('example-access-token', token)
        .replace('example-api-key', defaultApiKey);
    }
    const body = observed.body ?? Buffer.alloc(0);
    if (body.length > 0 || observed.method === 'POST') headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${proxy.url}${observed.path}`, { method: observed.method, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  beforeAll(async () => {
    proxy = await proxyInFront();
    const answer = await fetch(`${mock.url}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${defaultApiKey}`,
        'service-version': '2.0',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'scope=SERVER_ACCESS',
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterAll(() => proxy.close());

  it('finds every fault on its requirement, one broken judgement a fault', async () => {
    for (const fault of clientFaults) await send(fault.request);
    await proxy.close();
    const { client } = proxy.report();
    for (const fault of clientFaults)
      expect(client.requirements.find((r) => r.id === fault.requirement)?.status, fault.name).toBe('failed');
    expect(client.requirements.reduce((sum, r) => sum + r.broken, 0)).toBe(clientFaults.length);
  });
});
