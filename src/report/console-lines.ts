import type { CheckResult, RequirementFailure, RequirementResult } from './model.ts';
import { tallyLine, type Report } from './report.ts';
import { reproductionOf } from './reproduction.ts';
import type { GivenOptions } from './rerun-commands.ts';
import { shortened } from './shortened.ts';

/** The most lines of one finding the console shows; report.html holds them all. */
const shownLines = 4;
/** A finding's line longer than this loses its middle, never its deciding end (see `shortened`). */
const width = 160;

/** The run a failure line belongs to: its report, and what it was given that report.json does not record. */
export interface FailureContext {
  report: Report;
  given: GivenOptions;
}

/**
 * A failed or flaky requirement as the console shows it: its id and the check that failed, then the
 * finding's own lines beneath, indented, then what reproduces it (`reproductionLines`). The finding is
 * not folded into the first line, where a long request or counter-example would push the words that say
 * why past any cut.
 */
export function failureLines(
  label: 'FAILED' | 'FLAKY',
  requirement: RequirementResult,
  context: FailureContext,
  note = '',
): string[] {
  const failure = requirement.failures[0];
  const lines = (failure?.message ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const shown = lines.length > shownLines ? lines.slice(0, shownLines - 1) : lines;
  return [
    `  ${label} ${requirement.id}${failure ? ` ${failure.check}` : ''}${note}`,
    ...shown.map((line) => `      ${shortened(line, width)}`),
    ...(shown.length < lines.length
      ? [`      … ${lines.length - shown.length} more lines in report.html`]
      : []),
    ...(failure ? reproductionLines(requirement.id, failure, context) : []),
  ];
}

/** A failure's reproduction, a labelled line each, never cut: each is copied or read whole. */
function reproductionLines(
  id: string,
  failure: RequirementFailure,
  { report, given }: FailureContext,
): string[] {
  return Object.entries(reproductionOf(report, id, failure, given)).map(
    ([name, text]) => `      ${`${name}:`.padEnd(9)}${text}`,
  );
}

/** The checks' counts, the console's last line, after the requirements' (`tallyLine`). */
export function checksLine(checks: readonly CheckResult[]): string {
  const count = (state: CheckResult['state']) => checks.filter((c) => c.state === state).length;
  return tallyLine('checks', {
    total: checks.length,
    passed: count('passed'),
    partlyExercised: count('partly-exercised'),
    failed: count('failed'),
    flaky: count('flaky'),
    notExercised: count('not-exercised'),
  });
}
