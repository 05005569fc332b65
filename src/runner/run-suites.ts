import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Writable } from 'node:stream';
import {
  createVitest,
  type InlineConfig,
  type Reporter,
  type TestSpecification,
  type Vitest,
} from 'vitest/node';
import type { TaskMeta } from 'vitest';
import type { TestProjectConfiguration } from 'vitest/config';
import { profileDefaults, type RunSettings } from '../profile/profile.ts';
import type { CheckResult } from '../report/model.ts';
import { CheckCollector } from '../../reporters/check-collector.ts';
import { packageRoot as root } from '../package-root.ts';
import { endKeptThreads, keptThreadsPool } from './kept-threads-pool.ts';
import { walkingPool } from './walking-pool.ts';
import { WaitsFirst } from './waits-first.ts';
import { suiteGroups } from '../requirements/groups.ts';

export interface SuiteRunOptions {
  settings: RunSettings;
  /** Groups to run; all by default. */
  only?: readonly string[];
  /** `i/n`: run the i-th of n shards (vitest's sharding). */
  shard?: string;
  /** Runs a failed check again up to this many times (vitest's retry); 0 keeps a CI gate exact. */
  retry?: number;
  /** The target is the embedded mock, whose small snapshot every worker may walk for itself. */
  embeddedMock?: boolean;
  /** The run's vitest reporters (reporters/: the conformance report and its files, progress lines). */
  reporters?: (Reporter | [string, Record<string, unknown>])[];
}

export interface SuiteRun {
  checks: CheckResult[];
  /** Errors outside any check, such as a suite file that failed to load. */
  errors: string[];
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
 * on up to two workers (embeddedWorkers); `session`, the project's own sessions (the fault matrix, the
 * register's variants), on one. There many small runs follow each other beside other test files, so the
 * CPU is what they wait for: one worker, whose thread is kept from run to run (src/runner/
 * kept-threads-pool.ts), loads the suites' modules once per session, not once per run and worker (npm
 * test: 193 s with two workers of a thread per run, 180 s with one, 166 s with one kept). The checks judge
 * the same in every layout.
 */
type Layout = 'run' | 'embedded' | 'session';

/**
 * The workers of a run against the embedded mock: one per twenty check files, up to two. A worker costs
 * 0.3–0.4 s of CPU to load the suites, and the mock answers at once, so a few files are done sooner by
 * one worker. Measured on 2 cores (wall and CPU seconds): `--only institutions,token` (6 files) 1.3 s and
 * 1.6 s on one worker against 1.5 s and 2.2 s on three; `--only enrich,expenses` (17 files) 1.6 s and
 * 1.9 s against 1.8 s and 2.6 s; the whole suite (43 files) 2.16 s and 3.2 s on two against 2.26 s and
 * 3.6 s on three, with the embedded mock's expiry tokens living half a second (src/cli/run-command.ts:
 * the expiry check holds one worker that long); 2.67 s on two when they lived a second.
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
 * bounded, so that V8 collects a walk's garbage sooner (src/runner/walking-pool.ts).
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
          pool: layout === 'session' ? keptThreadsPool : 'threads',
          maxWorkers: layout === 'session' ? 1 : embeddedWorkers(groups, shard),
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
 * vitest configuration takes (src/runner/own-vitest.ts). The settings reach the checks through
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
async function createSuiteVitest(
  groups: readonly string[],
  settings: RunSettings,
  reporters: SuiteRunOptions['reporters'],
  shard?: string,
  retry?: number,
  layout?: Layout,
) {
  const { sequence, ...config } = suiteConfig(groups, settings, reporters, shard, retry, layout);
  const vitest = await createVitest(
    'test',
    { ...config, config: false },
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
  const vitest = await createSuiteVitest(
    options.only ?? suiteGroups,
    options.settings,
    options.reporters,
    options.shard,
    options.retry,
    options.embeddedMock ? 'embedded' : 'run',
  );
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
}

/** A check as its file declares it: its name as a run shows it (`title [IDS]`), and its meta. */
export interface CollectedCheck {
  name: string;
  meta: TaskMeta;
}

/**
 * The checks every suite file declares, by file (`suites/<group>/<file>.check.ts`): vitest collects the
 * files, which declares their checks, titles filled and meta set, without running one, so the settings
 * are placeholders no check reads.
 */
export async function collectChecks(): Promise<Map<string, CollectedCheck[]>> {
  const settings: RunSettings = {
    profile: { baseUrl: 'http://127.0.0.1:9', ...profileDefaults, fixtures: {} },
    seed: 0,
    runs: 1,
    concurrency: 1,
    timeoutMs: 1,
    maxBodyBytes: 0,
    runId: 'declared',
  };
  const vitest = await createSuiteVitest(suiteGroups, settings, [], undefined, 0, 'session');
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
    await closeKeepingThreads(vitest);
  }
}

/** Closes a vitest instance of the `session` layout and ends the threads it kept between runs. */
async function closeKeepingThreads(vitest: Vitest): Promise<void> {
  await vitest.close();
  await endKeptThreads(vitest);
}

/** A target for one run of a session: its settings and the check files to run against it. */
export interface SessionTarget {
  settings: RunSettings;
  /** `suites/<group>/<file>.check.ts`, relative to the project root. */
  files: readonly string[];
}

/**
 * A vitest instance kept open for many runs against many targets (the fault matrix): its loaded modules
 * are reused, so a run costs the checks and vitest's start of its workers. Each target's settings carry
 * their own runId, which makes a worker drop what it kept for another.
 */
export class SuiteSession {
  private specifications: TestSpecification[] | undefined;

  private constructor(
    private readonly vitest: Awaited<ReturnType<typeof createVitest>>,
    private readonly collector: CheckCollector,
  ) {}

  static async open(settings: RunSettings): Promise<SuiteSession> {
    const collector = new CheckCollector(root);
    const vitest = await createSuiteVitest(suiteGroups, settings, [collector], undefined, 0, 'session');
    await vitest.standalone();
    return new SuiteSession(vitest, collector);
  }

  /** The suite files, globbed once: they do not change during a session. */
  private async allSpecifications(): Promise<TestSpecification[]> {
    this.specifications ??= await this.vitest.globTestSpecifications();
    return this.specifications;
  }

  /** Every check file against the settings' target. */
  async run(settings: RunSettings): Promise<SuiteRun> {
    const files = (await this.allSpecifications()).map((spec) => spec.moduleId.slice(root.length + 1));
    const [run] = await this.runTargets([{ settings, files }]);
    return run as SuiteRun;
  }

  /**
   * Several targets in one vitest run, each against its own check files, which must not overlap: a file
   * runs once per run. vitest starts its workers once per run, so many small targets cost little more
   * than one. Results come back in the targets' order.
   */
  async runTargets(targets: readonly SessionTarget[]): Promise<SuiteRun[]> {
    const settingsByFile: Record<string, RunSettings> = {};
    for (const target of targets) {
      for (const file of target.files) {
        const path = `${root}/${file}`;
        if (settingsByFile[path]) throw new Error(`${file} is given to two targets of one run`);
        settingsByFile[path] = target.settings;
      }
    }
    this.collector.reset();
    this.vitest.provide('settingsByFile', settingsByFile);
    const specifications = (await this.allSpecifications()).filter((spec) => spec.moduleId in settingsByFile);
    await this.vitest.runTestSpecifications(specifications, false);
    return targets.map((target) => {
      const files = new Set(target.files);
      const paths = target.files.map((file) => `${root}/${file}`);
      return {
        checks: this.collector.results.filter((check) => files.has(check.file)),
        // An error outside any module cannot be placed: every target gets it.
        errors: this.collector.errors.filter(
          (error) => paths.some((path) => error.startsWith(`${path}: `)) || !error.startsWith(`${root}/`),
        ),
      };
    });
  }

  close(): Promise<void> {
    return closeKeepingThreads(this.vitest);
  }
}
