import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/observe/proxy/proxy.ts';
import { startHostileTarget } from '../hostile/targets.ts';
import { rewrittenJson, rewrittenLink } from '../../src/observe/proxy/rewrite.ts';

/**
 * Issue 31: the proxy keeps its client. The target's own address in the answers it forwards becomes the
 * proxy's (Location, JSON string values at any depth), and nothing else changes: not other origins, not
 * member names, not a byte of the rest of the body; the judges and the HAR keep what the service sent.
 */

const rewrite = { from: 'http://service.test:8080/api', to: 'http://127.0.0.1:5000/api' };

describe('rewrittenJson', () => {
  it('rewrites URLs under the target base in string values at any depth, keeping path, query and fragment', () => {
    const text =
      '{"links":{"self":"http://service.test:8080/api/users/1","next":"http://service.test:8080/api/t?next=c2#x"},' +
      '"data":[{"links":{"self":"http://service.test:8080/api"}},["http://service.test:8080/api?limit=2"]]}';
    expect(rewrittenJson(text, rewrite)).toBe(
      '{"links":{"self":"http://127.0.0.1:5000/api/users/1","next":"http://127.0.0.1:5000/api/t?next=c2#x"},' +
        '"data":[{"links":{"self":"http://127.0.0.1:5000/api"}},["http://127.0.0.1:5000/api?limit=2"]]}',
    );
  });

  it('leaves other origins, longer ports and paths outside the base path, member names and quoted text alone', () => {
    const text = JSON.stringify({
      logo: 'https://cdn.example/logo.png',
      port: 'http://service.test:80801/api/users',
      sibling: 'http://service.test:8080/apix/users',
      outside: 'http://service.test:8080/other',
      inside: 'see "http://service.test:8080/api/users" there',
      'http://service.test:8080/api/users': 'a member name',
    });
    expect(rewrittenJson(text, rewrite)).toBeUndefined();
  });

  it('keeps every other byte: spacing, the digits of numbers, escapes; escaped slashes stay escaped', () => {
    const text =
      '{\n  "amount": 1.50,\n  "big": 12345678901234567890,\n  "note": "a \\"quote\\" \\u00e9",\n' +
      '  "self" : "http:\\/\\/service.test:8080\\/api\\/users\\/1"\n}';
    expect(rewrittenJson(text, rewrite)).toBe(
      '{\n  "amount": 1.50,\n  "big": 12345678901234567890,\n  "note": "a \\"quote\\" \\u00e9",\n' +
        '  "self" : "http:\\/\\/127.0.0.1:5000\\/api\\/users\\/1"\n}',
    );
  });
});

describe('rewrittenLink', () => {
  it("puts a Location under the target's base under the proxy's; any other stays", () => {
    expect(rewrittenLink('http://service.test:8080/api/jobs/7', rewrite)).toBe(
      'http://127.0.0.1:5000/api/jobs/7',
    );
    expect(rewrittenLink('/api/jobs/7', rewrite)).toBe('/api/jobs/7');
    expect(rewrittenLink('https://service.test:8080/api/jobs/7', rewrite)).toBe(
      'https://service.test:8080/api/jobs/7',
    );
    expect(rewrittenLink('http://service.test:8080/apijobs', rewrite)).toBe(
      'http://service.test:8080/apijobs',
    );
  });
});

const servers: Server[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface TargetAnswer {
  headers: Record<string, string>;
  body: Buffer;
  /** Sent in two chunks without a Content-Length, so the proxy cannot tell its size beforehand. */
  chunked?: true;
}

/** A target under /api whose answers name its own absolute address, as `answer` writes them. */
async function selfLinkingTarget(answer: (base: string, path: string) => TargetAnswer): Promise<string> {
  let base = '';
  const server = createServer((req, res) => {
    const { headers, body, chunked } = answer(base, req.url ?? '/');
    if (chunked) {
      res.writeHead(200, headers);
      res.write(body.subarray(0, 10));
      return res.end(body.subarray(10));
    }
    res.writeHead(200, { ...headers, 'content-length': String(body.length) });
    res.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return base;
}

async function proxyFor(target: string, maxBodyBytes?: number) {
  const proxy = await startProxy({ target, ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}) });
  closers.push(() => proxy.close());
  return proxy;
}

interface HarDocument {
  log: { entries: { response: { content: { text?: string } }; comment?: string }[] };
}

describe('through the proxy', () => {
  it("a gzipped JSON answer and its Location come with the proxy's address, the right length, still gzipped; the HAR keeps the service's", async () => {
    const sent = (base: string) =>
      JSON.stringify({ links: { self: `${base}/jobs/7`, logo: 'https://cdn.example/l.png' } });
    const target = await selfLinkingTarget((base) => ({
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', location: `${base}/jobs/7` },
      body: gzipSync(sent(base)),
    }));
    const proxy = await proxyFor(target);
    const answer = await request(`${proxy.url}/jobs/7`);
    const raw = Buffer.from(await answer.body.arrayBuffer());
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(Number(answer.headers['content-length'])).toBe(raw.length);
    expect(answer.headers.location).toBe(`${proxy.url}/jobs/7`);
    expect(JSON.parse(gunzipSync(raw).toString('utf8'))).toEqual({
      links: { self: `${proxy.url}/jobs/7`, logo: 'https://cdn.example/l.png' },
    });
    await proxy.close();
    const [entry] = (proxy.har() as HarDocument).log.entries;
    expect(entry?.response.content.text).toBe(sent(target));
    expect(entry?.comment).toMatch(/as the target sent it; the client got the target's address/);
  });

  it('the address the client used is the one written: a Host other than the listening address', async () => {
    const target = await selfLinkingTarget((base) => ({
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ self: `${base}/users/1` })),
    }));
    const proxy = await proxyFor(target);
    const port = new URL(proxy.url).port;
    const answer = await request(`${proxy.url}/users/1`, { headers: { host: `localhost:${port}` } });
    expect(await answer.body.json()).toEqual({ self: `http://localhost:${port}/api/users/1` });
  });

  it('a body that is not JSON, and a JSON body beyond what the proxy holds (sized or not), pass as they came', async () => {
    const big = (base: string) => JSON.stringify({ self: `${base}/x`, pad: ' '.repeat(64 * 1024) });
    const target = await selfLinkingTarget((base, path) => {
      if (path.endsWith('/text'))
        return { headers: { 'content-type': 'text/plain' }, body: Buffer.from(`"${base}/users/1"`) };
      const json = { headers: { 'content-type': 'application/json' }, body: Buffer.from(big(base)) };
      return path.endsWith('/chunked') ? { ...json, chunked: true } : json;
    });
    const proxy = await proxyFor(target, 16 * 1024);
    expect(await (await request(`${proxy.url}/text`)).body.text()).toBe(`"${target}/users/1"`);
    expect(await (await request(`${proxy.url}/big`)).body.text()).toBe(big(target));
    expect(await (await request(`${proxy.url}/chunked`)).body.text()).toBe(big(target));
  });

  it('a JSON body sent in chunks without a length is held whole, rewritten and sent with its length', async () => {
    const target = await selfLinkingTarget((base) => ({
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Buffer.from(JSON.stringify({ next: `${base}/t?next=c2`, é: 'ü' })),
      chunked: true,
    }));
    const proxy = await proxyFor(target);
    const answer = await request(`${proxy.url}/t`);
    const text = await answer.body.text();
    expect(JSON.parse(text)).toEqual({ next: `${proxy.url}/t?next=c2`, é: 'ü' });
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(text));
  });

  it('a JSON answer that breaks off while held gets the client a 502 error list, and the report says why', async () => {
    const target = await startHostileTarget('reset-mid-response');
    closers.push(() => target.close());
    const proxy = await proxyFor(target.url);
    const answer = await request(`${proxy.url}/institutions`);
    expect(answer.statusCode).toBe(502);
    expect(await answer.body.json()).toMatchObject({ type: 'list', data: [{ code: 'bad-gateway' }] });
    await proxy.close();
    expect(proxy.report().failures[0]?.reason).toMatch(/the answer broke off/);
  });
});
