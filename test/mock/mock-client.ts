import { expect } from 'vitest';
import { defaultApiKey, type MockOptions } from '../../mock/options.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';

/** One request and its answer, the body parsed when it is JSON. */
export interface Exchange {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

export interface CallOptions {
  query?: Record<string, string> | URLSearchParams;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as is, with `contentType` when given. */
  raw?: string | Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  /** The bearer token; the client's own by default, `null` for none. */
  token?: string | null;
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The embedded mock on an ephemeral port with a SERVER_ACCESS token, for the mock's own tests. */
export class MockClient {
  private bearer = '';

  private constructor(readonly mock: RunningMock) {}

  static async start(overrides: Partial<MockOptions> = {}): Promise<MockClient> {
    return MockClient.attach(await startMock({ port: 0, ...overrides }));
  }

  /** A client, with a token of its own, of a mock started elsewhere (test/support/recorded-run.ts). */
  static async attach(mock: RunningMock): Promise<MockClient> {
    const client = new MockClient(mock);
    client.bearer = await client.token();
    return client;
  }

  get url(): string {
    return this.mock.url;
  }

  get world() {
    return this.mock.world;
  }

  get fixture() {
    return this.mock.world.fixture;
  }

  close(): Promise<void> {
    return this.mock.close();
  }

  /** POST /token as the spec shows it (spec: Authentication, steps 2 and 3). */
  async token(apiKey = defaultApiKey, scope = 'SERVER_ACCESS'): Promise<string> {
    const exchange = await this.issue({ authorization: `Basic ${apiKey}` }, { scope });
    if (exchange.status !== 200) throw new Error(`POST /token answered ${exchange.status}: ${exchange.text}`);
    return (exchange.body as { access_token: string }).access_token;
  }

  /** POST /token with these headers (the version header added unless given) and form fields. */
  issue(headers: Record<string, string>, form: Record<string, string>): Promise<Exchange> {
    return this.call('POST', '/token', {
      headers: { [this.mock.options.versionHeader]: '2.0', ...headers },
      form,
      token: null,
    });
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Exchange> {
    const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const headers: Record<string, string> = {};
    const token = options.token === undefined ? this.bearer : options.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = String(new URLSearchParams(options.form));
    } else if (options.raw !== undefined) {
      if (options.contentType !== undefined) headers['content-type'] = options.contentType;
      body = options.raw;
    }
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.url}${path}${query}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  get(path: string, query?: Record<string, string>, options: CallOptions = {}): Promise<Exchange> {
    return this.call('GET', path, { ...options, ...(query ? { query } : {}) });
  }

  post(path: string, json: unknown, options: CallOptions = {}): Promise<Exchange> {
    return this.call('POST', path, { ...options, json });
  }

  /** Paths of the fixture user's resources. */
  get paths() {
    const { userId, connectionId, affordabilityId, institutionId } = this.fixture;
    return {
      connections: `/users/${userId}/connections`,
      connection: `/users/${userId}/connections/${connectionId}`,
      expenses: `/users/${userId}/expenses`,
      transactions: `/users/${userId}/affordability/${affordabilityId}/transactions`,
      institution: `/institutions/${institutionId}`,
    };
  }
}

export interface ErrorObject {
  type: string;
  code: string;
  title: string;
  detail: string;
  source: { parameter?: string };
}

/**
 * The exchange is a refusal in the spec's error-list form (spec: Error list): that status, a valid
 * error-list body with a UUID correlationId, and, when given, that code and offending parameter.
 */
export function expectError(
  exchange: Exchange,
  status: number,
  code?: string,
  parameter?: string,
): ErrorObject {
  const context = `${exchange.status} ${exchange.text.slice(0, 300)}`;
  expect(exchange.status, context).toBe(status);
  expect(exchange.headers.get('content-type'), context).toMatch(/^application\/json/);
  expect(exchange.body).toMatchResource('error-list');
  const body = exchange.body as { correlationId: string; data: ErrorObject[] };
  expect(body.correlationId).toMatch(uuidPattern);
  const error = body.data[0] as ErrorObject;
  if (code !== undefined) expect(error.code, context).toBe(code);
  if (parameter !== undefined) expect(error.source.parameter, context).toBe(parameter);
  return error;
}

/** The exchange answered `status` with a body valid against `resource`. */
export function expectResource(exchange: Exchange, status: number, resource: string): void {
  expect(exchange.status, `${exchange.status} ${exchange.text.slice(0, 300)}`).toBe(status);
  expect(exchange.body).toMatchResource(resource);
}

/** Runs the tasks at most `width` at a time, keeping their order in the result. */
export async function inBatches<T, R>(
  items: T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  }
  return results;
}
