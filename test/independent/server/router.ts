/** The route table and path matching. */
import type { TokenStore } from './auth.ts';
import { ApiError, invalidParameter, notFound } from './errors.ts';
import type { Context } from './http.ts';
import { listAffordabilityTransactions } from './routes/affordability.ts';
import { getConnection, listConnections, updateConnection } from './routes/connections.ts';
import { getEnrich } from './routes/enrich.ts';
import { postExpenses } from './routes/expenses.ts';
import { getInstitution, listInstitutions } from './routes/institutions.ts';
import { getJob } from './routes/jobs.ts';
import { postToken } from './routes/token.ts';
import { postUser } from './routes/users.ts';

interface Route {
  method: 'GET' | 'POST';
  pattern: string;
  /** The token endpoint authenticates with the API key, not a bearer token. */
  usesApiKey?: boolean;
  /** What a CLIENT_ACCESS token may do: the calls a client app needs to hand credentials over and follow up. */
  clientAccess?: boolean;
  handle: (ctx: Context, tokens: TokenStore) => void | Promise<void>;
}

const ROUTES: readonly Route[] = [
  { method: 'POST', pattern: '/token', usesApiKey: true, handle: postToken },
  { method: 'GET', pattern: '/enrich', handle: getEnrich },
  { method: 'POST', pattern: '/users', handle: postUser },
  { method: 'GET', pattern: '/users/:userId/connections', handle: listConnections },
  { method: 'GET', pattern: '/users/:userId/connections/:connectionId', handle: getConnection },
  {
    method: 'POST',
    pattern: '/users/:userId/connections/:connectionId',
    clientAccess: true,
    handle: updateConnection,
  },
  { method: 'GET', pattern: '/jobs/:jobId', clientAccess: true, handle: getJob },
  { method: 'GET', pattern: '/institutions', clientAccess: true, handle: listInstitutions },
  { method: 'GET', pattern: '/institutions/:institutionId', clientAccess: true, handle: getInstitution },
  { method: 'POST', pattern: '/users/:userId/expenses', handle: postExpenses },
  {
    method: 'GET',
    pattern: '/users/:userId/affordability/:affordabilityId/transactions',
    handle: listAffordabilityTransactions,
  },
];

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const expected = pattern.split('/');
  const actual = pathname.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i += 1) {
    const want = expected[i] ?? '';
    const got = actual[i] ?? '';
    if (want.startsWith(':')) {
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        throw invalidParameter(want.slice(1), 'The path segment is not validly percent-encoded.');
      }
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}

/** 404 when no route has this path, 405 (with Allow) when the path exists under other methods. */
export function resolve(method: string, pathname: string): { route: Route; params: Record<string, string> } {
  const allowed: string[] = [];
  for (const route of ROUTES) {
    const params = matchPattern(route.pattern, pathname);
    if (params === null) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  if (allowed.length === 0) throw notFound(`No resource at ${pathname}.`);
  throw new ApiError(
    405,
    'method-not-allowed',
    'Method not allowed',
    `${method} is not allowed here; use ${allowed.join(', ')}.`,
    undefined,
    { Allow: allowed.join(', ') },
  );
}
