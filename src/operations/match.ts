import { operationNames, operations, type OperationName } from './table.ts';

/**
 * Which operation of the table a request names, for those who see requests arrive rather than send them:
 * the judge of client requests (src/clients/) and the proxy (src/proxy/). The mock's router matches the same
 * table segment by segment (mock/router.ts), as it also answers a wrong method with 405 and its Allow.
 */

export interface OperationMatch {
  name: OperationName;
  /** The path parameters, decoded (`userId` of `/users/:userId`). */
  parameters: Record<string, string>;
}

/** The table's path patterns, compiled once: `:name` is one non-empty segment; a trailing slash is the same path. */
const compiled = operationNames.map((name) => {
  const { method, path } = operations[name];
  const names: string[] = [];
  const source = path.replace(/:([A-Za-z]+)/g, (_match, parameter: string) => {
    names.push(parameter);
    return '([^/]+)';
  });
  return { name, method: method as string, pattern: new RegExp(`^${source}/?$`), names };
});

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The operation a method and path (without its query) name; undefined for none (another method, no such path). */
export function operationOf(method: string, pathname: string): OperationMatch | undefined {
  const upper = method.toUpperCase();
  for (const candidate of compiled) {
    if (candidate.method !== upper) continue;
    const match = candidate.pattern.exec(pathname);
    if (!match) continue;
    const parameters = Object.fromEntries(
      candidate.names.map((parameter, i) => [parameter, decoded(match[i + 1] ?? '')]),
    );
    return { name: candidate.name, parameters };
  }
  return undefined;
}
