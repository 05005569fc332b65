import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultApiKey,
  mockProfile,
  shortLivedApiKey,
  startMock,
  type RunningMock,
} from '../../mock/index.ts';
import { clientFaults, conformantRequests } from '../../src/observe/clients/client-faults.ts';
import type { ObservedRequest } from '../../src/observe/types.ts';
import { askToken, issueToken, sendObserved, tokenFor } from './send-observed.ts';

/**
 * The embedded mock judges its clients (mock/client-observer.ts): every request of the client-fault
 * catalogue (src/observe/clients/client-faults.ts), sent to it over HTTP, is found on its requirement and no
 * other, and the conformant requests of every operation are found on none.
 */

let mock: RunningMock;
let token: string;

const send = (request: ObservedRequest) => sendObserved(mock.url, request, token);

beforeAll(async () => {
  mock = await startMock();
  token = await issueToken(mock.url);
});
beforeEach(() => mock.resetClientFindings());
afterAll(() => mock.close());

describe('the mock judges the requests of its clients', () => {
  it.each(Object.entries(conformantRequests))('finds nothing in a conformant %s', async (_, request) => {
    await send(request);
    expect(mock.clientFindings()).toEqual([]);
  });

  it.each(clientFaults.map((fault) => [fault.name, fault] as const))(
    'finds %s on its requirement alone',
    async (_, fault) => {
      await sendObserved(mock.url, fault.request, await tokenFor(mock.url, fault, token));
      expect(mock.clientFindings().map((finding) => finding.requirement)).toEqual([fault.requirement]);
    },
  );

  it('keeps the request as evidence, its credentials masked, and counts it in the client report', async () => {
    await send(clientFaults.find((fault) => fault.name === 'enrich-without-country')!.request);
    const [finding] = mock.clientFindings();
    expect(finding).toMatchObject({
      requirement: 'CLIENT-07',
      request: { method: 'GET', headers: { authorization: 'Bearer ***' } },
    });
    expect(finding?.request.path).toMatch(/^\/enrich\?q=/);
    expect(JSON.stringify(mock.clientReport())).not.toContain(token);
    const report = mock.clientReport();
    expect(report.requirements.find((r) => r.id === 'CLIENT-07')).toMatchObject({
      status: 'failed',
      broken: 1,
    });
    expect(report.requirements.find((r) => r.id === 'CLIENT-06')).toMatchObject({ status: 'passed' });
    expect(report.summary.verdict).toBe('nonconformant');
  });

  it('forgets what it saw on reset', async () => {
    await send(clientFaults[0]!.request);
    expect(mock.clientFindings()).not.toEqual([]);
    mock.resetClientFindings();
    expect(mock.clientFindings()).toEqual([]);
    expect(mock.clientReport().exchanges).toBe(0);
  });
});

describe('the mock holds a client to the token lifetimes it gave (CLIENT-32)', () => {
  const institutions = (token: string) =>
    fetch(`${mock.url}/institutions`, { headers: { authorization: `Bearer ${token}` } });
  /** Past the short-lived key's 1 second by half a second: a wait, not a race. */
  const pastItsLife = 1500;

  it('finds a token kept past its expires_in, giving the time of the answer, expires_in and the time of use', async () => {
    const short = await askToken(mock.url, shortLivedApiKey);
    expect(short.expiresIn).toBe(1);
    await sleep(pastItsLife);
    expect((await institutions(short.token)).status).toBe(401);
    const findings = mock.clientFindings();
    expect(findings.map((finding) => finding.requirement)).toEqual(['CLIENT-32']);
    const iso = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z`;
    expect(findings[0]?.message).toMatch(
      new RegExp(
        `^GET /institutions at ${iso} uses a token issued at ${iso} with expires_in 1: \\d+\\.\\d{3} s after it ran out$`,
      ),
    );
    expect(JSON.stringify(mock.clientReport())).not.toContain(short.token);
  });

  it('finds nothing of a client that asks again once its token ran out and uses the new one', async () => {
    const short = await askToken(mock.url, shortLivedApiKey);
    await sleep(pastItsLife);
    const fresh = await askToken(mock.url, defaultApiKey);
    expect((await institutions(fresh.token)).status).toBe(200);
    expect(mock.clientFindings()).toEqual([]);
    expect(mock.clientReport().requirements.find((r) => r.id === 'CLIENT-32')).toMatchObject({
      status: 'passed',
      held: 1,
    });
    expect(short.token).not.toBe(fresh.token);
  });
});

describe('the mock holds a client to the version header it was started with (CLIENT-03)', () => {
  let branded: RunningMock;
  beforeAll(async () => {
    branded = await startMock({ versionHeader: 'basiq-version' });
  });
  beforeEach(() => branded.resetClientFindings());
  afterAll(() => branded.close());

  it('finds nothing in a token request built from its profile: basiq-version 2.0', async () => {
    const profile = mockProfile(branded);
    expect(profile.versionHeader).toBe('basiq-version');
    const issued = await askToken(branded.url, profile.apiKey, profile.versionHeader);
    expect(issued.token).toMatch(/\S/);
    expect(branded.clientFindings()).toEqual([]);
    expect(branded.clientReport().requirements.find((r) => r.id === 'CLIENT-03')).toMatchObject({
      status: 'passed',
      held: 1,
    });
  });

  it('finds the version sent under service-version, which is not its version header', async () => {
    await askToken(branded.url, defaultApiKey, 'service-version');
    const findings = branded.clientFindings();
    expect(findings.map((finding) => finding.requirement)).toEqual(['CLIENT-03']);
    expect(findings[0]?.message).toBe(
      'POST /token carries no basiq-version header; the version went under service-version',
    );
  });
});

describe('judgeClients: false', () => {
  it('judges nothing: a faulty request leaves no finding and no exchange in the client report', async () => {
    const quiet = await startMock({ judgeClients: false });
    try {
      const quietToken = await issueToken(quiet.url);
      await sendObserved(quiet.url, clientFaults[0]!.request, quietToken);
      expect(quiet.clientFindings()).toEqual([]);
      expect(quiet.clientReport().exchanges).toBe(0);
    } finally {
      await quiet.close();
    }
  });
});
