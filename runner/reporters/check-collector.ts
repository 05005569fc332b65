import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import { sealingKey, Secrets, unsealSecrets } from '../../src/http/secrets.ts';
import { failedOnlyOnTransientAnswers, type CheckResult } from '../../src/report/model.ts';

/** `Title [ID-01, ID-02]` → `Title`: the ids are in the name for vitest's own reporters. */
function titleOf(name: string): string {
  return name.replace(/ \[[A-Z]+-\d+(, [A-Z]+-\d+)*\]$/, '');
}

/** A run error as one line: vitest wraps a worker's failure, whose own message says what happened. */
function describeRunError(error: { message?: string; cause?: unknown }): string {
  const cause = (error.cause as { message?: unknown } | undefined)?.message;
  const message = error.message ?? String(error);
  return typeof cause === 'string' && cause !== '' ? `${message} ${cause}` : message;
}

function resultOf(testCase: TestCase, root: string, runErrors: readonly string[]): CheckResult {
  const meta = testCase.meta();
  const result = testCase.result();
  const diagnostic = testCase.diagnostic();
  const base = {
    name: titleOf(testCase.name),
    file: testCase.module.moduleId.replace(`${root}/`, ''),
    requirements: meta.requirements ?? [],
    durationMs: Math.round(diagnostic?.duration ?? 0),
    ...(meta.created?.length ? { created: meta.created } : {}),
  };
  if (result.state === 'failed' && failedOnlyOnTransientAnswers(meta.failedAttempts)) {
    const attempts = meta.failedAttempts ?? [];
    return { ...base, state: 'flaky', message: attempts[0]?.message ?? 'failed', failedAttempts: attempts };
  }
  if (result.state === 'failed') {
    const message = result.errors?.map((e) => e.message).join('\n') ?? 'failed';
    return { ...base, state: 'failed', message, ...(meta.failure ? { failure: meta.failure } : {}) };
  }
  if (result.state === 'passed' && diagnostic?.flaky) {
    const attempts = meta.failedAttempts ?? [];
    return {
      ...base,
      state: 'flaky',
      message: attempts[0]?.message ?? 'failed, then passed on a retry',
      failedAttempts: attempts,
    };
  }
  // A check that left a probe out proved less than it names: partly exercised, never passed.
  if (result.state === 'passed' && meta.notRun?.length)
    return { ...base, state: 'partly-exercised', notRun: meta.notRun };
  if (result.state === 'passed') return { ...base, state: 'passed' };
  // Still pending at the run's end: its worker died under it (out of memory on a huge target, say).
  if (result.state === 'pending')
    return {
      ...base,
      state: 'failed',
      message: `the check did not finish: ${runErrors.join('; ') || 'its worker stopped before it ended'}`,
    };
  return {
    ...base,
    state: 'not-exercised',
    message: meta.notExercised ?? (result.state === 'skipped' ? result.note : undefined) ?? 'skipped',
    ...(meta.enableBy ? { enableBy: meta.enableBy } : {}),
    ...(meta.conditionUnmet && meta.onlyWhen !== undefined ? { onlyWhen: meta.onlyWhen } : {}),
  };
}

/**
 * Whether the run selected a check: one its name pattern left out (`--only ID`, `--rerun-failed` run
 * some checks of a file) is skipped before it starts, by its mode, and is no more the run's than the
 * checks of a group it did not run; a check that skips itself (a missing fixture) runs in mode `run`.
 */
export function selected(testCase: TestCase): boolean {
  return testCase.options.mode !== 'skip' || testCase.result().state !== 'skipped';
}

/**
 * A vitest reporter that keeps the outcome of every check the run selected, for the conformance report,
 * and the secrets the checks' workers learnt (every token issued, every credential sent), which they hand
 * over sealed under a key of its own (src/checks/run-context.ts, sealedNewSecrets): the run's writers mask
 * them (src/output.ts), and nothing else can read them.
 */
export class CheckCollector implements Reporter {
  readonly results: CheckResult[] = [];
  /** Errors outside any check (a suite file that failed to load): they make the run unusable. */
  readonly errors: string[] = [];
  /** The secrets this run's workers reported, in the order they came: a session's runs each their own. */
  readonly learnt: string[] = [];
  private readonly key = sealingKey();

  constructor(
    private readonly root: string,
    /** Where the workers' secrets go: the run's writers' (src/output.ts, Output.secrets). */
    readonly secrets: Secrets = new Secrets(),
  ) {}

  onInit(vitest: Vitest): void {
    vitest.provide('secretsSealingKey', this.key);
  }

  /** What a check sealed under this collector's key; nothing for a seal under another collector's. */
  private unsealed(sealed: string): string[] {
    try {
      return unsealSecrets(sealed, this.key);
    } catch {
      // vitest provides one key to every worker: with two collectors in one configuration, the last one's.
      return [];
    }
  }

  /** Forgets what earlier runs collected (a session runs many); the secrets learnt stay masked. */
  reset(): void {
    this.results.length = 0;
    this.errors.length = 0;
    this.learnt.length = 0;
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string; cause?: unknown }>,
  ): void {
    const runErrors = unhandledErrors.map(describeRunError);
    for (const module of testModules) {
      for (const error of module.errors()) this.errors.push(`${module.moduleId}: ${error.message}`);
      for (const testCase of module.children.allTests()) {
        for (const sealed of testCase.meta().secrets ?? [])
          for (const secret of this.unsealed(sealed)) {
            this.secrets.add(secret);
            this.learnt.push(secret);
          }
        if (selected(testCase)) this.results.push(resultOf(testCase, this.root, runErrors));
      }
    }
    this.errors.push(...runErrors);
  }
}
