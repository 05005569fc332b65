import type { Context, Reply } from './context.ts';

export interface Route {
  method: 'GET' | 'POST';
  pattern: string;
  /** All routes but the token endpoint need a bearer token. */
  auth: boolean;
  /** Whether a CLIENT_ACCESS token may call it. */
  clientAccess: boolean;
  handle(ctx: Context): Reply;
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method'; allow: string[] }
  | { kind: 'none' };

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split('/').filter((p) => p !== '');
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? '';
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

export function matchRoute(routes: readonly Route[], method: string, segments: readonly string[]): Match {
  const allow: string[] = [];
  // HEAD is served as GET; Node drops the body itself.
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const route of routes) {
    const params = matchPattern(route.pattern, segments);
    if (params === null) continue;
    if (route.method === wanted) return { kind: 'found', route, params };
    allow.push(route.method);
  }
  return allow.length > 0 ? { kind: 'method', allow } : { kind: 'none' };
}
