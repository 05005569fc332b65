/**
 * The send path's reshaping of a finished reply under the conformant variants (types.ts): other refusal
 * statuses, the error list's readings (mock/errors.ts), unknown members and reversed keys at every depth.
 * Applied once to every handled reply, after the faults, so no handler can forget one.
 */

import { createHash } from 'node:crypto';
import { varyErrorList } from '../errors.ts';
import type { MockContext, MockReply, Route } from '../router.ts';
import { isReusable, reusableBody } from '../serialised-body.ts';
import type { MockVariants } from './types.ts';

/** Statuses and bodies as the variants show them; the reply as given when no variant applies. */
export function varyReply(reply: MockReply, route: Route | undefined, context: MockContext): MockReply {
  const variants = context.options.variants;
  const result = varyErrorList(varyRefusal(reply, route, variants), route, variants.errors);
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
