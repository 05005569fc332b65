import { fileURLToPath } from 'node:url';
import { createVitest, type Reporter } from 'vitest/node';
import type { RunSettings } from '../profile/profile.ts';
import type { CheckResult } from '../report/model.ts';
import { CheckCollector } from './collector.ts';

const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/** The endpoint groups of suites/, the CLI's `--only` names (DESIGN.md, CLI). */
export const suiteGroups = [
  'token',
  'auth',
  'enrich',
  'users',
  'connections',
  'jobs',
  'institutions',
  'expenses',
  'affordability',
] as const;

export interface SuiteRunOptions {
  settings: RunSettings;
  /** Groups to run; all by default. */
  only?: readonly string[];
  /** `i/n`: run the i-th of n shards (vitest's sharding). */
  shard?: string;
  /** Further vitest reporters (JUnit, progress lines). */
  reporters?: (Reporter | [string, Record<string, unknown>])[];
}

export interface SuiteRun {
  checks: CheckResult[];
  /** Errors outside any check, such as a suite file that failed to load. */
  errors: string[];
}

/**
 * Runs the conformance suites with vitest, programmatically: the settings reach the checks through
 * provide/inject, and the collector keeps every check's outcome. The project's own vitest.config.ts is
 * not read: the suites are a product, not the project's tests.
 */
export async function runSuites(options: SuiteRunOptions): Promise<SuiteRun> {
  const collector = new CheckCollector(root);
  const groups = options.only ?? suiteGroups;
  const vitest = await createVitest(
    'test',
    {
      root,
      config: false,
      include: groups.map((group) => `suites/${group}/**/*.check.ts`),
      watch: false,
      provide: { settings: options.settings },
      reporters: [collector, ...(options.reporters ?? [])],
      // Suites in one worker share its client, its connections and its token.
      pool: 'threads',
      isolate: false,
      maxWorkers: 3,
      testTimeout: 60_000,
      hookTimeout: 60_000,
      ...(options.shard ? { shard: options.shard } : {}),
      passWithNoTests: true,
    },
    { logLevel: 'silent', server: { watch: null } },
  );
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
  return { checks: collector.results, errors: collector.errors };
}
