import { OperationMatcher } from '../../operations/match.ts';
import {
  operations,
  specOperationNames,
  type Operation,
  type OperationName,
} from '../../operations/table.ts';
import type { RequirementId } from '../../requirements/requirement-ids.generated.ts';

/**
 * Which operation of the spec an exchange is, read from the one operations table
 * (src/operations/table.ts). Only the spec's operations are judged: the mock's own (accounts, transactions
 * by link) have shapes the spec does not show, so the proxy has nothing to hold them to.
 */

/**
 * Every operation of the table, read tolerantly (match.ts): the proxy stands before a server that may serve
 * a path with a trailing slash too, and judges what it answered. Its section outside the interface reads
 * paths the same way.
 */
export const proxyMatcher = new OperationMatcher('tolerant');

/** The spec's operations: the only ones judged. */
const specOperations = new Set<OperationName>(specOperationNames);

export interface MatchedOperation {
  name: OperationName;
  /** The path parameters, decoded (`userId` of `/users/:userId`). */
  parameters: Record<string, string>;
  /** The query parameters as sent (the first value of a repeated one). */
  query: URLSearchParams;
}

/**
 * The operation a request names, `relative` being its path and query below the service's base URL; undefined
 * for anything else (another method, a path no endpoint has), which the proxy forwards without judging.
 */
export function matchOperation(method: string, relative: string): MatchedOperation | undefined {
  const url = new URL(relative, 'http://proxy.invalid');
  const match = proxyMatcher.operationOf(method, url.pathname);
  if (!match || !specOperations.has(match.name)) return undefined;
  return { ...match, query: url.searchParams };
}

/** The success status of an operation of the spec and the resource its body is (spec: Endpoints, "Success: …"). */
export function successOf(name: OperationName): { status: number; resource: string } {
  const { success }: Operation = operations[name];
  if (!success.resource) throw new Error(`the success of ${name} has no body to judge`);
  return { status: success.status, resource: success.resource };
}

/**
 * The requirement that says an operation answers its success with its resource ("GET /institutions answers
 * 200 with the institution list envelope"): a 2xx of another status, or a body that is not that resource at
 * all, breaks it; a violation inside the resource breaks the requirement governing that location instead.
 * Where the requirement depends on what was asked (the token's scope, the members of a new user), it is
 * chosen from the request, and none where the request fits no requirement's words: judging a 2xx against a
 * requirement whose condition the request does not meet would be a false failure.
 */
export function answersWithOf(name: OperationName, body: unknown): RequirementId | undefined {
  const given = (member: string) =>
    typeof body === 'object' && body !== null && (body as Record<string, unknown>)[member] !== undefined;
  switch (name) {
    case 'issueToken': {
      const scope = typeof body === 'string' ? new URLSearchParams(body).get('scope') : null;
      return scope === 'SERVER_ACCESS' ? 'TOKEN-01' : scope === 'CLIENT_ACCESS' ? 'TOKEN-02' : undefined;
    }
    case 'createUser':
      if (given('firstName') || given('lastName')) return 'USERS-06';
      if (given('email') && given('mobile')) return 'USERS-15';
      return given('email') ? 'USERS-01' : given('mobile') ? 'USERS-02' : undefined;
    case 'enrich':
      return 'ENRICH-01';
    case 'listConnections':
      return 'CONN-01';
    case 'getConnection':
      return 'CONN-09';
    case 'updateConnection':
      return 'CONN-31';
    case 'getJob':
      return 'JOBS-01';
    case 'listInstitutions':
      return 'INST-01';
    case 'getInstitution':
      return 'INST-08';
    case 'createExpenses':
      return 'EXP-01';
    case 'listAffordabilityTransactions':
      return 'AFFORD-01';
    default:
      return undefined;
  }
}
