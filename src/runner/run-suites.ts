import { fileURLToPath } from 'node:url';
import { createVitest, type Reporter, type TestSpecification } from 'vitest/node';
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

/** One vitest instance for the suites of some groups; the settings reach the checks through provide/inject. */
function createSuiteVitest(
  groups: readonly string[],
  settings: RunSettings,
  reporters: SuiteRunOptions['reporters'],
  shard?: string,
) {
  return createVitest(
    'test',
    {
      root,
      config: false,
      include: groups.map((group) => `suites/${group}/**/*.check.ts`),
      watch: false,
      provide: { settings },
      reporters: reporters ?? [],
      // Suites in one worker share its client, its connections and its token (src/checks/run-context.ts).
      pool: 'threads',
      isolate: false,
      // Checks mostly wait on the target: a third worker beats two on a 2-core machine.
      maxWorkers: 3,
      testTimeout: 60_000,
      hookTimeout: 60_000,
      ...(shard ? { shard } : {}),
      passWithNoTests: true,
    },
    { logLevel: 'silent', server: { watch: null } },
  );
}

/**
 * Runs the conformance suites with vitest, programmatically, once; the collector keeps every check's
 * outcome. The project's own vitest.config.ts is not read: the suites are a product, not its tests.
 */
export async function runSuites(options: SuiteRunOptions): Promise<SuiteRun> {
  const collector = new CheckCollector(root);
  const vitest = await createSuiteVitest(
    options.only ?? suiteGroups,
    options.settings,
    [collector, ...(options.reporters ?? [])],
    options.shard,
  );
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
  return { checks: collector.results, errors: collector.errors };
}

/**
 * A vitest instance kept open for many runs against many targets (the fault matrix): its workers and
 * loaded modules are reused, so a run costs the checks alone. Each run's settings carry a new runId,
 * which makes the workers drop what they kept for the previous one.
 */
export class SuiteSession {
  private specifications: TestSpecification[] | undefined;

  private constructor(
    private readonly vitest: Awaited<ReturnType<typeof createVitest>>,
    private readonly collector: CheckCollector,
  ) {}

  static async open(settings: RunSettings): Promise<SuiteSession> {
    const collector = new CheckCollector(root);
    const vitest = await createSuiteVitest(suiteGroups, settings, [collector]);
    await vitest.standalone();
    return new SuiteSession(vitest, collector);
  }

  /** Runs the check files given (`suites/<group>/<file>.check.ts`; all by default) against the settings' target. */
  async run(settings: RunSettings, files?: readonly string[]): Promise<SuiteRun> {
    this.collector.reset();
    this.vitest.provide('settings', settings);
    const wanted = files ? new Set(files.map((file) => `${root}/${file}`)) : undefined;
    // The suite files do not change during a session: globbed once.
    this.specifications ??= await this.vitest.globTestSpecifications();
    const specifications = this.specifications.filter((spec) => !wanted || wanted.has(spec.moduleId));
    await this.vitest.runTestSpecifications(specifications, false);
    return { checks: [...this.collector.results], errors: [...this.collector.errors] };
  }

  close(): Promise<void> {
    return this.vitest.close();
  }
}
