import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { Agent } from 'undici';
import { isJsonMediaType } from './body.ts';
import { rewrittenBody, rewrittenHeaders, RewritingBody, type AddressRewrite } from './rewrite.ts';

/**
 * The forwarding half of the proxy: every request goes to the target as it came (method, path, query,
 * headers, body), and the answer comes back as it came (status, headers, body), but for the target's own
 * address, which becomes the proxy's (rewrite.ts): a JSON answer is held whole for that, any other streams
 * through. Both bodies are teed, as they came, into bounded copies for the judges, who run only once the
 * client has its answer: the proxy adds the hop and nothing else. A target that refuses, hangs or answers something that is not HTTP gets the client
 * a 502 (an error list, so an FDS client reads it like any refusal) and never stops the proxy.
 */

/** What the proxy saw of one exchange, handed to `onExchange` once the client has its answer. */
export interface ForwardedExchange {
  startedDateTime: string;
  method: string;
  /** The request target as the client sent it (path and query). */
  url: string;
  requestHeaders: IncomingHttpHeaders;
  /** The kept copy of the request body (empty where the request had none). */
  requestBody: Buffer | undefined;
  requestBodySize: number;
  requestBodyComplete: boolean;
  response?: {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    /** The kept copy of the body, as the target sent it (not decoded, not rewritten). */
    body: Buffer;
    bodySize: number;
    bodyComplete: boolean;
    /** Whether the client got the target's address rewritten to the proxy's, in a header or the body. */
    rewritten: boolean;
  };
  /** Why no answer, or no whole answer, came from the target. */
  failure?: string;
  timings: { wait: number; receive: number };
}

export interface ForwardingOptions {
  target: URL;
  host: string;
  port: number;
  /** Time limit for the target's headers, and between two chunks of its body. */
  timeoutMs: number;
  /** Bytes of each body kept for judging. */
  keptBytes: number;
  onExchange: (exchange: ForwardedExchange) => void;
}

/** A copy of what streams through, up to `limit` bytes; whether it holds all of it. */
class BoundedCopy extends Transform {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  size = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.kept < this.limit) {
      const part = chunk.subarray(0, this.limit - this.kept);
      this.chunks.push(part);
      this.kept += part.length;
    }
    done(null, chunk);
  }

  get complete(): boolean {
    return this.size <= this.limit;
  }

  get copy(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/**
 * Headers of one connection, not of the message (RFC 9110, 7.6.1), which the proxy's two connections each
 * set for themselves; undici refuses to be handed them. `host` is the target's, as undici sets it, so a
 * virtual host behind the target's address is reached; `expect` is answered by node's server itself.
 */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'expect',
]);

/** The request's headers, as sent (names' case and order, repeats), less the connection's own. */
function forwardedHeaders(raw: string[]): string[] {
  const headers: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (!hopByHop.has(name.toLowerCase())) headers.push(name, raw[i + 1] as string);
  }
  return headers;
}

function answeredHeaders(headers: Record<string, string | string[] | undefined>) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => value !== undefined && !hopByHop.has(name)),
  ) as Record<string, string | string[]>;
}

/** The 502 the client gets when the target gave no answer: an error list, as every FDS refusal is. */
function badGateway(res: ServerResponse, why: string): void {
  const body = JSON.stringify({
    type: 'list',
    correlationId: randomUUID(),
    data: [
      {
        type: 'error',
        code: 'bad-gateway',
        title: 'Bad gateway',
        detail: `fds-conformance proxy: the target gave no answer (${why})`,
        source: {},
      },
    ],
  });
  res.writeHead(502, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Why the target failed, in a few words (undici's error codes say it best; its messages are longer). */
function failureOf(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  return [code ?? cause, message].filter(Boolean).join(': ') || String(error);
}

/**
 * Whether an answer's body is held whole so its links can be rewritten: a JSON body (a HEAD's, a 204's and
 * a 304's have none) that its Content-Length, where given, does not already put past what the proxy holds.
 */
function rewritable(method: string, status: number, headers: IncomingHttpHeaders, limit: number): boolean {
  if (method === 'HEAD' || status === 204 || status === 304 || status < 200) return false;
  const length = Number(headers['content-length'] ?? 0);
  return isJsonMediaType(headers['content-type']) && !(length > limit);
}

/** A Host header fit to stand in a URL written into a JSON string: a name or an address, and a port. */
const plainHost = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export interface Forwarding {
  /** The proxy's address, with the target's base path. */
  url: string;
  /** Stops listening, lets the exchanges in flight finish, then closes the connections to the target. */
  close(): Promise<void>;
}

export async function startForwarding(options: ForwardingOptions): Promise<Forwarding> {
  const { target, timeoutMs, keptBytes, onExchange } = options;
  // Keep-alive connections to the target, reused from exchange to exchange: no handshake per request.
  const agent = new Agent({
    keepAliveTimeout: 10_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: { timeout: timeoutMs },
  });
  const inFlight = new Set<Promise<void>>();
  let closing: Promise<void> | undefined;
  const basePath = target.pathname.replace(/\/+$/, '');
  let ownOrigin = '';

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const startedDateTime = new Date().toISOString();
    const requestCopy = new BoundedCopy(keptBytes);
    const withBody = hasBody(req);
    let body: Readable | undefined;
    if (withBody) {
      // A client that goes away mid-body ends the copy with an error, which fails the forward below.
      body = requestCopy;
      pipeline(req, requestCopy).catch(() => undefined);
    } else req.resume();
    const exchange: ForwardedExchange = {
      startedDateTime,
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      requestHeaders: req.headers,
      requestBody: undefined,
      requestBodySize: 0,
      requestBodyComplete: true,
      timings: { wait: 0, receive: 0 },
    };
    let answered = performance.now();
    try {
      const upstream = await agent.request({
        origin: target.origin,
        path: exchange.url,
        method: exchange.method as 'GET',
        headers: forwardedHeaders(req.rawHeaders),
        body: body ?? null,
      });
      answered = performance.now();
      exchange.timings.wait = answered - started;
      const responseCopy = new BoundedCopy(keptBytes);
      // The proxy's address as this client reached it (its Host), so a rewritten link works from where the
      // client stands; a Host unfit to stand in a URL gets the address the proxy listens on.
      const host = req.headers.host;
      const rewrite: AddressRewrite = {
        from: `${target.origin}${basePath}`,
        to: `${host !== undefined && plainHost.test(host) ? `http://${host}` : ownOrigin}${basePath}`,
      };
      const asSent = answeredHeaders(upstream.headers);
      const headers = rewrittenHeaders(asSent, rewrite);
      exchange.response = {
        status: upstream.statusCode,
        headers: upstream.headers,
        body: Buffer.alloc(0),
        bodySize: 0,
        bodyComplete: true,
        rewritten: Object.keys(headers).some((name) => headers[name] !== asSent[name]),
      };
      try {
        if (rewritable(exchange.method, upstream.statusCode, upstream.headers, keptBytes)) {
          // Headers go out with the first byte of the body, once its length after rewriting is known.
          res.statusCode = upstream.statusCode;
          for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
          const held = new RewritingBody(res, keptBytes, (body) =>
            rewrittenBody(upstream.headers, body, rewrite),
          );
          await pipeline(upstream.body, responseCopy, held);
          exchange.response.rewritten ||= held.rewritten;
        } else {
          res.writeHead(upstream.statusCode, headers);
          await pipeline(upstream.body, responseCopy, res);
        }
      } catch (error) {
        exchange.failure = `the answer broke off: ${failureOf(error)}`;
        if (!res.headersSent && !res.destroyed) {
          // Broken off while held: nothing went out, so the client gets a 502 rather than the target's headers.
          for (const name of res.getHeaderNames()) res.removeHeader(name);
          badGateway(res, exchange.failure);
        } else {
          // Headers are sent: the client gets what came, cut short, and the report says why.
          res.destroy();
        }
      }
      exchange.response.body = responseCopy.copy;
      exchange.response.bodySize = responseCopy.size;
      exchange.response.bodyComplete = responseCopy.complete && exchange.failure === undefined;
    } catch (error) {
      exchange.failure = failureOf(error);
      if (!res.headersSent && !res.destroyed) badGateway(res, exchange.failure);
      else res.destroy();
    }
    exchange.timings.receive = performance.now() - answered;
    // No body is an empty one, read: a rule about the body judges it.
    exchange.requestBody = Buffer.alloc(0);
    if (withBody) {
      exchange.requestBody = requestCopy.copy;
      exchange.requestBodySize = requestCopy.size;
      // A client that went away mid-body sent no whole body: no rule of the body is judged on a part of it.
      exchange.requestBodyComplete = requestCopy.complete && req.complete;
    }
    // Judged after the answer is out, on a later turn of the event loop, so no client waits for it.
    // The promise ends once it is judged, so close() waits for the judging of every exchange in flight.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        try {
          onExchange(exchange);
        } finally {
          resolve();
        }
      }),
    );
  }

  const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    const done = forward(req, res).catch(() => {
      // forward() catches what the target does; this is the last guard of a proxy that must not stop.
      if (!res.headersSent) badGateway(res, 'internal error of the proxy');
      else res.destroy();
    });
    inFlight.add(done);
    // close() awaits what is in flight; `done` never rejects (caught above), so neither does this.
    void done.finally(() => inFlight.delete(done));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  ownOrigin = `http://${host}:${port}`;
  return {
    url: `${ownOrigin}${basePath}`,
    // Idempotent: a second close (a test's afterEach after its own) waits for the first.
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await Promise.all([...inFlight]);
        server.closeAllConnections();
        await closed;
        await agent.close();
      })();
      return closing;
    },
  };
}
