/**
 * The rate-limit variant (MockVariants.rateLimit, types.ts): which requests are answered 429, counted per
 * connection and capped per request so a client that retries is served in the end.
 */

import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { errorList, MockError } from '../errors.ts';
import type { MockContext, MockReply } from '../router.ts';
import type { MockState } from '../state.ts';

/**
 * Per connection, the requests received; per mock, recent refusals by request (method, target,
 * credentials), kept per state since a change of the mock's faults makes a new context (router.ts).
 */
const received = new WeakMap<Socket, number>();
const limiters = new WeakMap<
  MockState,
  { refusals: Map<string, { count: number; until: number }>; turn: number }
>();
const refusalWindowMs = 60_000;

/**
 * The 429 the rate-limit variant gives this request, or undefined when it is served. Counted per
 * connection, so concurrent clients share no counter; capped per request, so a retry is served at last.
 */
export function rateLimited(req: IncomingMessage, context: MockContext): MockReply | undefined {
  // The fault limits as a gateway does that answers its 429 with no error list (mock/faults/errors.ts).
  const bare = context.fault('error-rate-limit-bare-body');
  const limit = context.options.variants.rateLimit ?? (bare ? { every: 5 } : undefined);
  if (!limit) return undefined;
  const count = (received.get(req.socket) ?? 0) + 1;
  received.set(req.socket, count);
  if (count % limit.every !== 0) return undefined;
  const now = Date.now();
  let limiter = limiters.get(context.state);
  if (!limiter) limiters.set(context.state, (limiter = { refusals: new Map(), turn: 0 }));
  const recent = limiter.refusals;
  const key = `${req.method ?? ''} ${req.url ?? ''} ${req.headers.authorization ?? ''}`;
  const previous = recent.get(key);
  const refused = previous && previous.until > now ? previous.count : 0;
  if (refused >= (limit.maxConsecutive ?? 2)) return undefined;
  recent.set(key, { count: refused + 1, until: now + refusalWindowMs });
  if (recent.size > 10_000) for (const [k, v] of recent) if (v.until <= now) recent.delete(k);
  // Delay-seconds or an HTTP-date (RFC 9110, 10.2.3); the date has whole seconds, so it waits 0 to 1 s.
  // Mostly 0: both forms are exercised every 24th refusal (several times in a full run) without a run
  // spending its time asleep, since a client pauses every sender for a Retry-After.
  const turn = limiter.turn++ % 24;
  const retryAfter = turn === 1 ? '1' : turn === 2 ? new Date(now + 1000).toUTCString() : '0';
  const error = new MockError(429, 'too-many-requests', 'Too many requests', 'rate limit exceeded; retry');
  const body = bare ? 'Too Many Requests' : errorList(error);
  return { status: 429, body, headers: { 'retry-after': retryAfter } };
}
