import type { IncomingHttpHeaders } from 'node:http';
import type { FaultName } from './faults/names.ts';
import { OperationMatcher } from '../src/operations/match.ts';
import type { Operation, OperationName, OperationPath } from '../src/operations/table.ts';
import type { MockState } from './state.ts';
import type { MockOptions } from './options.ts';
import type { Policy } from './policy/index.ts';
import type { World } from './world/world.ts';

export interface MockRequest {
  method: string;
  /** Path below the base path, without the query. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON or form body; undefined for routes without one. */
  body: unknown;
}

export interface MockReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface MockContext {
  world: World;
  state: MockState;
  options: MockOptions;
  /**
   * Base URL, base path included, the links the mock hands out start with: absolute, or host-relative (the
   * base path alone) under the relativeLinks variant.
   */
  baseUrl: string;
  /**
   * The faults in force for this request: the mock's own (the `faults` option, or `setFaults`) and those
   * the request switched on (the `faultSwitching` option). A context's faults never change: a request
   * with faults of its own, and a change of the mock's faults, get a context of their own, so whatever is
   * cached per context was made under one set of faults. What must outlive a change of faults (the
   * counters of a rate limit or a flaky environment) is kept per `state` instead.
   */
  faults: ReadonlySet<FaultName>;
  /**
   * Whether a named fault is in force for this request. A fault that is a setting of the operation (a
   * status, a limit, whether a check or a filter term is applied, a field name) is read from `policy`
   * instead. A handler asks here only for a fault no setting expresses, since the conformant operation has
   * no value for it to change: one that answers another user's or another resource's data (a connection
   * found by its id alone, a reused user id), keeps what a request sent to use later (a security code, the
   * first user a token served), or echoes credentials or the request back.
   */
  fault(name: FaultName): boolean;
  /** What the operations do under this request's readings and faults, group by group (policy/index.ts). */
  policy: Policy;
}

/** What the mock does for one operation of the table (src/operations/table.ts), keyed by its name there. */
export interface RouteHandler {
  /**
   * What a body of no bytes reads as, when the route reads it as something rather than refusing it as
   * malformed JSON (undefined: refused).
   */
  emptyBody?: (context: MockContext) => unknown;
  handle(request: MockRequest, context: MockContext): MockReply;
}

/** An operation of the table with the handler that serves it: its method, path, auth and body are the table's. */
export type Route = Operation & RouteHandler & { name: OperationName; path: OperationPath };

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'none' };

/**
 * The mock's routes, matched by the one matcher of the table (src/operations/match.ts) in its exact
 * reading: a trailing slash is another path, which no route serves.
 */
export class Router {
  private readonly matcher: OperationMatcher;
  private readonly byName: Map<OperationName, Route>;

  constructor(routes: Route[]) {
    this.byName = new Map(routes.map((route) => [route.name, route]));
    this.matcher = new OperationMatcher(
      'exact',
      routes.map((route) => route.name),
    );
  }

  match(method: string, path: string): RouteMatch {
    const match = this.matcher.match(method, path);
    if (match.kind === 'found')
      return { kind: 'found', route: this.byName.get(match.name) as Route, params: match.parameters };
    if (match.kind === 'wrong-method')
      return {
        kind: 'wrong-method',
        allow: match.names.map((name) => (this.byName.get(name) as Route).method),
      };
    return match;
  }
}
