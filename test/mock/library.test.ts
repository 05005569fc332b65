import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultApiKey,
  faults,
  faultSwitchHeader,
  mockOwnFaults,
  shortLivedApiKey,
  startMock,
  type RunningMock,
} from '../../mock/index.ts';
import { mockOptionsFromArgs } from '../../cli/mock-command.ts';
import { expectError, MockClient } from './mock-client.ts';

/**
 * The mock as a library for an application's tests (`fds-conformance/mock`, mock/index.ts). The first
 * block is docs/mock.md's example (In your application's tests) as it is written there; the packaging
 * test (test/package/packaging.test.ts) runs the document's own text against the installed package.
 */
describe("docs/mock.md's example: a client's tests against the mock", () => {
  /** The client under test (yours lives in your source tree): the institutions, or an error saying why not. */
  async function listInstitutions(baseUrl: string, headers: Record<string, string>) {
    const response = await fetch(`${baseUrl}/institutions`, { headers });
    const body = (await response.json()) as { totalCount?: unknown; data: { code?: string }[] };
    if (!response.ok) throw new Error(`institutions refused: ${response.status} ${body.data[0]?.code}`);
    if (typeof body.totalCount !== 'number') throw new Error('institutions: malformed list');
    return body.data;
  }

  let mock: RunningMock;
  let authorization: string;

  beforeAll(async () => {
    mock = await startMock({ faultSwitching: true });
    const response = await fetch(`${mock.url}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${defaultApiKey}`,
        'service-version': '2.0',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'scope=SERVER_ACCESS',
    });
    const { access_token } = (await response.json()) as { access_token: string };
    authorization = `Bearer ${access_token}`;
  });

  afterAll(() => mock.close());

  it('lists the institutions', async () => {
    expect((await listInstitutions(mock.url, { authorization })).length).toBeGreaterThan(0);
  });

  it('refuses a list whose totalCount is not a number', async () => {
    const faulty = { authorization, [faultSwitchHeader]: 'institutions-total-count-string' };
    await expect(listInstitutions(mock.url, faulty)).rejects.toThrow('malformed list');
  });

  it('reports a refused token', async () => {
    await expect(listInstitutions(mock.url, { authorization: 'Bearer expired' })).rejects.toThrow(
      'refused: 401',
    );
  });
});

/** The number of institutions of one country, and the type of the list's totalCount, as a client sees them. */
async function australian(client: MockClient, headers: Record<string, string> = {}) {
  const exchange = await client.get('/institutions', { filter: "country.eq('AU')" }, { headers });
  const body = exchange.body as { totalCount: unknown; data: unknown[] };
  return { status: exchange.status, count: body.data.length, totalCount: typeof body.totalCount };
}

describe('startMock: the public options onto the mock', () => {
  it('gives each API key its token lifetime: tokenTtl for the default key, apiKeys beside the defaults', async () => {
    const mock = await startMock({ tokenTtl: 120, apiKeys: { 'app-test-key': 5 } });
    try {
      const lifetimes: Record<string, unknown> = {};
      for (const key of [defaultApiKey, shortLivedApiKey, 'app-test-key']) {
        const response = await fetch(`${mock.url}/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${key}`,
            'service-version': '2.0',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'scope=SERVER_ACCESS',
        });
        lifetimes[key] = ((await response.json()) as { expires_in: unknown }).expires_in;
      }
      expect(lifetimes).toEqual({ [defaultApiKey]: 120, [shortLivedApiKey]: 1, 'app-test-key': 5 });
    } finally {
      await mock.close();
    }
  });

  it('sets latency and the rate limit as the latencyMs and rateLimit variants, beside other variants', async () => {
    const mock = await startMock({ latencyMs: 60, rateLimitEvery: 4, variants: { charset: true } });
    try {
      expect(mock.options.variants).toEqual({ charset: true, latencyMs: 60, rateLimit: { every: 4 } });
      const started = performance.now();
      const answer = await fetch(`${mock.url}/institutions`);
      // Less a little: a Node timer may fire a millisecond early.
      expect(performance.now() - started).toBeGreaterThanOrEqual(55);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    } finally {
      await mock.close();
    }
  });

  it('keeps the default of an option given as undefined', async () => {
    const mock = await startMock({ host: undefined, port: undefined, seed: undefined, faults: undefined });
    try {
      expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(mock.options.seed).toBe(1);
      expect(mock.options.faults).toEqual([]);
    } finally {
      await mock.close();
    }
  });

  it('lists every fault with the requirement it breaks and what it does, and nothing of how', () => {
    expect(faults.length).toBeGreaterThanOrEqual(40);
    expect(new Set(faults.map((fault) => fault.name)).size).toBe(faults.length);
    for (const fault of faults) {
      expect(Object.keys(fault).sort(), fault.name).toEqual(['description', 'name', 'requirement']);
      expect(fault.requirement, fault.name).toMatch(/^[A-Z]+-\d\d$/);
    }
  });

  it("lists the faults of the mock's own endpoints apart, each with the endpoints it changes and no requirement", () => {
    expect(mockOwnFaults.length).toBeGreaterThan(0);
    for (const fault of mockOwnFaults) {
      expect(Object.keys(fault).sort(), fault.name).toEqual(['description', 'endpoints', 'name']);
      expect(fault.endpoints.length, fault.name).toBeGreaterThan(0);
      for (const endpoint of fault.endpoints) expect(endpoint).toMatch(/^GET \/users\/\{user\.id\}\//);
      expect(faults.map((spec) => spec.name)).not.toContain(fault.name);
    }
  });

  it('maps every flag of `fds-conformance mock` onto the option of the same name', () => {
    const { options } = mockOptionsFromArgs([
      '--token-ttl',
      '90',
      '--api-key',
      'k=7',
      '--fault',
      'institutions-total-count-string',
      '--fault-switching',
      '--spec-only',
      '--latency-ms',
      '25',
      '--rate-limit-every',
      '9',
      '--fail-every',
      '11',
    ]);
    expect(options).toMatchObject({
      tokenTtl: 90,
      apiKeys: { k: 7 },
      faults: ['institutions-total-count-string'],
      faultSwitching: true,
      specOnly: true,
      latencyMs: 25,
      rateLimitEvery: 9,
      failEvery: 11,
    });
    expect(mockOptionsFromArgs([]).options.faultSwitching).toBe(false);
    expect(mockOptionsFromArgs([]).options.specOnly).toBe(false);
  });
});

describe('setFaults: the faults of every request from now on', () => {
  let client: MockClient;
  let mock: RunningMock;

  beforeAll(async () => {
    client = await MockClient.start();
    mock = client.mock;
  });

  afterAll(() => client.close());

  it('switches faults on and off, decisions and rewritten replies alike, the institution list cache included', async () => {
    // The clean list first, so the mock holds it ready made when the faults come.
    const clean = await australian(client);
    expect(clean).toMatchObject({ status: 200, totalCount: 'number' });
    mock.setFaults(['institutions-filter-drops-last', 'institutions-total-count-string']);
    expect(await australian(client)).toEqual({ status: 200, count: clean.count - 1, totalCount: 'string' });
    mock.setFaults([]);
    expect(await australian(client)).toEqual(clean);
  });

  it('refuses an unknown fault name and leaves the faults as they were', async () => {
    mock.setFaults(['institutions-total-count-string']);
    // @ts-expect-error a name that is no FaultName: a JavaScript caller's mistake
    expect(() => mock.setFaults(['institutions-total-count-string', 'no-such-fault'])).toThrow(RangeError);
    expect((await australian(client)).totalCount).toBe('string');
    mock.setFaults([]);
  });

  it('does not restart the counters of the environment (failEvery)', async () => {
    const flaky = await MockClient.start({ failEvery: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        flaky.mock.setFaults(i % 2 === 0 ? ['institution-type-wrong'] : []);
        statuses.push((await flaky.get('/institutions')).status);
      }
      expect(statuses).toEqual([200, 200, 503, 200, 200, 503]);
    } finally {
      await flaky.close();
    }
  });
});

describe('faultSwitching: faults switched on for one request', () => {
  let client: MockClient;

  beforeAll(async () => {
    client = await MockClient.start({ faultSwitching: true });
  });

  afterAll(() => client.close());

  it('puts the named faults in force for that request only', async () => {
    const clean = await australian(client);
    const header = {
      [faultSwitchHeader]: ' institutions-filter-drops-last ,institutions-total-count-string',
    };
    expect(await australian(client, header)).toEqual({
      status: 200,
      count: clean.count - 1,
      totalCount: 'string',
    });
    expect(await australian(client)).toEqual(clean);
  });

  it('switches decisions a handler takes as well as rewrites of the reply', async () => {
    const header = { [faultSwitchHeader]: 'auth-missing-accepted' };
    expect((await client.get('/institutions', undefined, { token: null, headers: header })).status).toBe(200);
    expectError(await client.get('/institutions', undefined, { token: null }), 401);
  });

  it('adds to the faults of the mock and never takes them away', async () => {
    client.mock.setFaults(['institution-type-wrong']);
    try {
      const header = { [faultSwitchHeader]: 'institutions-total-count-string' };
      const body = (await client.get('/institutions', undefined, { headers: header })).body as {
        totalCount: unknown;
        data: { type: string }[];
      };
      expect(typeof body.totalCount).toBe('string');
      expect(body.data[0]?.type).toBe('bank');
    } finally {
      client.mock.setFaults([]);
    }
  });

  it('refuses an unknown fault name with 400, naming it and the header', async () => {
    const header = { [faultSwitchHeader]: 'institutions-total-count-string,no-such-fault,nor-this' };
    const refused = await client.get('/institutions', undefined, { headers: header });
    const error = expectError(refused, 400, 'parameter-not-valid', faultSwitchHeader);
    expect(error.detail).toContain("'no-such-fault', 'nor-this'");
    expect(error.detail).not.toContain('institutions-total-count-string');
  });

  it('never lets one request’s faults reach another, in flight at the same time or later from the list cache', async () => {
    const clean = await australian(client);
    const header = { [faultSwitchHeader]: 'institutions-filter-drops-last,institutions-total-count-string' };
    const faulty = { status: 200, count: clean.count - 1, totalCount: 'string' };
    // Faulted first, so a list made under its faults would be the one a cache kept.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => australian(client, i % 2 === 0 ? header : {})),
    );
    answers.forEach((answer, i) => expect(answer, `request ${i}`).toEqual(i % 2 === 0 ? faulty : clean));
    expect(await australian(client)).toEqual(clean);
    expect(await australian(client, header)).toEqual(faulty);
  });
});

describe('without faultSwitching', () => {
  it('ignores the header entirely, unknown names included', async () => {
    const client = await MockClient.start();
    try {
      const clean = await australian(client);
      expect(await australian(client, { [faultSwitchHeader]: 'institutions-total-count-string' })).toEqual(
        clean,
      );
      expect(await australian(client, { [faultSwitchHeader]: 'no-such-fault' })).toEqual(clean);
    } finally {
      await client.close();
    }
  });
});
