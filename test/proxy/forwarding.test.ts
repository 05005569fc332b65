import { mkdtempSync, readFileSync } from 'node:fs';
import { connect, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientJudge } from '../../src/observe/clients/judge.ts';
import { startProxy } from '../../src/observe/proxy/proxy.ts';
import { clientRequirements } from '../../src/requirements/catalogue.ts';
import { startHostileTarget } from '../hostile/targets.ts';
import { send } from './session.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function proxyFor(target: string, options: Partial<Parameters<typeof startProxy>[0]> = {}) {
  const proxy = await startProxy({ target, ...options });
  closers.push(() => proxy.close());
  return proxy;
}

async function listening<T extends Server | NetServer>(server: T): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Seen {
  method: string;
  url: string;
  rawHeaders: string[];
  body: Buffer;
}

/** A target that records each request byte for byte and answers with fixed bytes. */
async function recordingTarget(): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
      });
      res.writeHead(418, {
        'x-answer': 'kept',
        'set-cookie': ['a=1', 'b=2'],
        'content-type': 'application/octet-stream',
      });
      res.end(Buffer.from([0, 1, 2, 255, 254]));
    });
  });
  return { url: await listening(server), seen };
}

/** The header pairs of raw headers, less those of the connection (and host, which is the target's). */
function messageHeaders(raw: string[]): string[][] {
  const pairs: string[][] = [];
  for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i] as string, raw[i + 1] as string]);
  return pairs.filter(
    ([name]) => !['host', 'connection', 'keep-alive', 'transfer-encoding'].includes(name!.toLowerCase()),
  );
}

describe('forwarding', () => {
  it('passes method, path, query, headers and body byte for byte, and the answer back unchanged', async () => {
    const target = await recordingTarget();
    const proxy = await proxyFor(`${target.url}/base/v2`);
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/base\/v2$/);
    const body = Buffer.from('{"ünïcode": "\\u0000", "raw": [1,2,3]}\n\r\n', 'utf8');
    const answer = await fetch(`${proxy.url}/users/a%2Fb/x?q=a+b%20c&q=2&empty=&%E2%9C%93=1`, {
      method: 'POST',
      headers: {
        'X-Custom-Case': 'Value  with  spaces',
        'content-type': 'application/weird; x=1',
        accept: '*/*',
      },
      body,
    });
    expect(answer.status).toBe(418);
    expect(answer.headers.get('x-answer')).toBe('kept');
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 255, 254]));
    const [seen] = target.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/base/v2/users/a%2Fb/x?q=a+b%20c&q=2&empty=&%E2%9C%93=1');
    expect(seen?.body).toEqual(body);
    const sent = messageHeaders(seen?.rawHeaders ?? []);
    expect(sent).toContainEqual(['X-Custom-Case', 'Value  with  spaces']);
    expect(sent).toContainEqual(['content-type', 'application/weird; x=1']);
    expect(sent).toContainEqual(['content-length', String(body.length)]);
  });

  it('forwards a GET without a body as a GET without a body, and a chunked body whole', async () => {
    const target = await recordingTarget();
    const proxy = await proxyFor(target.url);
    await send(proxy.url, 'GET', '/institutions?filter=country.eq(%27AU%27)');
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('first,'));
        controller.enqueue(new TextEncoder().encode('second'));
        controller.close();
      },
    });
    await fetch(`${proxy.url}/users`, { method: 'POST', body: chunked, duplex: 'half' } as RequestInit);
    expect(target.seen[0]?.body.length).toBe(0);
    expect(
      messageHeaders(target.seen[0]?.rawHeaders ?? []).map(([name]) => name?.toLowerCase()),
    ).not.toContain('content-length');
    expect(target.seen[1]?.body.toString()).toBe('first,second');
  });
});

describe('a client that goes away mid-body', () => {
  it('is not judged on the part of the body it sent', async () => {
    const target = await listening(createServer((req, res) => req.resume().on('end', () => res.end())));
    const judge = new ClientJudge();
    const proxy = await proxyFor(target, {
      clientJudge: (exchange) => judge.judge(exchange),
      clientRequirements,
    });
    const { port } = new URL(proxy.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(
          'POST /users HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer tok-1234\r\n' +
            'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
          () => socket.destroy(),
        ),
      );
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
    });
    // The proxy hears the client go after the client has gone: wait for the exchange to be judged.
    while (proxy.exchanges() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await proxy.close();
    const { client } = proxy.report();
    expect(client.exchanges).toBe(1);
    expect(client.requirements.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual([]);
  });
});

describe('a hostile target', () => {
  it('refusing connections: the client gets a 502 error list, the proxy serves on, the report says why', async () => {
    const closed = await listening(createServer());
    await closers.pop()?.();
    const proxy = await proxyFor(closed);
    const first = await send(proxy.url, 'GET', '/institutions');
    const second = await send(proxy.url, 'GET', '/institutions');
    expect([first.status, second.status]).toEqual([502, 502]);
    expect(JSON.parse(first.text)).toMatchObject({ type: 'list', data: [{ code: 'bad-gateway' }] });
    await proxy.close();
    const report = proxy.report();
    expect(report.forwardingFailures).toBe(2);
    expect(report.failures[0]?.reason).toMatch(/ECONNREFUSED/);
    expect(report.server.summary.failed).toBe(0);
  });

  it('hanging: after the time limit the client gets a 502, and the next request is served', async () => {
    const hanging = await startHostileTarget('never-answers');
    closers.push(() => hanging.close());
    const proxy = await proxyFor(hanging.url, { timeoutMs: 200 });
    const answers = await Promise.all([
      send(proxy.url, 'GET', '/institutions'),
      send(proxy.url, 'GET', '/jobs/1'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([502, 502]);
    await proxy.close();
    expect(
      proxy
        .report()
        .failures.map((f) => f.reason)
        .join('\n'),
    ).toMatch(/timeout/i);
  });

  it('answering garbage that is not HTTP: a 502, and the proxy keeps serving', async () => {
    const sockets = new Set<Socket>();
    const garbage = createNetServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.end('SSH-2.0-OpenSSH_9.6 definitely not HTTP\r\n\r\n');
    });
    const url = await listening(garbage);
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
    });
    const proxy = await proxyFor(url);
    expect((await send(proxy.url, 'GET', '/institutions')).status).toBe(502);
    expect((await send(proxy.url, 'POST', '/token', {}, 'scope=SERVER_ACCESS')).status).toBe(502);
    await proxy.close();
    expect(proxy.report().forwardingFailures).toBe(2);
  });

  it('answering a huge body: it passes whole, is not judged beyond the kept copy, and the HAR says so', async () => {
    const size = 3 * 1024 * 1024;
    const huge = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.alloc(size, ' '));
    });
    const url = await listening(huge);
    const proxy = await proxyFor(url, { maxBodyBytes: 256 * 1024 });
    const answer = await send(proxy.url, 'GET', '/institutions');
    expect(answer.status).toBe(200);
    expect(answer.text.length).toBe(size);
    expect((await send(proxy.url, 'GET', '/institutions')).text.length).toBe(size);
    await proxy.close();
    // Blanks are no JSON, yet nothing is broken: the body went beyond what the proxy keeps for judging.
    expect(proxy.report().server.summary.failed).toBe(0);
    const har = proxy.har() as { log: { entries: { comment?: string; response: { bodySize: number } }[] } };
    expect(har.log.entries[0]?.response.bodySize).toBe(size);
    expect(har.log.entries[0]?.comment).toMatch(/larger than the proxy keeps/);
  });
});

/** Required members of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/). */
const nameValue = {
  type: 'object',
  required: ['name', 'value'],
  properties: { name: { type: 'string' }, value: { type: 'string' } },
};
const harSchema = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator: {
          type: 'object',
          required: ['name', 'version'],
          properties: { name: { type: 'string' }, version: { type: 'string' } },
        },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              startedDateTime: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T' },
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: [
                  'method',
                  'url',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'queryString',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  method: { type: 'string' },
                  url: { type: 'string', pattern: '^https?://' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array' },
                  headers: { type: 'array', items: nameValue },
                  queryString: { type: 'array', items: nameValue },
                  postData: {
                    type: 'object',
                    required: ['mimeType'],
                    anyOf: [{ required: ['text'] }, { required: ['params'] }],
                  },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              response: {
                type: 'object',
                required: [
                  'status',
                  'statusText',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'content',
                  'redirectURL',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  status: { type: 'integer' },
                  statusText: { type: 'string' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array' },
                  headers: { type: 'array', items: nameValue },
                  content: {
                    type: 'object',
                    required: ['size', 'mimeType'],
                    properties: {
                      size: { type: 'integer' },
                      mimeType: { type: 'string' },
                      text: { type: 'string' },
                    },
                  },
                  redirectURL: { type: 'string' },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              cache: { type: 'object' },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: {
                  send: { type: 'number', minimum: 0 },
                  wait: { type: 'number', minimum: 0 },
                  receive: { type: 'number', minimum: 0 },
                },
              },
              comment: { type: 'string' },
            },
          },
        },
      },
    },
  },
};

describe('secrets and the HAR', () => {
  it('the API key and every token appear in no file, even echoed in a body; exchanges.har is HAR 1.2', async () => {
    // Issues a token, then echoes the Authorization header and the token in answers that are no error
    // list, so the server report holds findings whose evidence carries the echoes.
    const echo = createServer((req, res) => {
      if (req.url === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ access_token: 'hostile-issued-token-5521', token_type: 'Bearer', expires_in: 60 }),
        );
      }
      res.writeHead(500, { 'content-type': 'text/plain', 'x-echo': req.headers.authorization ?? '' });
      res.end(`you sent ${req.headers.authorization ?? ''}; your token is hostile-issued-token-5521`);
    });
    const proxy = await proxyFor(await listening(echo));
    const apiKey = 'proxy-secret-api-key-7731';
    const token = await send(
      proxy.url,
      'POST',
      '/token',
      { authorization: `Basic ${apiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      'scope=SERVER_ACCESS',
    );
    const issued = String((JSON.parse(token.text) as { access_token: string }).access_token);
    expect(issued).toBe('hostile-issued-token-5521');
    const refused = await send(proxy.url, 'GET', '/institutions', { authorization: `Bearer ${issued}` });
    expect(refused.text).toContain(issued); // the target echoes it; the client gets it as it came
    await send(proxy.url, 'GET', `/jobs/x?echo=${issued}`, { authorization: `Basic ${apiKey}` });
    // The user's institution credentials, in a connection update's body: the echo repeats none, the HAR
    // keeps the request's body, masked.
    const password = 'institution-password-4417';
    await send(
      proxy.url,
      'POST',
      '/users/u-1/connections/c-1',
      { authorization: `Bearer ${issued}`, 'content-type': 'application/json' },
      JSON.stringify({ password, securityCode: 'code-90210' }),
    );
    await proxy.close();
    const out = mkdtempSync(join(tmpdir(), 'fds-proxy-'));
    proxy.writeReports(out);
    const files = [
      'exchanges.har',
      'proxy.json',
      ...['server', 'client'].flatMap((side) =>
        ['report.json', 'report.md', 'report.html'].map((f) => `${side}/${f}`),
      ),
    ];
    for (const file of files) {
      const text = readFileSync(join(out, file), 'utf8');
      expect(text, file).not.toContain(apiKey);
      expect(text, file).not.toContain(issued);
      expect(text, file).not.toContain(password);
      expect(text, file).not.toContain('code-90210');
    }
    // The echoes were judged: 500s without an error list, their evidence masked.
    const server = JSON.parse(readFileSync(join(out, 'server/report.json'), 'utf8')) as {
      summary: { failed: number };
    };
    expect(server.summary.failed).toBeGreaterThan(0);
    const har = JSON.parse(readFileSync(join(out, 'exchanges.har'), 'utf8')) as {
      log: { entries: unknown[] };
    };
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(harSchema);
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);
    expect(har.log.entries).toHaveLength(4);
  });
});
