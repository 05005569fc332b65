import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Writable } from 'node:stream';
import { createVitest, type InlineConfig, type PoolRunnerInitializer, type Reporter } from 'vitest/node';
import type { TaskMeta } from 'vitest';
import type { TestProjectConfiguration } from 'vitest/config';
import { profileDefaults, type RunSettings } from '../src/profile/profile.ts';
import { packageRoot as root } from '../src/package-root.ts';
import { walkingPool } from './walking-pool.ts';
import { fileTags, WaitsFirst } from './waits-first.ts';
import { suiteGroups } from '../src/requirements/groups.ts';

export interface SuiteRunOptions {
  settings: RunSettings;
  /** Groups to run; all by default. */
  only?: readonly string[];
  /** Checks to run, by file and name (runner/check-index.ts, selectChecks): none of their files' others. */
  checks?: { files: readonly string[]; names: readonly string[] };
  /** `i/n`: run the i-th of n shards (vitest's sharding). */
  shard?: string;
  /** Runs a failed check again up to this many times (vitest's retry); 0 keeps a CI gate exact. */
  retry?: number;
  /** The target is the embedded mock, whose small snapshot every worker may walk for itself. */
  embeddedMock?: boolean;
  /** The run's vitest reporters (reporters/: the conformance report and its files, progress lines). */
  reporters?: (Reporter | [string, Record<string, unknown>])[];
}

/** The suites' extension: `.ts` run through tsx in a checkout, `.js` in the build compiled to dist/. */
export const sourceExtension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

const checkFiles = (group: string) => `suites/${group}/**/*.check${sourceExtension}`;

/** The group whose check files share their snapshot walks, so they run together in one worker. */
const walkingGroup = 'affordability';

/**
 * How the check files are laid out over workers. `run`: as a run against a target lays them out, the
 * walks of the affordability snapshot in one worker of their own, after the other groups. Against the
 * embedded mock, whose snapshot is small, every group goes in one project, so no group waits for the
 * others and each worker walks the snapshot for itself, which costs it little: `embedded`, a user's run,
 * on up to two workers (embeddedWorkers); `{ pool }`, on one worker of that pool: collecting the suites,
 * and the project's own sessions in its tests (the fault matrix, the register's variants), whose many
 * small runs follow each other beside other test files, so the CPU is what they wait for: one worker, on a
 * pool that keeps its thread from run to run, loads the suites' modules once per session
 * (docs/decisions/010). The checks judge the same in every layout.
 */
type Layout = 'run' | 'embedded' | { pool: 'threads' | PoolRunnerInitializer };

/**
 * The workers of a run against the embedded mock: one per twenty check files, up to two. Loading the
 * suites costs each worker more CPU than the mock, which answers at once, spends on a few files, so a
 * few files are done sooner by one worker; two beat three on the whole suite, the expiry check holding
 * one worker while the embedded mock's short tokens run out (cli/run-command.ts). bench/README.md
 * gives the measurements.
 */
function embeddedWorkers(groups: readonly string[], shard: string | undefined): number {
  const files = groups
    .map(
      (group) =>
        readdirSync(join(root, 'suites', group), { recursive: true, encoding: 'utf8' }).filter((file) =>
          file.endsWith(`.check${sourceExtension}`),
        ).length,
    )
    .reduce((sum, count) => sum + count, 0);
  const shards = shard ? Number(shard.split('/')[1]) : 1;
  return Math.max(1, Math.min(2, Math.ceil(files / shards / 20)));
}

/**
 * The selected groups as vitest projects. The affordability checks share a few walks of the whole
 * snapshot (suites/affordability/walks.ts), which a worker keeps for the run: in a worker of their
 * own they walk a large snapshot once, not once per worker, and hold it once. The other groups spread
 * over three workers, since checks mostly wait on the target (a third worker beats two on 2 cores).
 * vitest runs projects of different worker counts one after the other. The walking worker's heap is
 * bounded, so that V8 collects a walk's garbage sooner (runner/walking-pool.ts).
 */
function suiteProjects(
  groups: readonly string[],
  layout: Layout = 'run',
  shard?: string,
): TestProjectConfiguration[] {
  if (layout !== 'run')
    return [
      {
        extends: true,
        test: {
          name: 'endpoints',
          include: groups.map(checkFiles),
          pool: layout === 'embedded' ? 'threads' : layout.pool,
          maxWorkers: layout === 'embedded' ? embeddedWorkers(groups, shard) : 1,
        },
      },
    ];
  const projects: TestProjectConfiguration[] = [];
  const others = groups.filter((group) => group !== walkingGroup);
  if (others.length > 0)
    projects.push({
      extends: true,
      test: {
        name: 'endpoints',
        include: others.map(checkFiles),
        pool: 'threads',
        maxWorkers: 3,
      },
    });
  if (groups.includes(walkingGroup))
    projects.push({
      extends: true,
      test: {
        name: walkingGroup,
        include: [checkFiles(walkingGroup)],
        maxWorkers: 1,
        pool: walkingPool,
        sequence: { groupOrder: 1 },
      },
    });
  return projects;
}

/**
 * The vitest configuration of a run of the suites of some groups: the CLI's, and the one a project's own
 * vitest configuration takes (runner/own-vitest.ts). The settings reach the checks through
 * provide/inject. Nothing is written under the package: vitest's results cache is off.
 */
export function suiteConfig(
  groups: readonly string[],
  settings: RunSettings,
  reporters: SuiteRunOptions['reporters'],
  shard?: string,
  retry = 0,
  layout: Layout = 'run',
): InlineConfig {
  return {
    root,
    cache: false,
    projects: suiteProjects(groups, layout, shard),
    watch: false,
    provide: { settings, settingsByFile: {} },
    reporters: reporters ?? [],
    // Suites in one worker share its client, its connections and its token (src/checks/run-context.ts).
    // The pool is set per project: options given here override the projects' own.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    retry,
    sequence: { sequencer: WaitsFirst },
    tags: [...fileTags],
    experimental: { fsModuleCache: true, fsModuleCachePath: moduleCachePath },
    ...(shard ? { shard } : {}),
    passWithNoTests: true,
  };
}

/**
 * Where vitest keeps the suites' modules as it transformed them, so that a run does not transform them
 * again: outside the package, which may be read-only, apart for each user and for each copy of the
 * package. Apart for each copy because vitest empties the folder when it finds it written under another
 * lockfile, which would pull it from under a run of another copy. Runs of one copy share it safely: vitest
 * writes each entry whole (write, then rename) under a hash of the module's source.
 */
const moduleCachePath = join(
  tmpdir(),
  `fds-conformance-modules-${process.getuid?.() ?? 'user'}-${createHash('sha1').update(root).digest('hex').slice(0, 12)}`,
);

/** Where vitest's own console output goes: nowhere. The run's reporters write what the user sees. */
const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** One vitest instance for the suites of some groups. */
export async function createSuiteVitest(
  groups: readonly string[],
  settings: RunSettings,
  reporters: SuiteRunOptions['reporters'],
  shard?: string,
  retry?: number,
  layout?: Layout,
  /** Runs only the checks whose names it matches (runner/check-index.ts, selectChecks). */
  testNamePattern?: RegExp,
) {
  const { sequence, ...config } = suiteConfig(groups, settings, reporters, shard, retry, layout);
  const vitest = await createVitest(
    'test',
    { ...config, config: false, ...(testNamePattern ? { testNamePattern } : {}) },
    { logLevel: 'silent', server: { watch: null } },
    { stdout: discard(), stderr: discard() },
  );
  // Options given to createVitest override each project's own, and a `sequence` there would take the
  // affordability project's groupOrder with it; vitest reads the sequencer from the root configuration
  // alone, so it is set there once resolved.
  if (sequence?.sequencer) vitest.config.sequence.sequencer = sequence.sequencer;
  return vitest;
}

/**
 * Runs the conformance suites with vitest, programmatically, once; the reporters given see every check's
 * outcome (reporters/: the conformance report and its files, the progress lines). The project's own
 * vitest.config.ts is not read: the suites are a product, not its tests.
 */
export async function runSuites(options: SuiteRunOptions): Promise<void> {
  const checks = options.checks;
  const groups = checks
    ? suiteGroups.filter((group) => checks.files.some((file) => file.startsWith(`suites/${group}/`)))
    : (options.only ?? suiteGroups);
  const vitest = await createSuiteVitest(
    groups,
    options.settings,
    options.reporters,
    options.shard,
    options.retry,
    options.embeddedMock ? 'embedded' : 'run',
    checks ? namePattern(checks.names) : undefined,
  );
  try {
    await vitest.start(checks ? [...checks.files] : undefined);
  } finally {
    await vitest.close();
  }
}

/** vitest's test name pattern that runs exactly the checks named, wherever their file nests them. */
function namePattern(names: readonly string[]): RegExp {
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?:^| )(?:${escaped.join('|')})$`);
}

/** A check as its file declares it: its name as a run shows it (`title [IDS]`), and its meta. */
export interface CollectedCheck {
  name: string;
  meta: TaskMeta;
}

/**
 * Settings for a vitest that collects the suites without running a check: placeholders no check reads,
 * the target a port nothing listens on.
 */
export function placeholderSettings(runId: string): RunSettings {
  return {
    profile: { baseUrl: 'http://127.0.0.1:9', ...profileDefaults, fixtures: {} },
    seed: 0,
    runs: 1,
    concurrency: 1,
    timeoutMs: 1,
    maxBodyBytes: 0,
    runId,
  };
}

/**
 * The checks every suite file declares, by file (`suites/<group>/<file>.check.ts`): vitest collects the
 * files, which declares their checks, titles filled and meta set, without running one.
 */
export async function collectChecks(): Promise<Map<string, CollectedCheck[]>> {
  const settings = placeholderSettings('declared');
  const vitest = await createSuiteVitest(suiteGroups, settings, [], undefined, 0, { pool: 'threads' });
  try {
    const { testModules } = await vitest.collect();
    const checks = new Map<string, CollectedCheck[]>();
    for (const module of testModules) {
      const [error] = module.errors();
      if (error) throw new Error(`cannot load ${relative(root, module.moduleId)}: ${error.message}`);
      checks.set(
        relative(root, module.moduleId),
        [...module.children.allTests()].map((test) => ({ name: test.name, meta: test.meta() })),
      );
    }
    return checks;
  } finally {
    await vitest.close();
  }
}
