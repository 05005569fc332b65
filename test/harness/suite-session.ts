import type { TestSpecification, Vitest } from 'vitest/node';
import { CheckCollector } from '../../runner/reporters/check-collector.ts';
import { packageRoot as root } from '../../src/package-root.ts';
import type { RunSettings } from '../../src/profile/profile.ts';
import type { CheckResult } from '../../src/report/model.ts';
import { suiteGroups } from '../../src/requirements/groups.ts';
import { createSuiteVitest } from '../../runner/run-suites.ts';
import { endKeptThreads, keptThreadsPool } from './kept-threads-pool.ts';

/** What one run of a session found: every check's outcome, and the errors outside any check. */
export interface SuiteRun {
  checks: CheckResult[];
  /** Errors outside any check, such as a suite file that failed to load. */
  errors: string[];
  /** The secrets the run's workers reported (every token, every credential sent), of all its targets. */
  secrets: string[];
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
    private readonly vitest: Vitest,
    private readonly collector: CheckCollector,
  ) {}

  static async open(settings: RunSettings): Promise<SuiteSession> {
    const collector = new CheckCollector(root);
    const vitest = await createSuiteVitest(suiteGroups, settings, [collector], undefined, 0, {
      pool: keptThreadsPool,
    });
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
        secrets: [...this.collector.learnt],
      };
    });
  }

  /** Closes the vitest instance and ends the threads it kept between runs. */
  async close(): Promise<void> {
    await this.vitest.close();
    await endKeptThreads(this.vitest);
  }
}
