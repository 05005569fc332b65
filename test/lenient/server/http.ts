import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { BASE_PATH } from '../world/world.ts';
import type { World } from '../world/world.ts';
import { requireBearer } from './auth.ts';
import type { Context, Reply } from './context.ts';
import { ApiError, errorList } from './errors.ts';
import { matchRoute } from './router.ts';
import type { Route } from './router.ts';

const MAX_BODY_BYTES = 64 * 1024;

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: Reply, close = false): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(reply.body);
  res.statusCode = reply.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if (close) res.setHeader('Connection', 'close');
  res.end(text);
}

function fail(error: ApiError, headers?: Record<string, string>): Reply {
  return { status: error.status, body: errorList(error), ...(headers ? { headers } : {}) };
}

/** Splits "/api/v2/a//b/" into decoded segments below the prefix, or null if outside it. */
function segmentsOf(rawPath: string): string[] | null {
  if (rawPath !== BASE_PATH && !rawPath.startsWith(`${BASE_PATH}/`)) return null;
  return rawPath
    .slice(BASE_PATH.length)
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw new ApiError(
          400,
          'invalid-request',
          'Malformed path.',
          'A path segment is not valid percent-encoding.',
        );
      }
    });
}

function dispatch(world: World, routes: readonly Route[], req: IncomingMessage, body: Buffer): Reply {
  const target = req.url ?? '/';
  const queryAt = target.indexOf('?');
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const segments = segmentsOf(rawPath);
  const notFoundError = new ApiError(404, 'resource-not-found', 'Not found.', `No resource at ${rawPath}.`);
  if (segments === null) return fail(notFoundError);
  const match = matchRoute(routes, req.method ?? 'GET', segments);
  if (match.kind === 'none') return fail(notFoundError);
  if (match.kind === 'method') {
    const allow = [...new Set(match.allow)].join(', ');
    return fail(new ApiError(405, 'method-not-allowed', 'Method not allowed.', `Use ${allow}.`), {
      Allow: allow,
    });
  }
  const ctx: Context = {
    world,
    method: req.method ?? 'GET',
    path: `/${segments.join('/')}`,
    target,
    params: match.params,
    query: new URLSearchParams(queryAt === -1 ? '' : target.slice(queryAt + 1)),
    headers: req.headers,
    body,
    token: null,
  };
  if (match.route.auth) {
    ctx.token = requireBearer(ctx);
    if (ctx.token.scope === 'CLIENT_ACCESS' && !match.route.clientAccess) {
      throw new ApiError(
        403,
        'access-denied',
        'Access denied.',
        'A CLIENT_ACCESS token may not make this request; use a SERVER_ACCESS token.',
      );
    }
  }
  return match.route.handle(ctx);
}

export function createApiServer(world: World, routes: readonly Route[]): Server {
  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => {
        let reply: Reply;
        try {
          reply = dispatch(world, routes, req, body);
        } catch (error) {
          reply =
            error instanceof ApiError
              ? fail(error)
              : fail(
                  new ApiError(
                    500,
                    'internal-server-error',
                    'Internal error.',
                    'An unexpected condition was encountered.',
                  ),
                );
        }
        send(res, reply);
      })
      .catch((error: unknown) => {
        if (error instanceof BodyTooLarge) {
          send(
            res,
            fail(
              new ApiError(
                413,
                'payload-too-large',
                'Request body too large.',
                `Bodies are limited to ${MAX_BODY_BYTES} bytes.`,
              ),
            ),
            true,
          );
        } else {
          res.destroy();
        }
      });
  });
  // Never hang on slow or stalled clients.
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 2_000;
  server.on('clientError', (_error, socket) => {
    // Even unparseable requests get the error list body.
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const text = JSON.stringify(
      errorList(
        new ApiError(400, 'invalid-request', 'Malformed request.', 'The HTTP request could not be parsed.'),
      ),
    );
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  });
  return server;
}
