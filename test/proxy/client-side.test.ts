import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultApiKey,
  mockProfile,
  shortLivedApiKey,
  startMock,
  type RunningMock,
} from '../../mock/index.ts';
import { ClientJudge } from '../../src/observe/clients/judge.ts';
import { startProxy, type RunningProxy } from '../../src/observe/proxy/proxy.ts';
import { clientRequirements } from '../../src/requirements/catalogue.ts';
import { askToken } from '../clients/send-observed.ts';
import { send } from './session.ts';

/**
 * The proxy's client side holds a client to what it was told, as the mock does
 * (test/clients/mock-judges-clients.test.ts): the version header the proxy was configured with, here the
 * branded mock's `basiq-version`, and the expires_in of each token answer it saw pass.
 */

let mock: RunningMock;
let proxy: RunningProxy | undefined;

beforeAll(async () => {
  mock = await startMock({ basePath: '/api', versionHeader: 'basiq-version' });
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});
afterAll(() => mock.close());

async function proxyInFront(): Promise<RunningProxy> {
  const judge = new ClientJudge({ versionHeader: mockProfile(mock).versionHeader });
  proxy = await startProxy({
    target: mock.url,
    clientJudge: (exchange) => judge.judge(exchange),
    clientRequirements,
  });
  return proxy;
}

/** The client report once the proxy has judged every exchange. */
async function clientReport(running: RunningProxy) {
  await running.close();
  return running.report().client;
}

const brokenIds = (report: Awaited<ReturnType<typeof clientReport>>) =>
  report.requirements.filter((r) => r.status === 'failed').map((r) => r.id);

/** Past the short-lived key's 1 second by half a second: a wait, not a race. */
const pastItsLife = 1500;

describe('the proxy judges the client side by what the client was told', () => {
  it('under --version-header basiq-version: a token request built from the profile breaks nothing', async () => {
    const running = await proxyInFront();
    const profile = mockProfile(mock);
    const issued = await askToken(running.url, profile.apiKey, profile.versionHeader);
    await send(running.url, 'GET', '/institutions', { authorization: `Bearer ${issued.token}` });
    const report = await clientReport(running);
    expect(brokenIds(report)).toEqual([]);
    expect(report.requirements.find((r) => r.id === 'CLIENT-03')?.status).toBe('passed');
    expect(report.requirements.find((r) => r.id === 'CLIENT-32')?.status).toBe('passed');
  });

  it('under --version-header basiq-version: service-version is no version header', async () => {
    const running = await proxyInFront();
    await askToken(running.url, defaultApiKey, 'service-version');
    const report = await clientReport(running);
    expect(brokenIds(report)).toEqual(['CLIENT-03']);
    expect(report.requirements.find((r) => r.id === 'CLIENT-03')?.findings[0]?.message).toBe(
      'POST /token carries no basiq-version header; the version went under service-version',
    );
  });

  it('finds a token kept past its expires_in, with the three times, and never the token', async () => {
    const running = await proxyInFront();
    const short = await askToken(running.url, shortLivedApiKey, 'basiq-version');
    expect(short.expiresIn).toBe(1);
    await sleep(pastItsLife);
    await send(running.url, 'GET', '/institutions', { authorization: `Bearer ${short.token}` });
    const report = await clientReport(running);
    expect(brokenIds(report)).toEqual(['CLIENT-32']);
    const iso = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z`;
    expect(report.requirements.find((r) => r.id === 'CLIENT-32')?.findings[0]?.message).toMatch(
      new RegExp(`^GET /institutions at ${iso} uses a token issued at ${iso} with expires_in 1: `),
    );
    expect(JSON.stringify(running.report())).not.toContain(short.token);
  });

  it('finds nothing of a client that asks again once its token ran out and uses the new one', async () => {
    const running = await proxyInFront();
    await askToken(running.url, shortLivedApiKey, 'basiq-version');
    await sleep(pastItsLife);
    const fresh = await askToken(running.url, defaultApiKey, 'basiq-version');
    const answer = await send(running.url, 'GET', '/institutions', {
      authorization: `Bearer ${fresh.token}`,
    });
    expect(answer.status).toBe(200);
    const report = await clientReport(running);
    expect(brokenIds(report)).toEqual([]);
    expect(report.requirements.find((r) => r.id === 'CLIENT-32')).toMatchObject({
      status: 'passed',
      held: 1,
    });
  });
});
