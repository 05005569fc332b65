import type { IncomingHttpHeaders } from 'node:http';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import type { MockContext, MockReply, Route } from '../router.ts';

/**
 * A named fault makes the mock violate exactly one requirement of the catalogue, named by `requirement`.
 * The suite must catch every one (the fault-detection matrix); a fault no check catches is a gap in the
 * suite. Faults act in three ways: where a fault is a setting of the operation (accept what must be
 * refused, page differently), it is a value of the group's policy (mock/policy/), which the handler reads;
 * where it changes only what is sent, `alter` rewrites the finished reply; what is left, a decision no
 * setting expresses, the handler asks `context.fault(name)` (router.ts, MockContext).
 */
export interface Fault {
  name: string;
  requirement: RequirementId;
  description: string;
  /**
   * Other requirements the fault cannot help breaking, each with why (a body that is no longer JSON is no
   * error list either). The fault matrix counts any other failed requirement as undeclared collateral: a
   * check that failed a requirement its evidence does not break.
   */
  collateral?: readonly { requirement: RequirementId; reason: string }[];
  /**
   * Rewrites a finished reply; `route` is undefined for a path no route serves, `headers` are the
   * request's (a fault that echoes what the client sent reads them there).
   */
  alter?: (
    reply: MockReply,
    route: Route | undefined,
    context: MockContext,
    headers: IncomingHttpHeaders,
  ) => MockReply;
}
