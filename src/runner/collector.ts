import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { CheckResult } from '../report/model.ts';

/** `Title [ID-01, ID-02]` → `Title`: the ids are in the name for JUnit and vitest's own output. */
function titleOf(name: string): string {
  return name.replace(/ \[[A-Z]+-\d+(, [A-Z]+-\d+)*\]$/, '');
}

function resultOf(testCase: TestCase, root: string): CheckResult {
  const meta = testCase.meta();
  const result = testCase.result();
  const diagnostic = testCase.diagnostic();
  const base = {
    name: titleOf(testCase.name),
    file: testCase.module.moduleId.replace(`${root}/`, ''),
    requirements: meta.requirements ?? [],
    durationMs: Math.round(diagnostic?.duration ?? 0),
  };
  if (result.state === 'failed') {
    const message = result.errors?.map((e) => e.message).join('\n') ?? 'failed';
    return { ...base, state: 'failed', message, ...(meta.failure ? { failure: meta.failure } : {}) };
  }
  if (result.state === 'passed') return { ...base, state: 'passed' };
  return {
    ...base,
    state: 'not-exercised',
    message: meta.notExercised ?? (result.state === 'skipped' ? result.note : undefined) ?? 'skipped',
  };
}

/** A vitest reporter that keeps every check's outcome for the conformance report. */
export class CheckCollector implements Reporter {
  readonly results: CheckResult[] = [];
  /** Errors outside any check (a suite file that failed to load): they make the run unusable. */
  readonly errors: string[] = [];

  constructor(private readonly root: string) {}

  /** Forgets what earlier runs collected (a session runs many). */
  reset(): void {
    this.results.length = 0;
    this.errors.length = 0;
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string }>,
  ): void {
    for (const module of testModules) {
      for (const error of module.errors()) this.errors.push(`${module.moduleId}: ${error.message}`);
      for (const testCase of module.children.allTests()) this.results.push(resultOf(testCase, this.root));
    }
    for (const error of unhandledErrors) this.errors.push(error.message ?? String(error));
  }
}
