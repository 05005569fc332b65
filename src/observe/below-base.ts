/**
 * The path and query of a request target below the service's base path (`/api/enrich?q=…` below `/api`
 * is `/enrich?q=…`), or undefined for a target outside it: what an observer of traffic (the mock of its
 * clients, the proxy) judges against the operations table, which writes paths below the base.
 */
export function belowBase(basePath: string, target: string): string | undefined {
  if (basePath === '') return target;
  if (target === basePath) return '/';
  return target.startsWith(`${basePath}/`) || target.startsWith(`${basePath}?`)
    ? target.slice(basePath.length)
    : undefined;
}
