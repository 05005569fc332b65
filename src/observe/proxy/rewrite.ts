import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { contentCodings, decodedBody, isJsonMediaType } from './body.ts';

/**
 * The target's own address in the answers the proxy forwards, made the proxy's, as reverse proxies do
 * (nginx's proxy_redirect, Apache's ProxyPassReverse): a client that follows a link of a service whose links
 * are absolute URLs of its own stays behind the proxy, and so stays observed. Only absolute URLs of the
 * target's origin and base path are rewritten, in `Location` and `Content-Location` and in JSON string
 * values at any depth; other origins, relative links, member names and bodies that are not JSON pass as they
 * came. The judges and the HAR read the answer as the service sent it (forward.ts keeps that copy).
 */

/** One rewrite: absolute URLs under `from` (an origin and base path, no trailing slash) go under `to`. */
export interface AddressRewrite {
  from: string;
  to: string;
}

/** Whether `text` from `at` on continues a URL past its base: its end, a path, a query or a fragment. */
function atBoundary(text: string, at: number, end: number): boolean {
  if (at === end) return true;
  const next = text[at];
  return next === '/' || next === '?' || next === '#' || text.startsWith('\\/', at);
}

/** A header's URL under the target's base, put under the proxy's; any other value as it is. */
export function rewrittenLink(value: string, { from, to }: AddressRewrite): string {
  return value.startsWith(from) && atBoundary(value, from.length, value.length)
    ? `${to}${value.slice(from.length)}`
    : value;
}

/** Response headers that carry a URL of the resource (RFC 9110, 10.2.2 and 8.7). */
const linkHeaders = ['location', 'content-location'];

export function rewrittenHeaders(
  headers: Record<string, string | string[]>,
  rewrite: AddressRewrite,
): Record<string, string | string[]> {
  const rewritten = { ...headers };
  for (const name of linkHeaders) {
    const value = rewritten[name];
    if (typeof value === 'string') rewritten[name] = rewrittenLink(value, rewrite);
  }
  return rewritten;
}

/** Whether the character at `at` is escaped: an odd number of backslashes stands before it. */
function isEscaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text[at - 1 - backslashes] === '\\') backslashes++;
  return backslashes % 2 === 1;
}

/** The index of the quote closing a JSON string whose text starts at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  let at = text.indexOf('"', from);
  while (at !== -1 && isEscaped(text, at)) at = text.indexOf('"', at + 1);
  return at;
}

/** Whether the string closed at `end` names a member (`"name": …`) rather than being a value. */
function isMemberName(text: string, end: number): boolean {
  let at = end + 1;
  while (text[at] === ' ' || text[at] === '\n' || text[at] === '\r' || text[at] === '\t') at++;
  return text[at] === ':';
}

/**
 * JSON text with every string value that is a URL under `from` put under `to`, or undefined where there is
 * none. The text is rewritten in place, not parsed and written again, so everything else (spacing, the
 * digits of numbers, member order, escapes) stays byte for byte; a URL written with escaped slashes
 * (`http:\/\/…`, valid JSON) is rewritten in the same form. Only the URL's occurrences are visited, not
 * every string: in JSON a quote not escaped and followed by the URL opens a string (a closing quote is
 * followed by a comma, a colon, a bracket or a blank), so the answer is held up no longer than it must be.
 */
export function rewrittenJson(text: string, { from, to }: AddressRewrite): string | undefined {
  const escape = (url: string) => url.replaceAll('/', '\\/');
  const parts: string[] = [];
  let copied = 0;
  const hits: { at: number; from: string; to: string }[] = [];
  for (const form of [
    { from: `"${from}`, to },
    { from: `"${escape(from)}`, to: escape(to) },
  ])
    for (let at = text.indexOf(form.from); at !== -1; at = text.indexOf(form.from, at + 1))
      hits.push({ at, ...form });
  for (const { at, from: quoted, to: written } of hits.sort((a, b) => a.at - b.at)) {
    const start = at + 1;
    const end = closingQuote(text, start);
    if (end === -1 || isEscaped(text, at) || isMemberName(text, end)) continue;
    if (!atBoundary(text, at + quoted.length, end)) continue;
    parts.push(text.slice(copied, start), written);
    copied = at + quoted.length;
  }
  if (parts.length === 0) return undefined;
  parts.push(text.slice(copied));
  return parts.join('');
}

const encoders: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gzipSync,
  'x-gzip': gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

/**
 * The bytes of an answer with its JSON's links rewritten, in the content coding it came in, or undefined
 * where nothing is to be rewritten: no JSON label, a coding the proxy does not know or bytes it cannot
 * decode, no URL of the target's. The label is taken at its word (the body is not parsed, which would
 * double what holding it costs): a body labelled JSON that is not JSON could only have a string that
 * starts with the target's address rewritten, and no client reads it as JSON anyway.
 */
export function rewrittenBody(
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
  rewrite: AddressRewrite,
): Buffer | undefined {
  if (!isJsonMediaType(headers['content-type'])) return undefined;
  const decoded = decodedBody(headers, body);
  if (decoded === undefined) return undefined;
  const text = decoded.toString('utf8');
  const rewritten = rewrittenJson(text, rewrite);
  if (rewritten === undefined) return undefined;
  // decodedBody has vouched for every coding, so each has its encoder; they are applied in the order listed.
  let bytes: Buffer = Buffer.from(rewritten, 'utf8');
  for (const coding of contentCodings(headers)) bytes = encoders[coding]?.(bytes) ?? bytes;
  return bytes;
}

/**
 * The answer's body on its way to the client, held whole so its links can be rewritten: up to `limit`
 * bytes, past which what is held and the rest go out as they come, unrewritten (memory stays bounded). At
 * its end, `rewrite` gives the bytes to send in place of the body, or undefined to send it as it came; the
 * answer's headers, set but not sent, go out with the first byte, Content-Length then the rewritten
 * body's. It writes to the client's response itself, rather than passing the bytes down a pipeline, so that
 * an answer broken off while held leaves the response untouched: the client can still get a 502.
 */
export class RewritingBody extends Writable {
  private chunks: Buffer[] = [];
  private size = 0;
  private passing = false;
  /** Whether the body the client got is not the body the target sent. */
  rewritten = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly limit: number,
    private readonly rewrite: (body: Buffer) => Buffer | undefined,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.passing) return this.send(chunk, done);
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size <= this.limit) return done();
    this.passing = true;
    this.send(Buffer.concat(this.chunks.splice(0)), done);
  }

  /** Writes to the client as fast as it reads; a client that goes away fails the forwarding. */
  private send(chunk: Buffer, done: (error?: Error | null) => void): void {
    if (this.res.write(chunk)) return done();
    const drained = () => {
      this.res.off('close', closed);
      done();
    };
    const closed = () => {
      this.res.off('drain', drained);
      done(new Error('the client went away'));
    };
    this.res.once('drain', drained);
    this.res.once('close', closed);
  }

  override _final(done: (error?: Error | null) => void): void {
    if (this.passing) {
      this.res.end();
      return done();
    }
    const body = Buffer.concat(this.chunks);
    this.chunks = [];
    const rewritten = body.length > 0 ? this.rewrite(body) : undefined;
    if (rewritten !== undefined) {
      this.rewritten = true;
      this.res.setHeader('content-length', rewritten.length);
    }
    this.res.end(rewritten ?? body);
    done();
  }
}
