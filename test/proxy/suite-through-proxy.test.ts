import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiKey, mockProfile, startMock, type RunningMock } from '../../mock/index.ts';
import { clientFaults } from '../../src/clients/client-faults.ts';
import { ClientJudge } from '../../src/clients/judge.ts';
import { observationLine } from '../../src/observation/views.ts';
import { startProxy, type RunningProxy } from '../../src/proxy/proxy.ts';
import { clientRequirements } from '../../src/requirements/catalogue.ts';
import { runCli } from '../cli/run-cli.ts';
import { issueToken, sendObserved, tokenFor } from '../clients/send-observed.ts';

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
  const judge = new ClientJudge();
  return startProxy({
    target: mock.url,
    clientJudge: (exchange) => judge.judge(exchange),
    clientRequirements,
  });
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

  beforeAll(async () => {
    proxy = await proxyInFront();
    token = await issueToken(mock.url);
  });
  afterAll(() => proxy.close());

  it('finds every fault on its requirement, one broken judgement a fault', async () => {
    for (const fault of clientFaults)
      await sendObserved(proxy.url, fault.request, await tokenFor(proxy.url, fault, token));
    await proxy.close();
    const { client } = proxy.report();
    for (const fault of clientFaults)
      expect(client.requirements.find((r) => r.id === fault.requirement)?.status, fault.name).toBe('failed');
    expect(client.requirements.reduce((sum, r) => sum + r.broken, 0)).toBe(clientFaults.length);
  });
});
