import type { RunnerTask as Task, RunnerTestFile as File } from 'vitest';
import { JUnitReporter, type TestModule } from 'vitest/node';
import { requirementById } from '../src/requirements/catalogue.ts';
import { failureCounts, type VerdictOptions } from '../src/report/report.ts';

export interface ConformanceJUnitOptions extends VerdictOptions {
  /** Where junit.xml goes; give it absolute, since vitest resolves a relative one against its own root. */
  outputFile: string;
}

/**
 * vitest's own JUnit reporter, made to agree with the exit code: a failed check whose failure the verdict
 * does not count (only SHOULD requirements without --strict, or only baseline entries) is written as
 * `<skipped message="SHOULD, not counted: …">`, and a check not exercised as `<skipped message="not
 * exercised: …">`, so that no JUnit consumer (test-report actions, Jenkins' junit step) fails a build
 * the exit code passes.
 */
export class ConformanceJUnitReporter extends JUnitReporter {
  /** Test id → the message of its `<skipped>` element, for the run being written. */
  private readonly skipMessages = new Map<string, string>();

  constructor(private readonly verdict: ConformanceJUnitOptions) {
    super({ outputFile: verdict.outputFile, suiteName: 'fds-conformance', includeConsoleOutput: false });
  }

  override async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    this.skipMessages.clear();
    // JUnitReporter reads only each module's task tree, and counts failures from its states: it is handed
    // copies in which uncounted failures are skips, and vitest's own results stay as they were.
    const modules = testModules.map((module) => ({
      task: this.withUncountedAsSkipped((module as unknown as { task: File }).task),
    }));
    await super.onTestRunEnd(modules as unknown as TestModule[]);
  }

  override async writeTasks(tasks: Task[], filename: string): Promise<void> {
    for (const task of tasks) {
      const message = this.skipMessages.get(task.id);
      if (message === undefined) {
        await super.writeTasks([task], filename);
        continue;
      }
      const time = String((task.result?.duration ?? 0) / 1000);
      await this.writeElement('testcase', { classname: filename, name: task.name, time }, () =>
        this.writeElement('skipped', { message }, async () => {}),
      );
    }
  }

  private withUncountedAsSkipped<T extends Task | File>(task: T): T {
    if (task.type === 'suite')
      return { ...task, tasks: task.tasks.map((child) => this.withUncountedAsSkipped(child)) };
    if (task.type !== 'test') return task;
    if (task.meta.notExercised !== undefined)
      this.skipMessages.set(task.id, `not exercised: ${task.meta.notExercised}`);
    if (task.result?.state !== 'fail') return task;
    const ids = task.meta.requirements ?? [];
    const counted = ids.some((id) => {
      const requirement = requirementById(id);
      return requirement === undefined || failureCounts(requirement, this.verdict);
    });
    if (counted || ids.length === 0) return task;
    const inBaseline = ids.filter((id) => this.verdict.baseline?.has(id)).length;
    const why =
      inBaseline === ids.length
        ? 'in the baseline'
        : inBaseline === 0
          ? 'SHOULD'
          : 'SHOULD or in the baseline';
    // The finding's first line; the report files hold the rest, evidence included.
    const finding = task.result.errors?.[0]?.message.split('\n')[0] ?? 'failed';
    this.skipMessages.set(task.id, `${why}, not counted: ${finding}`);
    return { ...task, mode: 'skip', result: { ...task.result, state: 'skip', errors: [] } };
  }
}
