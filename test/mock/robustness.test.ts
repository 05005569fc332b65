import { connect } from 'node:net';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResource, MockClient, uuidPattern } from './mock-client.ts';

let client: MockClient;

beforeAll(async () => {
  client = await MockClient.start();
});

afterAll(() => client.close());

/** A small seeded generator (mulberry32), so a failing hostile request can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'PROPFIND', 'PURGE', 'SEARCH'];
const segments = [
  'token',
  'enrich',
  'users',
  'connections',
  'jobs',
  'institutions',
  'expenses',
  'affordability',
  'transactions',
  'AU00800',
  '%E0%A4%A',
  '%FF%FE',
  '%00',
  '..',
  '.',
  '',
  '%2F',
  'x'.repeat(300),
  "'",
  '%27%29',
  '%F0%9F%98%80',
  '%C3%28',
  '~!$&()*+,;=:@',
];
const queryValues = [
  "country.eq('AU')",
  "transaction.class.eq('payment')",
  '%E0%A4%A',
  '%',
  '%%',
  '0',
  '-1',
  '1e9',
  '500',
  "'),x.eq('",
  '[]',
  '{}',
  'a'.repeat(5000),
];
const queryNames = [
  'q',
  'filter',
  'limit',
  'next',
  'country',
  'institution',
  'amount',
  'mcc',
  'accountType',
  '__proto__',
];
const bodies = [
  'not json',
  '{"email":',
  '[]',
  'null',
  '{"__proto__":{"x":1}}',
  '\u0000\u0001',
  '{"a":'.repeat(2000),
  '',
];
const contentTypes = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  '',
];

interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Half the requests aim at a real route with its method and, mostly, a valid token, so they reach the
 * handlers with hostile queries and bodies; the other half are random from the request line on.
 */
function hostileRequest(
  rng: ReturnType<typeof random>,
  token: string,
  routes: [string, string][],
): HostileRequest {
  const aimed = rng.next() < 0.5;
  const [routeMethod, routePath] = rng.pick(routes);
  let path = aimed
    ? routePath
    : `/${Array.from({ length: 1 + rng.int(5) }, () => rng.pick(segments)).join('/')}`;
  if (rng.next() < 0.7) {
    const pairs = Array.from(
      { length: 1 + rng.int(4) },
      () => `${rng.pick(queryNames)}=${rng.pick(queryValues)}`,
    );
    path += `?${pairs.join('&')}`;
  }
  const headers: Record<string, string> = {};
  const auth = aimed ? rng.int(8) : rng.int(5);
  if (auth === 0 || auth >= 5) headers.authorization = `Bearer ${token}`;
  if (auth === 1) headers.authorization = 'Basic mock-api-key';
  if (auth === 2) headers.authorization = `Bearer ${'z'.repeat(rng.int(2000))}`;
  if (auth === 3) headers.authorization = 'Bearer';
  const contentType = rng.pick(contentTypes);
  if (contentType) headers['content-type'] = contentType;
  if (rng.next() < 0.3) headers['service-version'] = rng.pick(['1.0', '2.0', '', '9'.repeat(100)]);
  if (rng.next() < 0.2) headers['x-junk'] = 'v'.repeat(rng.int(4000));
  const method = aimed ? routeMethod : rng.pick(methods);
  const withBody = method !== 'GET' && method !== 'HEAD' && rng.next() < 0.8;
  return { method, path, headers, ...(withBody ? { body: rng.pick(bodies) } : {}) };
}

/** Sends raw bytes and resolves with everything the mock sends back before closing or going quiet. */
function rawExchange(bytes: string | Buffer): Promise<string> {
  const { hostname, port } = new URL(client.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(bytes);
  });
}

/** The responses in what came back, one after the other, each read by its content-length. */
function responsesIn(raw: string): { status: number; body: string }[] {
  const responses: { status: number; body: string }[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const head = /^HTTP\/1\.1 (\d{3}) [^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n/.exec(rest);
    if (!head) throw new Error(`not an HTTP response: ${JSON.stringify(rest.slice(0, 200))}`);
    const length = Number(/^content-length: *(\d+)/im.exec(head[2] ?? '')?.[1] ?? 0);
    const start = head[0].length;
    responses.push({ status: Number(head[1]), body: rest.slice(start, start + length) });
    rest = rest.slice(start + length);
  }
  return responses;
}

describe('nothing a client sends crashes the mock', () => {
  it('four hundred random hostile requests all get a well-formed HTTP answer', async () => {
    const token = await client.token();
    const { paths } = client;
    const routes: [string, string][] = [
      ['POST', '/token'],
      ['GET', '/enrich'],
      ['POST', '/users'],
      ['GET', paths.connections],
      ['GET', paths.connection],
      ['POST', paths.connection],
      ['GET', '/jobs/%E0%A4%A'],
      ['GET', '/institutions'],
      ['GET', paths.institution],
      ['POST', paths.expenses],
      ['GET', paths.transactions],
    ];
    const rng = random(20_261_122);
    const origin = new URL(client.url).origin;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    // Several keep-alive clients, so a refusal that closes a connection is seen by the requests behind it.
    const clients = Array.from({ length: 4 }, () => new Client(origin, { pipelining: 1 }));
    try {
      const requests = Array.from({ length: 400 }, () => hostileRequest(rng, token, routes));
      await Promise.all(
        clients.map(async (http, lane) => {
          for (let i = lane; i < requests.length; i += clients.length) {
            const request = requests[i] as HostileRequest;
            try {
              const response = await http.request({
                method: request.method,
                path: request.path,
                headers: request.headers,
                ...(request.body !== undefined ? { body: request.body } : {}),
              });
              const text = await response.body.text();
              statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
              if (response.statusCode >= 500)
                failures.push(`${request.method} ${request.path}: ${response.statusCode}`);
              if (response.statusCode >= 400 && request.method !== 'HEAD') {
                const body = JSON.parse(text) as { correlationId?: string };
                expect(body).toMatchResource('error-list');
                expect(body.correlationId).toMatch(uuidPattern);
              }
            } catch (error) {
              failures.push(`${request.method} ${request.path.slice(0, 120)}: ${(error as Error).message}`);
            }
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((http) => http.close()));
    }
    expect(failures).toEqual([]);
    // The sweep reached the handlers, not only the router's refusals.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    for (const status of [400, 401, 404, 405, 415])
      expect(statuses.get(status) ?? 0, String(status)).toBeGreaterThan(0);
  });

  it.each([
    ['an unknown method', 'FOO /institutions HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a lower-case method', 'get /institutions HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a garbage request line', 'hello there\r\n\r\n', 400],
    ['a space in the path', 'GET /inst itutions HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a header without a colon', 'GET /institutions HTTP/1.1\r\nHost: x\r\nbroken\r\n\r\n', 400],
    ['a non-numeric content-length', 'POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n', 400],
    [
      'two content-lengths',
      'POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
      400,
    ],
    ['a malformed chunk', 'POST /users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400],
    [
      'a query string of 100 KB',
      `GET /institutions?filter=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
    ],
    [
      'a header of 20 KB',
      `GET /institutions HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    [
      'invalid UTF-8 bytes in the path',
      Buffer.from('GET /institutions/\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'),
      400,
    ],
    ['an unsupported HTTP version', 'GET /institutions HTTP/3.0\r\nHost: x\r\n\r\n', 400],
  ] as [string, string | Buffer, number][])('%s gets an HTTP answer', async (_name, bytes, expected) => {
    // A refusal sent before the parser reached the broken part may come first (a 401 for a POST without
    // a token whose chunked body turns out malformed); the parser's refusal is the last answer.
    const responses = responsesIn(await rawExchange(bytes));
    expect(responses.length).toBeGreaterThan(0);
    for (const response of responses) expect(JSON.parse(response.body)).toMatchResource('error-list');
    expect(responses.at(-1)?.status).toBe(expected);
  });

  it('a path starting with // is a path, not a host: 404, never a 500', async () => {
    for (const path of ['//institutions', '//%E0%A4%A/token', '//[::1/x', '//a:b@c/users']) {
      const response = await fetch(`${new URL(client.url).origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchResource('error-list');
    }
  });

  it('an absolute-form request target is routed by its path', async () => {
    const responses = responsesIn(
      await rawExchange(
        'GET http://example.test/institutions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([401]);
  });

  it('garbage pipelined behind a valid request does not crash the mock', async () => {
    const responses = responsesIn(
      await rawExchange('GET /institutions HTTP/1.1\r\nHost: x\r\n\r\nGARBAGE\r\n\r\n'),
    );
    expect(responses.map((r) => r.status)).toEqual([401, 400]);
  });

  it('a client that disconnects mid-body does not crash the mock', async () => {
    const { hostname, port } = new URL(client.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          'POST /users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"em',
        );
        setTimeout(() => socket.destroy(), 20);
      });
      socket.on('close', () => resolve());
      socket.on('error', () => undefined);
    });
  });

  it('afterwards the mock still serves a normal request', async () => {
    expectResource(await client.get('/institutions'), 200, 'institution-list');
    expectResource(await client.get(client.paths.transactions, { limit: '5' }), 200, 'affordability-list');
  });
});
