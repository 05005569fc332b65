/**
 * Reply rewrites that several fault groups share. A fault that changes only what is sent (not what the
 * mock decides) rewrites the finished reply instead of reaching into a handler; these build such
 * rewrites. Faults exist so the suite can prove its worth: each makes the mock break one requirement,
 * and the suite must catch every one.
 */

import type { MockContext } from '../router.ts';
import type { Fault } from './fault.ts';
import type { OperationPath } from '../../src/operations/table.ts';

/** A JSON object of a reply body, as the rewrites see it. */
export type Body = Record<string, unknown>;
/** The rewrite of a finished reply that a fault applies. */
export type Alter = NonNullable<Fault['alter']>;

/** Rewrites the body of successful replies of the route with that path pattern. */
export function onSuccess(path: OperationPath, change: (body: Body, context: MockContext) => unknown): Alter {
  return (reply, route, context) =>
    route?.path === path && reply.status < 300
      ? { ...reply, body: change(reply.body as Body, context) }
      : reply;
}

/** Answers 200 where the route refuses an unknown id, with a body the route would give for a real one. */
export function unknownIdAnswered(path: OperationPath, body: (context: MockContext) => unknown): Alter {
  return (reply, route, context) =>
    route?.path === path && reply.status === 404 ? { status: 200, body: body(context) } : reply;
}

/** Rewrites each item of a list body's `data` (list entries, or the errors of an error list). */
export function mapData(body: Body, change: (item: Body) => Body): Body {
  return { ...body, data: (body.data as Body[]).map(change) };
}
