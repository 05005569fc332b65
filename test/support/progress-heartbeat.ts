import { relative } from 'node:path';
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

/** The longest a log may stay silent while test files run. */
const quietMs = 15_000;

/**
 * In a log that is not a terminal (CI, `npm test > log`), vitest prints a line only as a test file ends,
 * and the longest files run for minutes: a line at least every 15 s says the run is alive, how far it
 * has come and which files it is waiting on. A terminal has vitest's own live view, so nothing is added.
 */
export default class ProgressHeartbeat implements Reporter {
  private readonly running = new Set<string>();
  private total = 0;
  private done = 0;
  private started = Date.now();
  private lastLine = Date.now();
  private timer: NodeJS.Timeout | undefined;

  private readonly write: (line: string) => void;

  /** `write` is the tests'; vitest, given the reporter by its path (.ci/run), passes its options instead. */
  constructor(write?: ((line: string) => void) | object) {
    this.write =
      typeof write === 'function'
        ? (write as (line: string) => void)
        : (line) => process.stdout.write(`${line}\n`);
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.total = specifications.length;
    this.started = this.lastLine = Date.now();
    if (process.stdout.isTTY) return;
    this.timer = setInterval(() => this.tick(), 1_000);
    this.timer.unref();
  }

  onTestModuleStart(module: TestModule): void {
    this.running.add(relative(process.cwd(), module.moduleId));
  }

  onTestModuleEnd(module: TestModule): void {
    this.running.delete(relative(process.cwd(), module.moduleId));
    this.done++;
    // vitest prints the file's own line now.
    this.lastLine = Date.now();
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
  }

  /** The line, when the log has been quiet for nearly the longest allowed. */
  tick(now = Date.now()): void {
    if (now - this.lastLine < quietMs - 1_000) return;
    this.lastLine = now;
    const files = [...this.running];
    const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? ` and ${files.length - 3} more` : '');
    this.write(
      `  … ${Math.round((now - this.started) / 1_000)} s: ${this.done} of ${this.total} test files done${files.length > 0 ? `; running ${shown}` : ''}`,
    );
  }
}
