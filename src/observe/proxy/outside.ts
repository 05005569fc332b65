import type { Secrets } from '../../http/secrets.ts';
import type { OutsideInterface, OutsideKind } from '../types.ts';
import { mockOwnGroup, operations, specPath } from '../../operations/table.ts';
import { proxyMatcher } from './operation.ts';

/**
 * The exchanges outside the interface, which no operation's requirements judge (the client judge may still
 * hold a request to what every request owes, such as its bearer header): a request to no operation of the
 * spec (`unknown-operation`, including anything outside the service's base path), to an operation's path
 * with a method it does not take (`method-not-allowed`), or to a path where the embedded mock serves an
 * endpoint the spec references by links without showing it (`linked-not-shown`: accounts, transactions).
 * Each is counted by kind, method and path (the table's pattern where the table knows the path, else the
 * path without its query, which may carry anything), with the statuses the clients got; a proxy that runs
 * all night keeps at most `kept` distinct ones and counts the rest.
 */

const kept = 200;

/** What kind of exchange outside the interface a request is, and the path it is listed under. */
function outsideOf(method: string, pathname: string): { kind: OutsideKind; path: string } | undefined {
  const match = proxyMatcher.match(method, pathname);
  if (match.kind === 'found') {
    const { group, path } = operations[match.name];
    return group === mockOwnGroup ? { kind: 'linked-not-shown', path: specPath(path) } : undefined;
  }
  const [elsewhere] = match.kind === 'wrong-method' ? match.names : [];
  if (elsewhere) return { kind: 'method-not-allowed', path: specPath(operations[elsewhere].path) };
  return { kind: 'unknown-operation', path: pathname };
}

interface Entry {
  kind: OutsideKind;
  method: string;
  path: string;
  count: number;
  statuses: Map<number, number>;
}

export class OutsideExchanges {
  private readonly entries = new Map<string, Entry>();
  private exchanges = 0;
  private leftOut = 0;

  /**
   * One exchange: `relative` its path and query below the base path (undefined outside it, `target` then
   * being what was asked), `status` what the client got. Whether it was outside the interface.
   */
  record(method: string, relative: string | undefined, target: string, status: number): boolean {
    const pathname = (relative ?? target).split(/[?#]/)[0] ?? '';
    const outside =
      relative === undefined
        ? { kind: 'unknown-operation' as const, path: pathname }
        : outsideOf(method, pathname);
    if (!outside) return false;
    this.exchanges += 1;
    const key = `${outside.kind} ${method} ${outside.path}`;
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= kept) {
        this.leftOut += 1;
        return true;
      }
      entry = { ...outside, method, count: 0, statuses: new Map() };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    return true;
  }

  /** The section of the reports, most frequent first, paths masked with every secret learnt. */
  report(secrets: Secrets): OutsideInterface {
    return {
      exchanges: this.exchanges,
      requests: [...this.entries.values()]
        .sort((a, b) => b.count - a.count)
        .map(({ kind, method, path, count, statuses }) => ({
          kind,
          method,
          path: secrets.redactWire(path),
          count,
          statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
        })),
      ...(this.leftOut > 0 ? { leftOut: this.leftOut } : {}),
    };
  }
}
