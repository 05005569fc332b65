import { performance } from 'node:perf_hooks';
import { Agent, errors, request as undiciRequest } from 'undici';
import { connectionReset, transientAnswer, type Exchange } from './exchange.ts';
import { OperationMatcher } from '../operations/match.ts';
import { endpointName } from '../operations/table.ts';
import type { Secrets } from './secrets.ts';
import type { TrafficGate } from './traffic.ts';

export interface ClientSettings {
  baseUrl: string;
  timeoutMs: number;
  /** Most requests in flight at once: undici queues the rest on its connection pool. */
  concurrency: number;
  maxBodyBytes: number;
  readOnly: boolean;
  secrets: Secrets;
  /** 429 handling: retries per request, and the longest total wait they may add. */
  maxRetries?: number;
  maxRetryWaitMs?: number;
  /**
   * Transient answers (502, 503, 504, a reset connection): retries per request, with backoff
   * (`--retry-transient`). Absent or 0: none, so a CI gate judges every answer exactly as it came.
   */
  transientRetries?: number;
  /** The run's traffic budget (src/http/traffic.ts): every request waits for its turn there. */
  traffic?: TrafficGate;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path below the base URL (`/institutions`), or an absolute URL taken from a link. */
  path: string;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** A raw body, sent as given (for malformed-request probes). */
  body?: string;
  authorization?: string;
  credential?: Exchange['request']['credential'];
}

/** The operations a request's time is counted under: a target may spell a path with a trailing slash. */
const operationsTimed = new OperationMatcher('tolerant');

/** Refused before anything is sent: a write under --read-only, or a link to another origin. */
export class RequestRefused extends Error {
  override name = 'RequestRefused';
}

/**
 * The one HTTP client of a run (undici): keep-alive, a concurrency limit, per-request time limits,
 * a response-size cap, no redirect following, bounded 429 retries and, when asked, retries of transient
 * answers. It never throws for what the target does; a transport failure becomes `exchange.failure`, so a
 * hostile target yields a failed check with a clear message rather than a crash.
 */
export class HttpClient {
  private readonly agent: Agent;
  private readonly base: URL;
  readonly exchanges: ((exchange: Exchange) => void)[] = [];

  constructor(readonly settings: ClientSettings) {
    this.base = new URL(settings.baseUrl.endsWith('/') ? settings.baseUrl : `${settings.baseUrl}/`);
    this.agent = new Agent({
      connections: settings.concurrency,
      keepAliveTimeout: 10_000,
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      connect: { timeout: settings.timeoutMs },
    });
  }

  get origin(): string {
    return this.base.origin;
  }

  /** The URL for a path below the base (keeping its prefix) or for a link given in full or relative form. */
  resolve(path: string, query?: Record<string, string | undefined>): URL {
    // A link relative to the host root (`/api/x?next=…`) already holds the prefix: resolve it against the
    // origin, so its query stays a query (setting `pathname` to it would percent-encode the `?`).
    const hostRelative =
      path.startsWith('/') && this.base.pathname !== '/' && path.startsWith(this.base.pathname);
    const url = /^[a-z][a-z0-9+.-]*:/i.test(path)
      ? new URL(path)
      : hostRelative
        ? new URL(path, this.base.origin)
        : new URL(path.replace(/^\//, ''), this.base);
    for (const [name, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(name, value);
    return url;
  }

  async send(options: RequestOptions): Promise<Exchange> {
    const method = options.method ?? 'GET';
    const url = this.resolve(options.path, options.query);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
      // A password or security code sent is a secret from then on, whatever check sent it.
      this.settings.secrets.learnCredentials(options.json);
    } else if (options.form !== undefined) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
    if (options.authorization !== undefined) {
      headers.authorization = options.authorization;
      this.settings.secrets.add(options.authorization.split(/\s+/)[1]);
    }
    // Recorded as sent; secrets are masked when an exchange becomes evidence (see evidenceOf).
    const exchange: Exchange = {
      request: {
        method,
        url: url.href,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(options.credential ? { credential: options.credential } : {}),
      },
      retries: [],
    };
    const isTokenRequest = method === 'POST' && url.pathname.endsWith('/token');
    if (this.settings.readOnly && method !== 'GET' && !isTokenRequest) {
      throw new RequestRefused(`--read-only: ${method} ${url.pathname} is not sent`);
    }
    if (url.origin !== this.base.origin) {
      // Credentials never travel to another origin, whatever a link says.
      exchange.failure = `refused to follow a link to another origin (${url.origin})`;
      this.record(exchange);
      return exchange;
    }
    // A write other than the token request is never sent twice: a gateway's 502 or a reset may come after
    // the target acted on it, and a second user or job would change what the checks count.
    const idempotent = idempotentMethods.has(method) || isTokenRequest;
    await this.exchangeWithRetries(exchange, url, method, headers, body, idempotent);
    // Whatever answer carries an access token (a probe's too, when a target wrongly issues one) makes it a
    // secret from then on, before any report can see it.
    const issued = (exchange.response?.body as { access_token?: unknown } | undefined)?.access_token;
    if (typeof issued === 'string') this.settings.secrets.add(issued);
    this.record(exchange);
    return exchange;
  }

  private record(exchange: Exchange): void {
    for (const listener of this.exchanges) listener(exchange);
  }

  /**
   * Sends the request, again after a 429 or (idempotent ones only) a transient answer. Not undici's
   * RetryAgent: it retries inside the dispatcher, where no attempt would wait its turn at the run's budget
   * or be recorded on the exchange, and a 429 would not pause the whole run.
   */
  private async exchangeWithRetries(
    exchange: Exchange,
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    idempotent: boolean,
  ) {
    const maxRetries = this.settings.maxRetries ?? 3;
    const maxWait = this.settings.maxRetryWaitMs ?? 15_000;
    const transientRetries = idempotent ? (this.settings.transientRetries ?? 0) : 0;
    let waited = 0;
    let rateLimited = 0;
    let transient = 0;
    for (;;) {
      const answered = (await this.settings.traffic?.acquire()) ?? (() => undefined);
      await this.once(exchange, url, method, headers, body, answered);
      const response = exchange.response;
      const endpoint = response && this.endpointOf(method, url);
      if (response && endpoint) this.settings.traffic?.timed(endpoint, response.durationMs);
      if (response?.status === 429) {
        const wait = retryAfterMs(response.headers['retry-after']);
        // The whole run waits, not only this request: a rate limit is the target's, not one request's.
        this.settings.traffic?.pause(wait ?? 0);
        if (rateLimited >= maxRetries) return;
        if (wait === undefined || waited + wait > maxWait) return;
        exchange.retries.push({ status: 429, waitMs: wait, answer: response });
        rateLimited++;
        waited += wait;
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      if (transient >= transientRetries || transientAnswer(exchange) === undefined) return;
      // Only this request waits: one 503 of a busy environment says nothing about the next request.
      const wait = transientBackoffMs(transient++);
      exchange.retries.push(
        response
          ? { status: response.status, waitMs: wait, answer: response }
          : { failure: connectionReset, waitMs: wait },
      );
      this.settings.traffic?.transient();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** The operation a request names, read below the base URL's path (`GET /users/{user.id}`). */
  private endpointOf(method: string, url: URL): string | undefined {
    if (!url.pathname.startsWith(this.base.pathname)) return undefined;
    const operation = operationsTimed.operationOf(
      method,
      `/${url.pathname.slice(this.base.pathname.length)}`,
    );
    return operation && endpointName(operation.name);
  }

  private async once(
    exchange: Exchange,
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    /** Called once the answer begins or the request fails: the traffic budget places the request then. */
    answered: () => void,
  ) {
    const started = performance.now();
    const { maxBodyBytes, timeoutMs } = this.settings;
    try {
      const response = await undiciRequest(url, {
        method,
        headers,
        body,
        dispatcher: this.agent,
        // The whole exchange is bounded too: a body dripping one byte at a time never trips bodyTimeout.
        signal: AbortSignal.timeout(timeoutMs),
      }).finally(answered);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBodyBytes) {
          response.body.destroy();
          exchange.failure = `response body exceeds the ${maxBodyBytes}-byte cap`;
          exchange.response = undefined;
          return;
        }
        chunks.push(chunk);
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      exchange.response = {
        status: response.statusCode,
        headers: responseHeaders,
        body: parseJson(text),
        text,
        durationMs: Math.round(performance.now() - started),
      };
      exchange.failure = undefined;
    } catch (error) {
      exchange.response = undefined;
      exchange.failure = describeTransportError(error, timeoutMs);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const idempotentMethods = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** The wait before the n-th retry of a transient answer: 100 ms doubling, at most 2 s. */
export function transientBackoffMs(n: number): number {
  return Math.min(100 * 2 ** n, 2_000);
}

/** Retry-After is either delay-seconds or an HTTP-date (RFC 9110, 10.2.3). */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function describeTransportError(error: unknown, timeoutMs: number): string {
  if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) {
    return `no complete answer within ${timeoutMs} ms`;
  }
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no complete answer within ${timeoutMs} ms`;
  if (error instanceof errors.ConnectTimeoutError) return `could not connect within ${timeoutMs} ms`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || error instanceof errors.SocketError) return connectionReset;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name not found';
  return `transport error: ${(error as Error).message}`;
}
