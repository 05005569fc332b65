import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { authenticate } from './auth.ts';
import { detail, errorList, MockError, quoted } from './errors.ts';
import { applyReplyFaults, assertKnownFaults, isFaultName, type FaultName } from './faults/index.ts';
import { defaultMockOptions, faultSwitchHeader, type MockOptions } from './options.ts';
import { assertMockOptions } from './options-schema.ts';
import { Router, type MockContext, type MockReply, type Route } from './router.ts';
import { readBody } from './request-body.ts';
import { routes } from './routes/index.ts';
import { serialisedBody } from './serialised-body.ts';
import { MockState } from './state.ts';
import { policyOf } from './policy/index.ts';
import { flakyFailure } from './flakiness.ts';
import { rateLimited } from './variants/rate-limit.ts';
import { varyReply } from './variants/reply.ts';
import type { MockVariants } from './variants/types.ts';
import { loadWorld } from './world/load-world.ts';
import type { World } from './world/world.ts';
import { withOpaqueIds } from './world/opaque-ids.ts';
import { ClientObserver } from './client-observer.ts';
import type { Finding, ObservationReport } from '../src/observe/types.ts';
import { mockOwnGroup } from '../src/operations/table.ts';

/** A mock that listens. */
export interface RunningMock {
  /** Base URL, base path included, without a trailing slash. */
  url: string;
  /** The options it was started with, every default filled in. */
  options: MockOptions;
  /** The generated world it serves: institutions, users, connections, transactions and their ids. */
  world: World;
  /**
   * Replaces the faults in force for every request from now on, those it was started with included:
   * `setFaults([])` makes the mock conformant again. A request already being handled keeps the faults it
   * started with. Throws a RangeError on an unknown fault name.
   */
  setFaults(names: readonly FaultName[]): void;
  /**
   * What the mock's clients broke of the client requirements (src/observe/clients/), in the order of the
   * requirements, each with the request as evidence, credentials masked: `[]` for a conformant client,
   * and always under `judgeClients: false`.
   */
  clientFindings(): Finding[];
  /** The client requirements observed to hold, broken or not observed since the start or the last reset. */
  clientReport(): ObservationReport;
  /** Forgets what the clients did so far, so that a test judges only its own requests. */
  resetClientFindings(): void;
  /** Stops listening and closes every connection; resolves once the server is closed. */
  close(): Promise<void>;
}

/**
 * Starts the mock and resolves once it listens. Throws on an unknown fault name, and on an option the
 * mock does not have or a value it cannot take (options-schema.ts).
 */
export async function startMock(overrides: Partial<MockOptions> = {}): Promise<RunningMock> {
  assertMockOptions(overrides);
  return await startTypedMock(overrides);
}

/**
 * startMock for options written out in TypeScript, which tsc has checked: the schema, whose compilation
 * costs some 70 ms of CPU, guards options that arrive as data (the ambiguity register's readings, a
 * JavaScript caller). The run against the embedded mock starts it so.
 */
export async function startTypedMock(overrides: Partial<MockOptions>): Promise<RunningMock> {
  const options: MockOptions = {
    ...defaultMockOptions,
    ...overrides,
    variants: { ...defaultMockOptions.variants, ...overrides.variants },
  };
  assertKnownFaults(options.faults);
  const loaded = await loadWorld(options.seed);
  const world = options.variants.opaqueIds ? withOpaqueIds(loaded) : loaded;
  // Spec-only: the mock's own routes are left out of the router, so they answer as any unserved path.
  const router = new Router(
    options.specOnly ? routes.filter((route) => route.group !== mockOwnGroup) : routes,
  );
  const clients = new ClientObserver(options.basePath, { versionHeader: options.versionHeader });
  let context = withFaults({ world, state: new MockState(), options, baseUrl: '' }, options.faults);
  const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    handle(req, res, router, context, clients).catch((error: unknown) => {
      // Nothing a client sends may crash the mock: a handler bug becomes a 500 error list.
      const failure = new MockError(500, 'internal-server-error', 'Internal server error', String(error));
      if (!res.headersSent) send(res, { status: 500, body: errorList(failure) }, options.variants);
      else res.destroy();
    });
  });
  server.on('clientError', answerUnparsable);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}${options.basePath}`;
  // The relativeLinks variant hands out host-relative links: the base path without scheme and authority.
  context.baseUrl = options.variants.relativeLinks ? options.basePath : url;
  const setFaults = (names: readonly FaultName[]) => {
    assertKnownFaults(names);
    context = withFaults(context, names);
  };
  return {
    url,
    options,
    world,
    setFaults,
    clientFindings: () => clients.findings(),
    clientReport: () => clients.report(url),
    resetClientFindings: () => clients.reset(),
    close: () => closeServer(server),
  };
}

/**
 * The context with these faults in force. A new object each time, never a changed one: a context's faults
 * never change (router.ts, MockContext), so what is cached per context holds for one set of faults.
 */
function withFaults(
  context: Omit<MockContext, 'faults' | 'fault' | 'policy'>,
  names: Iterable<FaultName>,
): MockContext {
  const faults: ReadonlySet<FaultName> = new Set(names);
  const fault = (name: FaultName): boolean => {
    // A handler asking for a fault the registry does not know is a typo that would silently never fire.
    if (!isFaultName(name)) throw new Error(`fault "${name}" is not in the registry`);
    return faults.has(name);
  };
  return { ...context, faults, fault, policy: policyOf({ variants: context.options.variants, fault }) };
}

/**
 * The context a request is handled in: the mock's, with the faults its `fds-mock-faults` header names in
 * force as well under the faultSwitching option (without it the header means nothing). A name the
 * registry does not know is the test's mistake, refused rather than ignored: ignored, the test would pass
 * without the fault it asked for.
 */
function requestContext(req: IncomingMessage, context: MockContext): MockContext {
  const header = context.options.faultSwitching ? req.headers[faultSwitchHeader] : undefined;
  if (header === undefined) return context;
  const names = String(header)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isFaultName(name));
  if (unknown.length > 0)
    throw new MockError(
      400,
      'parameter-not-valid',
      'Unknown fault',
      detail.unknown(
        unknown.length > 1 ? 'faults' : 'fault',
        unknown.map(quoted).join(', '),
        'fds-conformance mock --list-faults lists them',
      ),
      faultSwitchHeader,
    );
  return names.length > 0 ? withFaults(context, [...context.faults, ...names.filter(isFaultName)]) : context;
}

/**
 * A request Node's HTTP parser refuses (an unknown method, a malformed request line or header, a head
 * over 16 KiB) never reaches a handler. It still gets an error list, as a real service's front end would
 * answer, and the connection is closed since the stream can no longer be trusted. A client that dropped
 * the connection gets nothing; that must not become an unhandled 'error' event either.
 */
function answerUnparsable(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, title] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request header fields too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timeout']
        : [400, 'Bad request'];
  const code = status === 400 ? 'invalid-request' : title.toLowerCase().replaceAll(' ', '-');
  const payload = JSON.stringify(
    errorList(new MockError(status, code, title, 'the request is not valid HTTP')),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(payload)}\r\nconnection: close\r\n\r\n${payload}`,
  );
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Scheme and authority of an absolute-form request target (`GET http://host/path HTTP/1.1`). */
const absoluteForm = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?]*/;

/**
 * Splits the request target into its path and query. Not `new URL(req.url, base)`: a target starting `//`
 * would be read as a host (`//x/token` is a path to a server, a host to the URL parser, and a throw when
 * the host is not valid), and the parse is the costliest step of a cheap request.
 */
function requestTarget(raw: string): { pathname: string; query: URLSearchParams } {
  const target = raw.startsWith('/') ? raw : raw.replace(absoluteForm, '');
  const queryStart = target.indexOf('?');
  if (queryStart === -1) return { pathname: target || '/', query: new URLSearchParams() };
  return {
    pathname: target.slice(0, queryStart) || '/',
    query: new URLSearchParams(target.slice(queryStart + 1)),
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  router: Router,
  mock: MockContext,
  clients: ClientObserver,
): Promise<void> {
  /** The body's bytes, once read: the client judge reads what was sent, not what the route parsed. */
  const read: { body?: Buffer } = {};
  const receivedAt = clients.now();
  let reply: MockReply | undefined;
  try {
    reply = await answer(req, res, router, mock, read);
  } finally {
    if (mock.options.judgeClients) clients.observe(req, read.body, receivedAt, reply);
  }
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  router: Router,
  mock: MockContext,
  read: { body?: Buffer },
): Promise<MockReply> {
  const { pathname, query } = requestTarget(req.url ?? '/');
  const basePath = mock.options.basePath;
  const underBase = !basePath || pathname.startsWith(`${basePath}/`);
  const path = underBase ? pathname.slice(basePath.length) : pathname;
  const method = req.method ?? 'GET';
  mock.options.onRequest?.(method, pathname, query);
  // A rate limit answers before routing and authentication, as a gateway in front of a service would.
  const limited = rateLimited(req, mock) ?? flakyFailure(path, mock);
  if (limited) {
    req.resume();
    return respond(res, limited, undefined, mock, method, path);
  }
  const match = underBase ? router.match(method, path) : ({ kind: 'none' } as const);
  let context = mock;
  let route: Route | undefined;
  let reply: MockReply;
  try {
    context = requestContext(req, mock);
    if (match.kind === 'none')
      throw new MockError(404, 'resource-not-found', 'Not found', `no resource at ${pathname}`);
    if (match.kind === 'wrong-method') {
      req.resume();
      const error = new MockError(
        405,
        'method-not-allowed',
        'Method not allowed',
        `${method} is not allowed here`,
      );
      reply = { status: 405, body: errorList(error), headers: { allow: match.allow.join(', ') } };
    } else {
      route = match.route;
      const { params } = match;
      const lookUp = () =>
        match.route.handle({ method, path, params, query, headers: req.headers, body: undefined }, context);
      authenticate(route, req.headers, query, context, lookUp, params);
      const body = await readBody(req, route, context, read);
      reply = route.handle(
        { method, path, params: match.params, query, headers: req.headers, body },
        context,
      );
    }
  } catch (error) {
    if (!(error instanceof MockError)) throw error;
    // The rest of an oversized body is not read; closing the connection stops the client sending it.
    if (error.status === 413) res.setHeader('connection', 'close');
    reply = { status: error.status, body: errorList(error) };
  }
  return respond(res, applyReplyFaults(reply, route, context, req.headers), route, context, method, path);
}

/**
 * The send path every handled request ends in: the conformant variants (mock/variants/) reshape the
 * reply after the handler and the faults, so faults are written against the plain representation.
 * Resolves with the reply as sent, once sent: what the client was told, for the judge of its requests.
 */
async function respond(
  res: ServerResponse,
  reply: MockReply,
  route: Route | undefined,
  context: MockContext,
  method: string,
  path: string,
): Promise<MockReply> {
  const { variants, onResponse } = context.options;
  const varied = varyReply(reply, route, context);
  onResponse?.({ method, path, route: route?.path, status: varied.status, body: varied.body });
  if (variants.latencyMs) await sleep(variants.latencyMs);
  send(res, varied, variants);
  return varied;
}

function send(res: ServerResponse, reply: MockReply, variants: MockVariants): void {
  if (reply.body === undefined) {
    // 204 No Content: no body and so no media type (a deleted connection).
    if (reply.headers) for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
    res.writeHead(reply.status);
    res.end();
    return;
  }
  const acceptsGzip = /\bgzip\b/.test(res.req.headers['accept-encoding'] ?? '');
  const { bytes: payload, encoding } = serialisedBody(reply.body, acceptsGzip);
  res.setHeader('content-type', variants.charset ? 'application/json; charset=utf-8' : 'application/json');
  if (encoding) res.setHeader('content-encoding', encoding);
  if (reply.headers) for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
  if (variants.chunked) {
    // No content-length: Node frames the body with the chunked transfer coding, one chunk per write.
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const size = Math.ceil(bytes.length / 3);
    res.writeHead(reply.status);
    res.write(bytes.subarray(0, size));
    res.write(bytes.subarray(size, 2 * size));
    res.end(bytes.subarray(2 * size));
    return;
  }
  res.setHeader('content-length', typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length);
  res.writeHead(reply.status);
  res.end(payload);
}
