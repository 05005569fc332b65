import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { errorList, MockError } from './errors.ts';
import type { MockContext, MockReply, Route } from './router.ts';
import { isReusable, reusableBody } from './serialised-body.ts';

/**
 * Conformant variants: behaviours a real service may legitimately show because the spec is silent on them
 * or leaves them open (DESIGN.md, principle 1). Each is off by default; the suite must pass against the
 * mock with any of them, alone or combined, with zero findings (test/variants/conformant-variants.test.ts).
 * They live in the mock's generic paths (the send path, the base URL links are built from), never in a
 * handler, so every endpoint shows them alike and no handler can forget one.
 *
 * The path prefix (`basePath`) and the version header's name (`versionHeader`) are conformant variants
 * too; they are plain mock options because the profile has to name them.
 */
export interface MockVariants {
  /**
   * Every link the mock hands out is host-relative (`/api/users/…`) instead of absolute. The spec fixes no
   * form for `links` members, `links.next` or a job step's `result.url`: they are only "links".
   */
  relativeLinks?: boolean;
  /**
   * Every object of every reply body, error lists included and at any depth, gains unknown members: an
   * `x-vendor` object and an `etag` string. The spec lists the members a resource carries but never
   * forbids others. Exceptions, where extra members would break a statement of the spec: an object all of
   * whose members are arrays of strings (an institution's `features` groups, which "map a field name to an
   * array of strings") and an empty object (a non-payment `subClass` is "null or empty") get none.
   * Existing values, enums and consts among them, are never touched.
   */
  extraFields?: boolean;
  /**
   * Identifiers of the seeded world are short decimal strings instead of UUIDs (mock/world/opaque-ids.ts):
   * "all identifiers are strings" and the spec shows no format.
   */
  opaqueIds?: boolean;
  /** Every object's keys in reverse order: JSON objects are unordered, the spec fixes no member order. */
  reverseKeys?: boolean;
  /**
   * `content-type: application/json; charset=utf-8`: the spec says "bodies are JSON"; the charset
   * parameter is the same media type (and UTF-8 is JSON's encoding anyway).
   */
  charset?: boolean;
  /**
   * Other statuses for refusals whose status the spec does not show: a refused bearer token (401 by
   * default; 403 is as reasonable) and an unknown identifier on a matched route (404 by default; a 400
   * `parameter-not-valid` matches "Error when the identifier is not valid"). The token endpoint's
   * statuses are fixed by its table and never changed.
   */
  refusalStatuses?: { unauthenticated?: 401 | 403; unknownId?: 400 | 404 };
  /**
   * Rate limiting ("Rate limits: not shown"): every `every`-th request on a connection is answered 429
   * with `Retry-After` (`0`, then `1`, then an HTTP-date about a second ahead, then `0` five times, in turn)
   * and an error list. The
   * same request (method, target, credentials) is refused at most `maxConsecutive` times within a
   * minute, fewer than a client's bounded retries (the suite's client makes 3), so every request is served
   * in the end: conformant, if annoying.
   */
  rateLimit?: { every: number; maxConsecutive?: number };
  /** Milliseconds every response waits before it is written: a slow network or a loaded service. */
  latencyMs?: number;
  /**
   * Bodies are written in a few chunks with no `content-length` (HTTP/1.1 chunked transfer coding), as a
   * streaming server or a proxy would.
   */
  chunked?: boolean;
}

/** Statuses and bodies as the variants show them; the reply as given when no variant applies. */
export function varyReply(reply: MockReply, route: Route | undefined, context: MockContext): MockReply {
  const variants = context.options.variants;
  const result = varyRefusal(reply, route, variants);
  if (!variants.extraFields && !variants.reverseKeys) return result;
  return { ...result, body: rewriteBody(result.body, variants) };
}

function varyRefusal(reply: MockReply, route: Route | undefined, variants: MockVariants): MockReply {
  const { unauthenticated, unknownId } = variants.refusalStatuses ?? {};
  if (reply.status === 401 && route?.auth === 'bearer' && unauthenticated)
    return { ...reply, status: unauthenticated };
  // A 404 on a matched route is an identifier of the path that names nothing; an unmatched path stays 404.
  if (reply.status === 404 && route !== undefined && unknownId === 400) {
    const errors = (reply.body as { data?: { code?: string }[] }).data;
    const body = Array.isArray(errors)
      ? {
          ...(reply.body as object),
          data: errors.map((error) => ({ ...error, code: 'parameter-not-valid' })),
        }
      : reply.body;
    return { ...reply, status: 400, body };
  }
  return reply;
}

/** Bodies a handler reuses as they are (the institution list) are rewritten once and reused too. */
const rewritten = new WeakMap<object, unknown>();

function rewriteBody(body: unknown, variants: MockVariants): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const cached = rewritten.get(body);
  if (cached !== undefined) return cached;
  const result = rewrite(body, variants);
  if (isReusable(body)) rewritten.set(body, reusableBody(result as object));
  return result;
}

/** What the extra members hold: several JSON types and a nested object, so tolerance is tried at depth. */
const vendorMember = {
  vendor: 'acme',
  region: 'ap-southeast-2',
  cached: false,
  weight: 0.5,
  tags: ['gateway', 'v2'],
  trace: { hops: 2, via: null },
};

function rewrite(value: unknown, variants: MockVariants): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, variants));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const rewrittenEntries: [string, unknown][] = entries.map(([key, member]) => [
    key,
    rewrite(member, variants),
  ]);
  if (variants.extraFields && entries.length > 0 && !mapsToStringArrays(entries)) {
    rewrittenEntries.push(['x-vendor', vendorMember], ['etag', etagOf(value)]);
  }
  if (variants.reverseKeys) rewrittenEntries.reverse();
  return Object.fromEntries(rewrittenEntries);
}

function mapsToStringArrays(entries: [string, unknown][]): boolean {
  return entries.every(
    ([, member]) => Array.isArray(member) && member.every((item) => typeof item === 'string'),
  );
}

/** A weak entity tag of the object's content: the same object gives the same tag in a list and alone. */
function etagOf(value: object): string {
  return `W/"${createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16)}"`;
}

/** Per connection, the requests received; per request (method, target, credentials), recent refusals. */
const received = new WeakMap<Socket, number>();
const limiters = new WeakMap<
  MockContext,
  { refusals: Map<string, { count: number; until: number }>; turn: number }
>();
const refusalWindowMs = 60_000;

/**
 * The 429 the rate-limit variant gives this request, or undefined when it is served. Counted per
 * connection, so concurrent clients share no counter; capped per request, so a retry is served at last.
 */
export function rateLimited(req: IncomingMessage, context: MockContext): MockReply | undefined {
  const limit = context.options.variants.rateLimit;
  if (!limit) return undefined;
  const count = (received.get(req.socket) ?? 0) + 1;
  received.set(req.socket, count);
  if (count % limit.every !== 0) return undefined;
  const now = Date.now();
  let limiter = limiters.get(context);
  if (!limiter) limiters.set(context, (limiter = { refusals: new Map(), turn: 0 }));
  const recent = limiter.refusals;
  const key = `${req.method ?? ''} ${req.url ?? ''} ${req.headers.authorization ?? ''}`;
  const previous = recent.get(key);
  const refused = previous && previous.until > now ? previous.count : 0;
  if (refused >= (limit.maxConsecutive ?? 2)) return undefined;
  recent.set(key, { count: refused + 1, until: now + refusalWindowMs });
  if (recent.size > 10_000) for (const [k, v] of recent) if (v.until <= now) recent.delete(k);
  // Delay-seconds or an HTTP-date (RFC 9110, 10.2.3); the date has whole seconds, so it waits 0 to 1 s.
  // Mostly 0: both forms are exercised every eighth refusal without a run spending its time asleep.
  const turn = limiter.turn++ % 8;
  const retryAfter = turn === 1 ? '1' : turn === 2 ? new Date(now + 1000).toUTCString() : '0';
  const error = new MockError(429, 'too-many-requests', 'Too many requests', 'rate limit exceeded; retry');
  return { status: 429, body: errorList(error), headers: { 'retry-after': retryAfter } };
}
