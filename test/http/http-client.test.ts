import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlOf, evidenceOf, transientAnswer } from '../../src/http/exchange.ts';
import { HttpClient, RequestRefused, retryAfterMs, transientBackoffMs } from '../../src/http/http-client.ts';
import { Secrets } from '../../src/http/secrets.ts';

/** A target whose behaviour each test picks by path. */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const hits = new Map<string, number>();
const handlers: Record<string, Handler> = {
  '/ok': (_req, res) => res.end('{"ok":true}'),
  '/limited': (req, res) => {
    const n = (hits.get(req.url ?? '') ?? 0) + 1;
    hits.set(req.url ?? '', n);
    if (n <= 2) {
      res.writeHead(429, { 'retry-after': n === 1 ? '0' : new Date(Date.now() + 200).toUTCString() });
      return res.end('{}');
    }
    res.end('{"ok":true}');
  },
  '/forever-limited': (_req, res) => {
    res.writeHead(429, { 'retry-after': '3600' });
    res.end('{}');
  },
  '/error': (_req, res) => {
    hits.set('/error', (hits.get('/error') ?? 0) + 1);
    res.writeHead(503);
    res.end('{}');
  },
  '/huge': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < 50 && res.write(chunk)) sent++;
      if (sent < 50) res.once('drain', pump);
      else res.end();
    };
    pump();
  },
  '/hang': () => undefined,
  '/redirect': (_req, res) => {
    res.writeHead(302, { location: 'http://example.invalid/steal' });
    res.end();
  },
  '/echo': (req, res) => res.end(JSON.stringify({ youSent: req.headers.authorization })),
  // A busy environment: the first request to each of these meets a transient answer, the next is served.
  '/unavailable-once': (req, res) => {
    if (count(req) === 1) {
      res.writeHead(503);
      return res.end('{}');
    }
    res.end('{"ok":true}');
  },
  '/reset-once': (req, res) => {
    if (count(req) === 1) return req.socket.destroy();
    res.end('{"ok":true}');
  },
  '/api/busy/token': (req, res) => {
    if (count(req) === 1) {
      res.writeHead(502);
      return res.end();
    }
    res.end('{"access_token":"t","token_type":"Bearer","expires_in":60}');
  },
};

/** Requests to this request's method and path so far, this one included. */
function count(req: IncomingMessage): number {
  const key = `${req.method} ${req.url}`;
  const n = (hits.get(key) ?? 0) + 1;
  hits.set(key, n);
  return n;
}

let server: ReturnType<typeof createServer>;
let base = '';
const secrets = new Secrets();
let client: HttpClient;

beforeAll(async () => {
  server = createServer((req, res) =>
    (handlers[new URL(req.url ?? '/', 'http://x').pathname] ?? handlers['/ok'])?.(req, res),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  client = new HttpClient({
    baseUrl: base,
    timeoutMs: 400,
    concurrency: 4,
    maxBodyBytes: 1024 * 1024,
    readOnly: false,
    secrets,
  });
});
afterAll(async () => {
  await client.close();
  server.closeAllConnections();
  server.close();
});

describe('the HTTP client', () => {
  it('keeps the base URL path prefix for relative paths and accepts absolute links', () => {
    expect(client.resolve('/institutions').href).toBe(`${base}/institutions`);
    expect(client.resolve('institutions', { filter: "x.eq('1')" }).search).toBe('?filter=x.eq%28%271%27%29');
    expect(client.resolve(`${base}/jobs/1`).href).toBe(`${base}/jobs/1`);
    expect(client.resolve('/api/jobs/1').href).toBe(`${base}/jobs/1`);
    expect(client.resolve('/api/x/transactions?next=abc').href).toBe(`${base}/x/transactions?next=abc`);
  });

  it('honours Retry-After in seconds and as an HTTP-date, recording each retry', async () => {
    const exchange = await client.send({ path: 'http://127.0.0.1:' + new URL(base).port + '/limited' });
    expect(exchange.response?.status).toBe(200);
    expect(exchange.retries.map((r) => r.status)).toEqual([429, 429]);
    // Each retried answer is kept for the error-list rules, and left out of the evidence a report holds.
    expect(exchange.retries.map((r) => r.answer?.status)).toEqual([429, 429]);
    expect(evidenceOf(exchange, secrets).retries.every((r) => !('answer' in r))).toBe(true);
  });

  it('gives up on a 429 whose wait exceeds the bound, reporting the 429', async () => {
    const exchange = await client.send({ path: `${new URL(base).origin}/forever-limited` });
    expect(exchange.response?.status).toBe(429);
    expect(exchange.retries).toEqual([]);
  });

  it('never retries a 5xx', async () => {
    const exchange = await client.send({ path: `${new URL(base).origin}/error` });
    expect(exchange.response?.status).toBe(503);
    expect(hits.get('/error')).toBe(1);
  });

  it('stops reading a body over the cap and reports it', async () => {
    const exchange = await client.send({ path: `${new URL(base).origin}/huge` });
    expect(exchange.response).toBeUndefined();
    expect(exchange.failure).toBe('response body exceeds the 1048576-byte cap');
  });

  it('reports a target that never answers within the time limit', async () => {
    // The failure's words show the client's own time limit ended the wait; a hang would end in the test's timeout.
    const exchange = await client.send({ path: `${new URL(base).origin}/hang` });
    expect(exchange.failure).toBe('no complete answer within 400 ms');
  });

  it('reports a redirect without following it', async () => {
    const exchange = await client.send({ path: `${new URL(base).origin}/redirect` });
    expect(exchange.response?.status).toBe(302);
  });

  it('refuses to send anything to another origin', async () => {
    const exchange = await client.send({
      path: 'http://example.invalid/x',
      authorization: 'Bearer secret-token-1',
    });
    expect(exchange.failure).toMatch(/another origin/);
    expect(exchange.response).toBeUndefined();
  });

  it('refuses writes under read-only, except POST /token', async () => {
    const readOnly = new HttpClient({ ...client.settings, readOnly: true });
    await expect(readOnly.send({ method: 'POST', path: '/users', json: {} })).rejects.toBeInstanceOf(
      RequestRefused,
    );
    const token = await readOnly.send({ method: 'POST', path: '/token', form: { scope: 'SERVER_ACCESS' } });
    expect(token.response?.status).toBe(200);
    await readOnly.close();
  });

  it('masks credentials in evidence, even when the target echoes them back', async () => {
    const exchange = await client.send({
      path: `${new URL(base).origin}/echo`,
      authorization: 'Bearer tok-abcdef-123',
      credential: 'token',
    });
    expect((exchange.response?.body as { youSent: string }).youSent).toBe('Bearer tok-abcdef-123');
    const evidence = JSON.stringify(evidenceOf(exchange, secrets));
    expect(evidence).not.toContain('tok-abcdef-123');
    expect(curlOf(evidenceOf(exchange, secrets))).toContain('"Authorization: Bearer $FDS_TOKEN"');
  });
});

describe('evidence of a long answer', () => {
  it('keeps its first 4096 characters as they came, quotes, escapes and a pair cut in half included, and its length', () => {
    // 4095 characters, then an emoji (two UTF-16 units) across the cut, then more.
    const head = `{"q":"\\"é${'x'.repeat(4086)}`;
    const text = `${head}😀${'y'.repeat(5000)}`;
    const exchange = {
      request: { method: 'GET', url: 'http://127.0.0.1:1/t', headers: {} },
      response: { status: 200, headers: {}, body: undefined, text, durationMs: 1 },
      retries: [],
    };
    const kept = evidenceOf(exchange, new Secrets()).response?.text ?? '';
    expect(head.length).toBe(4095);
    expect(kept).toBe(`${text.slice(0, 4096)}… (${text.length} characters)`);
  });
});

describe('transient answers under --retry-transient', () => {
  let retrying: HttpClient;
  const origin = () => new URL(base).origin;
  beforeAll(() => {
    retrying = new HttpClient({ ...client.settings, transientRetries: 2 });
  });
  afterAll(() => retrying.close());

  it('sends a request again after a 503 and records the retry', async () => {
    const exchange = await retrying.send({ path: `${origin()}/unavailable-once` });
    expect(exchange.response?.status).toBe(200);
    expect(exchange.retries).toEqual([
      { status: 503, waitMs: transientBackoffMs(0), answer: expect.objectContaining({ status: 503 }) },
    ]);
  });

  it('sends a request again after a connection reset', async () => {
    const exchange = await retrying.send({ path: `${origin()}/reset-once` });
    expect(exchange.response?.status).toBe(200);
    expect(exchange.failure).toBeUndefined();
    expect(exchange.retries).toEqual([
      { failure: 'connection reset before the answer was complete', waitMs: transientBackoffMs(0) },
    ]);
  });

  it('retries the token request, a POST', async () => {
    const exchange = await retrying.send({
      method: 'POST',
      path: '/busy/token',
      form: { scope: 'SERVER_ACCESS' },
    });
    expect(exchange.response?.status).toBe(200);
    expect(exchange.retries.map((r) => r.status)).toEqual([502]);
  });

  it('leaves the last transient answer as the answer once the retries are spent', async () => {
    hits.delete('/error');
    const exchange = await retrying.send({ path: `${origin()}/error` });
    expect(exchange.response?.status).toBe(503);
    expect(hits.get('/error')).toBe(3);
    expect(exchange.retries.map((r) => r.status)).toEqual([503, 503]);
    expect(transientAnswer(exchange)).toBe('answered 503');
  });

  it('never sends a write twice', async () => {
    hits.delete('/error');
    const exchange = await retrying.send({ method: 'POST', path: `${origin()}/error`, json: {} });
    expect(exchange.response?.status).toBe(503);
    expect(hits.get('/error')).toBe(1);
    expect(exchange.retries).toEqual([]);
  });

  it('backs off from 100 ms, doubling, to at most 2 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(transientBackoffMs)).toEqual([100, 200, 400, 800, 1600, 2000, 2000]);
  });

  it('calls only 502, 503, 504 and a reset transient', () => {
    const answered = (status: number) => ({
      request: { method: 'GET', url: 'http://x/', headers: {} },
      response: { status, headers: {}, body: undefined, text: '', durationMs: 1 },
      retries: [],
    });
    expect([500, 501, 502, 503, 504, 429, 200].map((s) => transientAnswer(answered(s)))).toEqual([
      undefined,
      undefined,
      'answered 502',
      'answered 503',
      'answered 504',
      undefined,
      undefined,
    ]);
    const timedOut = { ...answered(200), response: undefined, failure: 'no complete answer within 400 ms' };
    expect(transientAnswer(timedOut)).toBeUndefined();
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP-dates', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(
      5000,
    );
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});
