import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultApiKey, startMock, type RunningMock } from '../../mock/index.ts';
import { clientFaults, conformantRequests } from '../../src/clients/client-faults.ts';
import type { ObservedRequest } from '../../src/observation/types.ts';

/**
 * The embedded mock judges its clients (mock/client-observer.ts): every request of the client-fault
 * catalogue (src/clients/client-faults.ts), sent to it over HTTP, is found on its requirement and no
 * other, and the conformant requests of every operation are found on none. The catalogue's placeholder
 * credentials become the mock's own, so that the mock reads each body rather than refusing it first.
 */

let mock: RunningMock;
let token: string;

/** The request as a client would send it to the mock: the catalogue's placeholders made real. */
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
    const req = httpRequest(`${mock.url}${observed.path}`, { method: observed.method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  mock = await startMock();
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
      await send(fault.request);
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
