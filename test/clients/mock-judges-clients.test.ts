import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.ts';
import { clientFaults, conformantRequests } from '../../src/clients/client-faults.ts';
import type { ObservedRequest } from '../../src/observation/types.ts';
import { issueToken, sendObserved, tokenFor } from './send-observed.ts';

/**
 * The embedded mock judges its clients (mock/client-observer.ts): every request of the client-fault
 * catalogue (src/clients/client-faults.ts), sent to it over HTTP, is found on its requirement and no
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
