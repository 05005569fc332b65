import type { Reporter, TestModule, TestSpecification } from 'vitest/node';
import { Output } from '../../src/output.ts';
import { tallyLine } from '../../src/report/report.ts';
import { suiteGroupOf } from '../../src/requirements/groups.ts';
import { selected } from './check-collector.ts';

/** A line per group as its last suite file finishes, so a long nightly run shows where it is. */
export class GroupProgress implements Reporter {
  private readonly remaining = new Map<string, number>();
  private readonly tallies = new Map<
    string,
    { passed: number; partlyExercised: number; failed: number; skipped: number }
  >();

  /** The lines go to the output's stdout. */
  constructor(private readonly output: Output = new Output()) {}

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    for (const spec of specifications) {
      const group = suiteGroupOf(spec.moduleId);
      this.remaining.set(group, (this.remaining.get(group) ?? 0) + 1);
    }
  }

  onTestModuleEnd(module: TestModule): void {
    const group = suiteGroupOf(module.moduleId);
    const tally = this.tallies.get(group) ?? { passed: 0, partlyExercised: 0, failed: 0, skipped: 0 };
    for (const test of module.children.allTests()) {
      if (!selected(test)) continue;
      const state = test.result().state;
      // As the check collector reads it: a check that left a probe out passed nothing whole.
      if (state === 'passed' && test.meta().notRun?.length) tally.partlyExercised++;
      else if (state === 'passed') tally.passed++;
      else if (state === 'failed') tally.failed++;
      else tally.skipped++;
    }
    this.tallies.set(group, tally);
    const left = (this.remaining.get(group) ?? 1) - 1;
    this.remaining.set(group, left);
    if (left === 0) {
      const line = tallyLine('checks', {
        total: tally.passed + tally.partlyExercised + tally.failed + tally.skipped,
        passed: tally.passed,
        partlyExercised: tally.partlyExercised,
        failed: tally.failed,
        flaky: 0,
        notExercised: tally.skipped,
      });
      this.output.stdout(`  ${group.padEnd(14)} ${line}`);
    }
  }
}
