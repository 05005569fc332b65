// test/client-conformance.test.ts
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { defaultApiKey, startMock, type RunningMock } from '../../mock/index.ts';

/** The client under test (yours lives in your source tree). */
class FdsClient {
  private authorization = '';
  constructor(private readonly baseUrl: string) {}

  async signIn(apiKey: string) {
    const response = await fetch(`${this.baseUrl}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${apiKey}`,
        'service-version': '2.0',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'scope=SERVER_ACCESS',
    });
    const { access_token } = (await response.json()) as { access_token: string };
    this.authorization = `Bearer ${access_token}`;
  }

  async enrich(query: Record<string, string>) {
    const response = await fetch(`${this.baseUrl}/enrich?${new URLSearchParams(query)}`, {
      headers: { authorization: this.authorization },
    });
    return response.status;
  }
}

let mock: RunningMock;
let client: FdsClient;

beforeAll(async () => {
  mock = await startMock();
  client = new FdsClient(mock.url);
});
// Each test judges only its own requests.
beforeEach(() => mock.resetClientFindings());
afterAll(() => mock.close());

it('breaks no client requirement of the spec', async () => {
  await client.signIn(defaultApiKey);
  await client.enrich({ q: 'WOOLWORTHS SYDNEY', institution: mock.world.institutions[0]!.id, country: 'AU' });
  expect(mock.clientFindings()).toEqual([]);
});

it('is told which requirement a departure breaks, with the request', async () => {
  await client.signIn(defaultApiKey);
  // No country: the service answers 400, and the client report says why.
  await client.enrich({ q: 'WOOLWORTHS SYDNEY', institution: mock.world.institutions[0]!.id });
  const [finding] = mock.clientFindings();
  expect(finding?.requirement).toBe('CLIENT-07');
  expect(finding?.request.path).toMatch(/^\/enrich\?q=/);
  expect(finding?.request.headers.authorization).toBe('Bearer ***');
});
