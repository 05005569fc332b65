import type { CheckResult, RequirementFailure, RequirementResult } from './model.ts';
import { tallyLine, type Report } from './report.ts';
import { reproductionOf } from './reproduction.ts';
import { shortened } from './shortened.ts';

/** The most lines of one finding the console shows; report.html holds them all. */
const shownLines = 4;
/** A finding's line longer than this loses its middle, never its deciding end (see `shortened`). */
const width = 160;

/**
 * A failed or flaky requirement as the console shows it: its id and the check that failed, then the
 * finding's own lines beneath, indented, then what reproduces it (`reproductionLines`). The finding is
 * not folded into the first line, where a long request or counter-example would push the words that say
 * why past any cut.
 */
export function failureLines(
  label: 'FAILED' | 'FLAKY',
  requirement: RequirementResult,
  report: Report,
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
    ...(failure ? createdLines(failure, report) : []),
    ...(failure ? reproductionLines(requirement.id, failure, report) : []),
  ];
}

/**
 * The resources this run created that a failure names (a user id in its path, a job in its answer): an id
 * a person does not know reads as the target's data otherwise, and whether the run or the target made
 * it decides where to look.
 */
function createdLines(failure: RequirementFailure, report: Report): string[] {
  const evidence = [failure.message, failure.exchange?.request.url ?? ''].join('\n');
  return report.created
    .filter((resource, index, all) => all.findIndex((r) => r.id === resource.id) === index)
    .filter((resource) => resource.id.length >= 4 && evidence.includes(resource.id))
    .map(
      (resource) =>
        `      created: ${resource.id} is a ${resource.type} this run created (${resource.request}, ${resource.status})`,
    );
}

/** A failure's reproduction, a labelled line each, never cut: each is copied or read whole. */
function reproductionLines(id: string, failure: RequirementFailure, report: Report): string[] {
  return Object.entries(reproductionOf(report, id, failure)).map(
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
