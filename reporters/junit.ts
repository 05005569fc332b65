import type { RunnerTask as Task, RunnerTestFile as File } from 'vitest';
import { join } from 'node:path';
import { JUnitReporter, type TestModule, type Vitest } from 'vitest/node';
import { requirementById } from '../src/requirements/catalogue.ts';
import { failedOnlyOnTransientAnswers } from '../src/report/model.ts';
import { failureCounts, type VerdictOptions } from '../src/report/report.ts';

export interface ConformanceJUnitOptions extends VerdictOptions {
  /** Where junit.xml goes; give it absolute, since vitest resolves a relative one against its own root. */
  outputFile: string;
  /** An incomplete run exits 0 (--allow-incomplete): then it is no failure in junit.xml either. */
  allowIncomplete?: boolean;
}

/** The id of the test case that stands for an incomplete run. */
const incompleteId = 'fds-conformance-incomplete';

/**
 * vitest's own JUnit reporter, made to agree with the exit code: a failed check whose failure the verdict
 * does not count (only SHOULD requirements without --strict, or only baseline entries) is written as
 * `<skipped message="SHOULD, not counted: …">`, and a check not exercised as `<skipped message="not
 * exercised: …">`, so that no JUnit consumer (test-report actions, Jenkins' junit step) fails a build
 * the exit code passes. A check that failed and then passed on a retry is written with a
 * `<flakyFailure>` (a pass to JUnit consumers), or as a `<failure>` when --fail-on-flaky counts it.
 */
export class ConformanceJUnitReporter extends JUnitReporter {
  /** Test id → the element written in place of vitest's own (`<skipped>`, `<flakyFailure>` or `<failure>`). */
  private readonly written = new Map<string, { element: string; message: string }>();

  constructor(private readonly verdict: ConformanceJUnitOptions) {
    super({ outputFile: verdict.outputFile, suiteName: 'fds-conformance', includeConsoleOutput: false });
  }

  /** The run's root, which vitest's reporter names each testsuite's file from. */
  private root = process.cwd();

  override async onInit(ctx: Vitest): Promise<void> {
    this.root = ctx.config.root;
    await super.onInit(ctx);
  }

  override async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    this.written.clear();
    this.counted = 0;
    this.enablable.clear();
    // JUnitReporter reads only each module's task tree, and counts failures from its states: it is handed
    // copies in which uncounted failures are skips, and vitest's own results stay as they were.
    const modules = testModules.map((module) => ({
      task: this.withUncountedAsSkipped((module as unknown as { task: File }).task),
    }));
    const incomplete = this.incompleteModule();
    await super.onTestRunEnd([...modules, ...(incomplete ? [incomplete] : [])] as unknown as TestModule[]);
  }

  /** Failures the verdict counts, and checks not exercised for want of what the user could give. */
  private counted = 0;
  private readonly enablable = new Map<string, number>();

  /**
   * An incomplete run that exits 4 is no green build either (DESIGN.md, exit code 4): one test case,
   * failed, says why, as vitest writes a file that failed to load. Its checks stay skipped, each with
   * what would have run it.
   */
  private incompleteModule(): { task: unknown } | undefined {
    if (this.counted > 0 || this.enablable.size === 0 || this.verdict.allowIncomplete) return undefined;
    const checks = [...this.enablable.values()].reduce((sum, n) => sum + n, 0);
    const wants = [...this.enablable].map(([gift, n]) => `${n} for want of ${gift}`).join('; ');
    const message = `incomplete: ${checks} checks not exercised: ${wants} (--allow-incomplete accepts it)`;
    this.written.set(incompleteId, { element: 'failure', message });
    return {
      task: {
        id: incompleteId,
        type: 'suite',
        name: 'the run is incomplete',
        mode: 'run',
        // Named as a file beside the suites, so its testsuite reads `fds-conformance`.
        filepath: join(this.root, 'fds-conformance'),
        tasks: [],
        meta: {},
        result: { state: 'fail', errors: [{ name: 'Incomplete', message }] },
      },
    };
  }

  override async writeTasks(tasks: Task[], filename: string): Promise<void> {
    for (const task of tasks) {
      const written = this.written.get(task.id);
      if (written === undefined) {
        await super.writeTasks([task], filename);
        continue;
      }
      const time = String((task.result?.duration ?? 0) / 1000);
      await this.writeElement('testcase', { classname: filename, name: task.name, time }, () =>
        this.writeElement(written.element, { message: written.message }, async () => {}),
      );
    }
  }

  private withUncountedAsSkipped<T extends Task | File>(task: T): T {
    if (task.type === 'suite')
      return { ...task, tasks: task.tasks.map((child) => this.withUncountedAsSkipped(child)) };
    if (task.type !== 'test') return task;
    if (task.meta.notExercised !== undefined) {
      const enable = task.meta.enableBy;
      if (enable) this.enablable.set(enable, (this.enablable.get(enable) ?? 0) + 1);
      const message = `not exercised: ${task.meta.notExercised}${enable ? ` (give ${enable} to run it)` : ''}`;
      this.written.set(task.id, { element: 'skipped', message });
    }
    // The requirements the failure breaks (the assertion's), not every one the check exercises.
    const ids =
      task.meta.failure?.requirements ??
      task.meta.failedAttempts?.[0]?.requirements ??
      task.meta.requirements ??
      [];
    const counted = ids.some((id) => {
      const requirement = requirementById(id);
      return requirement === undefined || failureCounts(requirement, this.verdict);
    });
    // Failed, then passed on a retry, or failed only on transient answers: Surefire's <flakyFailure>, which
    // JUnit consumers read as a pass, or a <failure> where --fail-on-flaky makes it count.
    const transient = task.result?.state === 'fail' && failedOnlyOnTransientAnswers(task.meta.failedAttempts);
    if (task.result && (transient || (task.result.state === 'pass' && (task.result.retryCount ?? 0) > 0))) {
      const first = task.meta.failedAttempts?.[0]?.message.split('\n')[0] ?? 'failed';
      const message = transient
        ? `flaky: failed only on transient answers: ${first}`
        : `flaky: failed ${task.result.retryCount} time(s), then passed: ${first}`;
      if (!(counted && this.verdict.failOnFlaky)) {
        this.written.set(task.id, { element: 'flakyFailure', message });
        return { ...task, result: { ...task.result, state: 'pass', errors: [] } };
      }
      this.written.set(task.id, { element: 'failure', message });
      return { ...task, result: { ...task.result, state: 'fail' } };
    }
    if (task.result?.state !== 'fail') return task;
    // The test's name lists every requirement the check exercises; the failure says which it breaks.
    if (counted || ids.length === 0) {
      this.counted++;
      const errors = task.result.errors?.map((e) => ({
        ...e,
        message: `fails ${ids.join(', ')}: ${e.message}`,
      }));
      return { ...task, result: { ...task.result, ...(errors ? { errors } : {}) } };
    }
    const inBaseline = ids.filter((id) => this.verdict.baseline?.has(id)).length;
    const why =
      inBaseline === ids.length
        ? 'in the baseline'
        : inBaseline === 0
          ? 'SHOULD'
          : 'SHOULD or in the baseline';
    // The finding's first line; the report files hold the rest, evidence included.
    const finding = task.result.errors?.[0]?.message.split('\n')[0] ?? 'failed';
    this.written.set(task.id, { element: 'skipped', message: `${why}, not counted: ${finding}` });
    return { ...task, mode: 'skip', result: { ...task.result, state: 'skip', errors: [] } };
  }
}
