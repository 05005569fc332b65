import { gzipSync } from 'node:zlib';

/**
 * JSON text of reply bodies a handler hands out unchanged to many requests (the institution list), made
 * once, and its gzip form, made when a client first accepts it. Keyed by the body object itself, so a
 * fault that rewrites a reply builds a new body and is serialised afresh: the cache can never send what
 * the handler and the faults did not produce.
 */
const serialised = new WeakMap<object, { json: Buffer; gzip?: Buffer }>();

/** Marks a body as reused as is from now on; it must not be mutated afterwards. */
export function reusableBody<T extends object>(body: T): T {
  const json = Buffer.from(JSON.stringify(body));
  serialised.set(body, { json });
  return body;
}

export interface Payload {
  bytes: Buffer | string;
  /** Set when the bytes are the gzip form of the JSON. */
  encoding?: 'gzip';
}

/**
 * The body's JSON: the one made by `reusableBody` (gzipped when the client accepts gzip: the 94 KB
 * institution list is then a tenth of its size on the wire), or a fresh serialisation. Bodies made per
 * request are never compressed; that would cost more CPU than it saves.
 */
export function serialisedBody(body: unknown, acceptsGzip: boolean): Payload {
  const cached = typeof body === 'object' && body !== null ? serialised.get(body) : undefined;
  if (!cached) return { bytes: JSON.stringify(body) };
  if (!acceptsGzip) return { bytes: cached.json };
  cached.gzip ??= gzipSync(cached.json);
  return { bytes: cached.gzip, encoding: 'gzip' };
}

/** Whether a body was marked by `reusableBody`, so what is derived from it may be kept as well. */
export function isReusable(body: unknown): boolean {
  return typeof body === 'object' && body !== null && serialised.has(body);
}
