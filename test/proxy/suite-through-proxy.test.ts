import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiKey, mockProfile, startMock, type RunningMock } from '../../mock/index.ts';
import { clientFaults } from '../../src/observe/clients/client-faults.ts';
import { ClientJudge } from '../../src/observe/clients/judge.ts';
import { observationLine } from '../../src/observe/views.ts';
import { startProxy, type RunningProxy } from '../../src/observe/proxy/proxy.ts';
import { clientRequirements } from '../../src/requirements/catalogue.ts';
import { runCli } from '../cli/run-cli.ts';
import { issueToken, sendObserved, tokenFor } from '../clients/send-observed.ts';

/**
 * Issue 23's proof of the proxy on whole traffic, and issue 31's: the suite runs against a conformant
 * service (the embedded mock, whose links are absolute URLs of its own) once directly and once through the
 * proxy, and gets the same verdict and the same requirements failed and not exercised both ways: the proxy
 * rewrites the service's links to its own address, so the suite follows them through it. Meanwhile the
 * proxy observes many server requirements to hold and none broken; and the client-fault catalogue sent
 * through it is found on each fault's requirement, as the mock finds it
 * (test/clients/mock-judges-clients.test.ts).
 */

let dir: string;
const mocks: RunningMock[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fds-through-proxy-'));
});
afterAll(async () => {
  for (const mock of mocks.splice(0)) await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A conformant service of its own for each run, so that neither run sees what the other created. */
async function service(): Promise<RunningMock> {
  const mock = await startMock();
  mocks.push(mock);
  return mock;
}

function proxyInFront(mock: RunningMock): Promise<RunningProxy> {
  const judge = new ClientJudge();
  return startProxy({
    target: mock.url,
    clientJudge: (exchange) => judge.judge(exchange),
    clientRequirements,
  });
}

/** What a run's verdict rests on: the verdict, and the requirements failed and not exercised. */
interface Outcome {
  verdict: string;
  failed: string[];
  notExercised: string[];
}

/** The suite run against `baseUrl`, with the mock's fixtures and one seed, as a pipeline runs it. */
async function suiteRun(mock: RunningMock, baseUrl: string, name: string): Promise<Outcome> {
  const profile = join(dir, `${name}.json`);
  writeFileSync(profile, JSON.stringify({ ...mockProfile(mock), baseUrl }));
  const out = join(dir, name);
  const run = await runCli(['--profile', profile, '--out', out, '--seed', '1']);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
    summary: { verdict: string };
    requirements: { id: string; status: string }[];
  };
  const having = (status: string) => report.requirements.filter((r) => r.status === status).map((r) => r.id);
  return { verdict: report.summary.verdict, failed: having('failed'), notExercised: having('not-exercised') };
}

describe('the suite through the proxy, in front of a conformant service with absolute links', () => {
  it('gets the verdict it gets directly; the proxy observes 60 or more server requirements to hold and none broken', async () => {
    const alone = await service();
    const direct = await suiteRun(alone, alone.url, 'direct');
    const mock = await service();
    const proxy = await proxyInFront(mock);
    let through: Outcome;
    try {
      through = await suiteRun(mock, proxy.url, 'through');
    } finally {
      await proxy.close();
    }
    expect(through).toEqual(direct);
    expect(direct.verdict).toBe('conformant');
    const { server, client } = proxy.report();
    const broken = server.requirements.filter((r) => r.status === 'failed');
    expect(broken.map((r) => `${r.id}: ${r.findings[0]?.message ?? ''}`)).toEqual([]);
    const outside = server.outsideInterface?.requests.map(
      (r) => `${r.kind} ${r.method} ${r.path} ×${r.count}`,
    );
    console.info(
      `the proxy: ${observationLine(server)} (server); ${observationLine(client)} (client); outside the interface: ${outside?.join(', ')}`,
    );
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
  let mock: RunningMock;
  let proxy: RunningProxy;
  let token: string;

  beforeAll(async () => {
    mock = await service();
    proxy = await proxyInFront(mock);
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
