/** Request context, JSON responses, bounded body reading and query helpers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, invalidParameter, malformedRequest } from './errors.ts';
import type { Grant } from './auth.ts';
import type { World } from './model.ts';

/** Bodies of this API are tiny; anything bigger is refused rather than buffered. */
const MAX_BODY_BYTES = 64 * 1024;

export interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  baseUrl: string;
  world: World;
  params: Record<string, string>;
  /** Null only on the token endpoint, which authenticates with the API key instead. */
  grant: Grant | null;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** The lower-cased media type of the request, without parameters such as charset. */
export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Reads the whole body, but keeps at most MAX_BODY_BYTES: the rest is drained and
 * discarded so the client still receives our 413 instead of a reset connection.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) {
        reject(
          new ApiError(
            413,
            'payload-too-large',
            'Body too large',
            `Bodies are limited to ${MAX_BODY_BYTES} bytes.`,
          ),
        );
      } else {
        resolve(Buffer.concat(chunks));
      }
    });
    req.on('error', () => reject(malformedRequest('The request body could not be read.')));
  });
}

/**
 * Parses a JSON object body. With `optional`, an empty body stands for `{}`
 * (used by the expenses endpoint, whose members are all optional).
 */
export async function readJsonObject(
  req: IncomingMessage,
  optional: boolean,
): Promise<Record<string, unknown>> {
  const raw = await readBody(req);
  if (raw.length === 0) {
    if (optional) return {};
    throw malformedRequest('A JSON object body is required.');
  }
  const type = mediaType(req);
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]*\+json$/.test(type)) {
    throw new ApiError(
      415,
      'unsupported-media-type',
      'Unsupported media type',
      'Send the body as application/json.',
      'Content-Type',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw malformedRequest('The body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw malformedRequest('The body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

/** A query parameter that may appear at most once. */
export function queryParam(url: URL, name: string): string | undefined {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) throw invalidParameter(name, `${name} may be given only once.`);
  return values[0];
}

/** An optional string member of a JSON body: absent is fine, any other type is not. */
export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParameter(name, `${name} must be a string.`);
  return value;
}

/** Node joins repeated custom headers with ", ", which then fails validation, as it should. */
export function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
