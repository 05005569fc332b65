import { defaultApiKey, type MockOptions } from '../../mock/options.ts';
import { runOnMocks } from '../../src/runner/fault-matrix.ts';
import type { SuiteSession } from '../../src/runner/run-suites.ts';
import { requirementIdsByFile } from '../../src/runner/suite-index.ts';

/**
 * Which check files can see a reading of the register (src/requirements/ambiguities/). A reading of one
 * endpoint group's (`variants.enrich`, `variants.jobs`, …) changes only the answers of that group's routes
 * (mock/routes/<group>.ts; a job is also the answer to a connection update), so it takes the check files
 * that send a request to those routes, found by running every file against a mock of its own and
 * recording what reached it. Readings of the token endpoint and of authentication take the token and auth
 * checks. Every other reading (errors', the whole interface's, reusing a token) takes every file.
 */

/** The route groups whose answers a group's readings change. */
const reachedBy: Record<string, string[]> = {
  connections: ['connections'],
  jobs: ['jobs', 'connection-update'],
  institutions: ['institutions'],
  enrich: ['enrich'],
  users: ['users'],
  expenses: ['expenses'],
  affordability: ['affordability'],
};

/** The route group of a request the mock received. */
function routeGroup(method: string, path: string): string {
  if (/^\/users\/[^/]+\/connections\/[^/]+$/.test(path) && method === 'POST') return 'connection-update';
  const match = /^\/users\/[^/]+\/(connections|expenses|affordability)\b/.exec(path);
  if (match) return match[1] as string;
  if (/^\/users(\/[^/]+)?$/.test(path)) return 'users';
  return /^\/([^/]+)/.exec(path)?.[1] ?? '';
}

/** Every check file with the route groups its requests reached, against a mock of its own. */
async function routeGroupsByFile(session: SuiteSession): Promise<Map<string, Set<string>>> {
  const reached = new Map<string, Set<string>>();
  const targets = [...requirementIdsByFile().keys()].map((file) => {
    const groups = new Set<string>();
    reached.set(file, groups);
    const options: Partial<MockOptions> = {
      onRequest: (method, path) => groups.add(routeGroup(method, path)),
    };
    return { options, files: [file] };
  });
  await runOnMocks(session, targets);
  return reached;
}

/** The route groups a reading of endpoint groups changes; undefined for any other reading. */
function groupsOf(options: Record<string, unknown>): string[] | undefined {
  const { variants, ...rest } = options as { variants?: Record<string, unknown> };
  const keys = Object.keys(variants ?? {});
  if (Object.keys(rest).length > 0 || keys.length === 0 || keys.some((key) => !(key in reachedBy)))
    return undefined;
  return keys.flatMap((key) => reachedBy[key] as string[]);
}

/**
 * Readings of the token endpoint and of authentication change only how they answer a request other than
 * the one every check sends for its token (the Basic key, the version header, a scope in the form) and
 * other than a live bearer token: only the token and auth checks send such requests. Reusing a live
 * token (`token.reuse`) changes that one request too, so its readings run the whole suite.
 */
function onlyProbedByTokenAndAuth(options: Record<string, unknown>): boolean {
  const { variants, ...rest } = options as { variants?: Record<string, Record<string, unknown>> };
  const keys = Object.keys(variants ?? {});
  return (
    Object.keys(rest).length === 0 &&
    keys.length > 0 &&
    keys.every((key) => key === 'token' || key === 'auth') &&
    variants?.token?.reuse === undefined
  );
}
const tokenAndAuthFiles = (file: string) => /^suites\/(token|auth)\//.test(file);

/** A reading, with the check files that can see it among `within`, and the options to start its mock with. */
export interface VariantTarget {
  name: string;
  options: Partial<MockOptions>;
  files: readonly string[];
}

/**
 * Each reading with the files among `within` (default: every check file) that can see it. A reading of
 * one endpoint group's cannot change how a token ages, so its mock withholds the short-lived key: the
 * token-expiry checks, which would only wait seconds to see the default mock again, are left out.
 */
export async function variantTargets(
  session: SuiteSession,
  readings: readonly { name: string; options: Record<string, unknown> }[],
  within: readonly string[] = [...requirementIdsByFile().keys()],
): Promise<VariantTarget[]> {
  const reached = await routeGroupsByFile(session);
  return readings.map(({ name, options }) => {
    if (onlyProbedByTokenAndAuth(options))
      return { name, options: options as Partial<MockOptions>, files: within.filter(tokenAndAuthFiles) };
    const groups = groupsOf(options);
    if (!groups) return { name, options: options as Partial<MockOptions>, files: within };
    return {
      name,
      options: { apiKeys: { [defaultApiKey]: 3600 }, ...options } as Partial<MockOptions>,
      files: within.filter((file) => groups.some((group) => reached.get(file)?.has(group))),
    };
  });
}
