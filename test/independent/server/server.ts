/** The HTTP server: one pipeline of route, version, authentication, scope and handler. */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { TokenStore, VERSION_HEADER, checkVersion } from './auth.ts';
import { ApiError, errorListBody, malformedRequest, sendError } from './errors.ts';
import { singleHeader } from './http.ts';
import type { Context } from './http.ts';
import type { World } from './model.ts';
import { resolve } from './router.ts';

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  world: World,
  tokens: TokenStore,
  baseUrl: string,
): Promise<void> {
  const correlationId = randomUUID();
  try {
    let url: URL;
    try {
      // Prefixing our own origin keeps a request target like "//host/x" from changing the host.
      url = new URL(`${baseUrl}${req.url ?? '/'}`);
    } catch {
      throw malformedRequest('The request target is not a valid URL.');
    }
    const { route, params } = resolve(req.method ?? '', url.pathname);
    const ctx: Context = { req, res, url, baseUrl, world, params, grant: null };
    if (!route.usesApiKey) {
      checkVersion(singleHeader(req.headers[VERSION_HEADER]), false);
      ctx.grant = tokens.authenticate(req.headers.authorization, Date.now());
      if (ctx.grant.scope === 'CLIENT_ACCESS' && !route.clientAccess) {
        throw new ApiError(
          403,
          'access-denied',
          'Access denied',
          'A CLIENT_ACCESS token may not make this request.',
        );
      }
    }
    await route.handle(ctx, tokens);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // Whatever the handler did not read of the body is drained so the client sees the answer.
    if (!req.complete) req.resume();
    const apiError =
      error instanceof ApiError
        ? error
        : new ApiError(
            500,
            'internal-server-error',
            'Internal server error',
            'An unexpected condition occurred.',
          );
    if (!(error instanceof ApiError)) console.error(error);
    sendError(res, apiError, correlationId);
  }
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export function startServer(world: World, host: string, port: number): Promise<RunningServer> {
  const tokens = new TokenStore();
  let baseUrl = '';
  const server: Server = createServer((req, res) => {
    // A request listener's promise has no one to await it; handle() answers every error itself.
    void handle(req, res, world, tokens, baseUrl);
  });
  // Requests Node cannot even parse still get an error list rather than a bare status line.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const overflow = error.code === 'HPE_HEADER_OVERFLOW';
    const apiError = overflow
      ? new ApiError(
          431,
          'request-header-too-large',
          'Headers too large',
          'The request line or headers are too large.',
        )
      : malformedRequest('The HTTP request could not be parsed.');
    const body = JSON.stringify(errorListBody(apiError, randomUUID()));
    const status = overflow ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      baseUrl = `http://${shownHost}:${address.port}`;
      resolvePromise({
        url: baseUrl,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
