import { operationNames, operations, type OperationName } from './table.ts';

/**
 * Which operation of the table a request names, for every reader of requests: the mock's router
 * (mock/router.ts), the judge of client requests (src/observe/clients/) and the proxy (src/observe/proxy/). One matcher, so
 * that the three cannot read one path three ways; where they must read it differently, they say so by
 * the `PathReading` they choose.
 */

/**
 * How a path is read where the spec is silent: it writes each path once, without a trailing slash, and
 * says nothing of another spelling.
 * - `exact`: the path as the table writes it, each parameter one segment that decodes. The mock's reading
 *   (`GET /institutions/` names no resource: 404), and so its client judge's: a request the mock refused
 *   is never judged as the operation it did not serve.
 * - `tolerant`: a trailing slash is the same path, and a segment that does not decode is kept as sent.
 *   The proxy's: it stands before a server the spec lets serve either spelling, and judges what that
 *   server answered.
 */
export type PathReading = 'exact' | 'tolerant';

export type OperationMatch =
  | {
      kind: 'found';
      name: OperationName;
      /** The path parameters, decoded (`userId` of `/users/:userId`). */
      parameters: Record<string, string>;
    }
  /** The path is an operation's, with another method: `names` are the operations at that path. */
  | { kind: 'wrong-method'; names: OperationName[] }
  | { kind: 'none' };

interface Compiled {
  name: OperationName;
  method: string;
  pattern: RegExp;
  parameters: string[];
}

/** The table's path patterns, or some of them, compiled once: `:name` is one non-empty segment. */
export class OperationMatcher {
  private readonly compiled: Compiled[];

  constructor(
    private readonly reading: PathReading,
    names: readonly OperationName[] = operationNames,
  ) {
    const slash = reading === 'tolerant' ? '/?' : '';
    this.compiled = names.map((name) => {
      const { method, path } = operations[name];
      const parameters: string[] = [];
      const source = path.replace(/:([A-Za-z]+)/g, (_match, parameter: string) => {
        parameters.push(parameter);
        return '([^/]+)';
      });
      return { name, method, pattern: new RegExp(`^${source}${slash}$`), parameters };
    });
  }

  /** What a method and path (without its query) name among the matcher's operations. */
  match(method: string, pathname: string): OperationMatch {
    const upper = method.toUpperCase();
    const others: OperationName[] = [];
    for (const candidate of this.compiled) {
      const match = candidate.pattern.exec(pathname);
      if (!match) continue;
      const parameters = this.decoded(candidate.parameters, match.slice(1));
      if (!parameters) continue;
      if (candidate.method === upper) return { kind: 'found', name: candidate.name, parameters };
      others.push(candidate.name);
    }
    return others.length > 0 ? { kind: 'wrong-method', names: others } : { kind: 'none' };
  }

  /** The operation a method and path name, with its path parameters; undefined for none. */
  operationOf(
    method: string,
    pathname: string,
  ): { name: OperationName; parameters: Record<string, string> } | undefined {
    const match = this.match(method, pathname);
    return match.kind === 'found' ? { name: match.name, parameters: match.parameters } : undefined;
  }

  private decoded(names: string[], segments: string[]): Record<string, string> | undefined {
    const parameters: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      const segment = segments[i] ?? '';
      try {
        parameters[name] = decodeURIComponent(segment);
      } catch {
        if (this.reading === 'exact') return undefined;
        parameters[name] = segment;
      }
    }
    return parameters;
  }
}
