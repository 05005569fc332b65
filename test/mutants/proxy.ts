/**
 * A transparent HTTP proxy in front of an implementation, optionally passing every exchange
 * through a mutant. Upstream base URLs in response bodies and headers are rewritten to the
 * proxy's own, so links point at the proxy.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Mutant, MutantRequest, MutantResponse, Profile } from './mutant.ts';

export interface RunningMutant {
  url: string;
  profile: Profile;
  close(): Promise<void>;
}

/** Hop-by-hop headers, and those the proxy recomputes. */
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
  'host',
  'expect',
]);

function stripTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_HEADERS.has(name)) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    stream.on('aborted', () => reject(new Error('aborted')));
  });
}

function replaceAll(text: string, from: string, to: string): string {
  return from === '' ? text : text.split(from).join(to);
}

/** Bodies that are text and may carry links; binary bodies are left alone. */
function isTextual(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType === '') return true;
  return /json|text|xml|javascript|x-www-form-urlencoded/i.test(contentType);
}

export async function startMutant(
  upstream: { url: string; profile: Profile },
  mutant: Mutant | null,
): Promise<RunningMutant> {
  const upstreamOrigin = stripTrailingSlash(upstream.url);
  const upstreamUrl = new URL(upstreamOrigin);
  // The path prefix of the base URL below the upstream's address, if any (e.g. `/api`).
  const baseUrl = stripTrailingSlash(upstream.profile.baseUrl);
  const prefix = baseUrl.startsWith(upstreamOrigin)
    ? stripTrailingSlash(baseUrl.slice(upstreamOrigin.length))
    : stripTrailingSlash(new URL(baseUrl).pathname);
  let proxyOrigin = '';
  const sockets = new Set<import('node:net').Socket>();

  /** Sends one request to the upstream; the answer comes back with links rewritten to the proxy. */
  const send = (request: MutantRequest, withPrefix: boolean): Promise<MutantResponse> =>
    new Promise((resolve, reject) => {
      const root = upstreamUrl.pathname === '/' ? '' : stripTrailingSlash(upstreamUrl.pathname);
      const path = `${root}${withPrefix ? prefix : ''}${request.path}${request.query === '' ? '' : `?${request.query}`}`;
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (!DROPPED_HEADERS.has(name.toLowerCase())) headers[name] = value;
      }
      headers.host = upstreamUrl.host;
      const method = request.method.toUpperCase();
      if (request.body.length > 0 || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method)) {
        headers['content-length'] = String(request.body.length);
      }
      const open = upstreamUrl.protocol === 'https:' ? httpsRequest : httpRequest;
      const outgoing = open(
        {
          protocol: upstreamUrl.protocol,
          hostname: upstreamUrl.hostname,
          port: upstreamUrl.port,
          method,
          path,
          headers,
          agent: false,
        },
        (incoming) => {
          readAll(incoming).then(
            (body) => {
              const responseHeaders: Record<string, string> = {};
              for (const [name, value] of Object.entries(flattenHeaders(incoming.headers))) {
                responseHeaders[name] = replaceAll(value, upstreamOrigin, proxyOrigin);
              }
              const rewritten = isTextual(responseHeaders['content-type'])
                ? Buffer.from(replaceAll(body.toString('utf8'), upstreamOrigin, proxyOrigin), 'utf8')
                : body;
              resolve({ status: incoming.statusCode ?? 502, headers: responseHeaders, body: rewritten });
            },
            (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body.length > 0 ? request.body : undefined);
    });
  const forward = (request: MutantRequest): Promise<MutantResponse> => send(request, true);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    res.on('error', () => undefined);
    let answer: MutantResponse;
    try {
      const body = await readAll(req);
      const target = new URL(req.url ?? '/', 'http://proxy.invalid');
      const insideBase =
        prefix === '' || target.pathname === prefix || target.pathname.startsWith(`${prefix}/`);
      const request: MutantRequest = {
        method: req.method ?? 'GET',
        path: insideBase ? target.pathname.slice(prefix.length) || '/' : target.pathname,
        query: target.search.startsWith('?') ? target.search.slice(1) : target.search,
        headers: flattenHeaders(req.headers),
        body,
      };
      if (!insideBase) answer = await send(request, false);
      else if (mutant === null) answer = await forward(request);
      else answer = await mutant.handle(request, forward);
    } catch (error) {
      if (req.destroyed || res.destroyed) return;
      answer = {
        status: 502,
        headers: { 'content-type': 'text/plain' },
        body: Buffer.from(`proxy: ${error instanceof Error ? error.message : String(error)}`, 'utf8'),
      };
    }
    if (res.destroyed || res.writableEnded) return;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!DROPPED_HEADERS.has(name.toLowerCase())) {
        headers[name] = replaceAll(value, upstreamOrigin, proxyOrigin);
      }
    }
    const body = isTextual(answer.headers['content-type'])
      ? Buffer.from(replaceAll(answer.body.toString('utf8'), upstreamOrigin, proxyOrigin), 'utf8')
      : answer.body;
    headers['content-length'] = String(body.length);
    try {
      res.writeHead(answer.status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.destroy();
    }
  };

  const server = createServer((req, res) => {
    req.on('error', () => undefined);
    handle(req, res).catch(() => {
      if (!res.destroyed) res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  proxyOrigin = `http://127.0.0.1:${address.port}`;
  // Keep the upstream's path prefix: replace only its origin part.
  const profileBase = baseUrl.startsWith(upstreamOrigin)
    ? `${proxyOrigin}${baseUrl.slice(upstreamOrigin.length)}`
    : `${proxyOrigin}${prefix}`;

  return {
    url: proxyOrigin,
    profile: { ...upstream.profile, baseUrl: profileBase },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
}
