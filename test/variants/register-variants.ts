import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiKey, type MockOptions } from '../../mock/options.ts';
import { mergeOptions, registerVariants } from '../../src/requirements/ambiguities.ts';
import { openMockSession, runOnMocks, type MockRun } from '../../src/runner/fault-matrix.ts';
import type { SuiteSession } from '../../src/runner/run-suites.ts';
import { requirementIdsByFile } from '../../src/runner/suite-index.ts';

/**
 * Conformant variants (mock/variants.ts): behaviours a real service may legitimately show where the spec
 * is silent or ambiguous. Every non-default reading of the ambiguity register (src/requirements/
 * ambiguities/) names the mock options that show it; the suite must pass against each, and against all of
 * them at once, with zero findings (DESIGN.md, principle 1: a false failure on a conformant server is as
 * bad as a missed violation).
 *
 * A reading of one endpoint group's (`variants.enrich`, `variants.jobs`, …) changes only the answers of
 * that group's routes (mock/routes/<group>.ts; a job is also the answer to a connection update), so its
 * run takes the check files that send a request to those routes, found by running every file against a
 * mock of its own and recording what reached it. Such runs share vitest runs when their files do not
 * overlap, as the fault matrix's do. The token endpoint's and authentication's readings take the token
 * and auth checks (below). Every other reading (errors', the whole interface's, reusing a token) and all
 * of them at once run the whole suite.
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

/**
 * A reading of one endpoint group's cannot change how a token ages, so its run leaves the token-expiry
 * checks out (the mock's short-lived key withheld); the token's, authentication's, errors' and the whole
 * interface's readings keep them.
 */
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

const everyFile = [...requirementIdsByFile().keys()];
const variants = registerVariants();
const runs = [
  ...variants,
  {
    name: 'every non-default reading of the register at once',
    options: variants.reduce<Record<string, unknown>>(
      (combined, variant) => mergeOptions(combined, variant.options),
      {},
    ),
  },
];

/** Each failed requirement's failures, one line each, so a false failure shows its check and message. */
function failuresOf(run: MockRun): string[] {
  return run.requirements
    .filter((requirement) => requirement.status === 'failed')
    .flatMap((requirement) =>
      requirement.failures.map((failure) => `${requirement.id} · ${failure.check}: ${failure.message}`),
    );
}

/**
 * The variants of one share (`part` of `parts`, every parts-th from the part-th): the register's variants
 * are run by several test files, so vitest's workers share them.
 */
export function registerVariantsShare(part: number, parts: number): void {
  describe(`the suite against a conformant variant of the mock finds nothing (share ${part + 1} of ${parts})`, () => {
    // One vitest session serves every variant: each run costs its checks, not another start of vitest.
    let session: SuiteSession;
    let results: Promise<Map<string, MockRun & { files: number }>>;
    const mine = runs.filter((_, index) => index % parts === part);
    beforeAll(async () => {
      session = await openMockSession();
      results = (async () => {
        const reached = await routeGroupsByFile(session);
        const targets = mine.map(({ name, options }) => {
          const groups = groupsOf(options);
          if (onlyProbedByTokenAndAuth(options))
            return {
              name,
              options: options as Partial<MockOptions>,
              files: everyFile.filter(tokenAndAuthFiles),
            };
          if (!groups) return { name, options: options as Partial<MockOptions>, files: everyFile };
          return {
            name,
            options: { apiKeys: { [defaultApiKey]: 3600 }, ...options } as Partial<MockOptions>,
            files: everyFile.filter((file) => groups.some((group) => reached.get(file)?.has(group))),
          };
        });
        const done = await runOnMocks(session, targets);
        return new Map(targets.map((t, i) => [t.name, { ...(done[i] as MockRun), files: t.files.length }]));
      })();
      // A failure of the runs themselves is each variant's, reported below, not the hook's.
      results.catch(() => undefined);
    }, 60_000);
    afterAll(() => session.close());

    for (const { name } of mine) {
      it(name, { timeout: 600_000 }, async () => {
        const run = (await results).get(name) as MockRun & { files: number };
        console.info(
          `conformant variant "${name}": ${run.files} check files, ${run.seconds.toFixed(1)} s of checks`,
        );
        expect(run.files).toBeGreaterThan(0);
        expect(run.errors).toEqual([]);
        expect(failuresOf(run), `failed: ${run.failed.join(', ')}`).toEqual([]);
      });
    }
  });
}
