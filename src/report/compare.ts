import { transientAnswer } from '../http/exchange.ts';
import { oneLine } from './markdown.ts';
import { notRunLines } from './not-run.ts';
import type { RequirementResult, RequirementStatus } from './model.ts';
import type { Report } from './report.ts';

/** One requirement whose status moved between two runs (or stayed failed). */
export interface ComparisonEntry {
  id: string;
  level: string;
  title: string;
  /** The status in the previous run; null for a requirement new to the catalogue. */
  previous: RequirementStatus | null;
  current: RequirementStatus;
  /**
   * Failed or flaky now: the first failure's message in one line; not exercised now: why; partly
   * exercised now: what did not run.
   */
  reason?: string;
}

/** The run a comparison names: when it started and what it ran against. */
export interface ComparedRun {
  startedAt: string;
  baseUrl: string;
  embeddedMock: boolean;
  /** The interface version the run asked for; absent from reports that did not record it. */
  version?: string;
}

/** What changed between a previous run and the current one, each list in catalogue order. */
export interface Comparison {
  previous: ComparedRun;
  current: ComparedRun;
  /**
   * Failed now, neither failed nor flaky before (requirements new to the catalogue included), and not only
   * on transient answers.
   */
  newlyFailing: ComparisonEntry[];
  /** Passed now, failed before; never one partly exercised now, which cannot tell. */
  newlyPassing: ComparisonEntry[];
  /** Failed now, and failed or flaky before (a flaky requirement failed then too, on some attempt). */
  stillFailing: ComparisonEntry[];
  /** Flaky now, or failed only on transient answers, and neither failed nor flaky before. */
  newlyFlaky: ComparisonEntry[];
  /** Not exercised now, but passed, failed or flaky before. */
  newlyNotExercised: ComparisonEntry[];
  /**
   * Partly exercised now (not every probe ran, none broke it), but passed, failed or flaky before: a
   * failure before is not known mended.
   */
  newlyPartlyExercised: ComparisonEntry[];
  anythingNewlyFails: boolean;
}

function runOf(report: Report): ComparedRun {
  return {
    startedAt: report.startedAt,
    baseUrl: report.target.baseUrl,
    embeddedMock: report.target.embeddedMock,
    ...(report.target.version === undefined ? {} : { version: report.target.version }),
  };
}

function reasonOf(r: RequirementResult): string | undefined {
  const status: string = r.status;
  if (status === 'failed' || status === 'flaky') {
    const message = r.failures?.[0]?.message;
    return message === undefined ? undefined : oneLine(message);
  }
  if (status === 'not-exercised' && r.notExercised && r.notExercised.length > 0) {
    return oneLine(r.notExercised.join('; '));
  }
  if (status === 'partly-exercised') return oneLine(`not run: ${notRunLines(r).join('; ')}`);
  return undefined;
}

/**
 * A requirement failed only on transient answers, by its evidence (each failure's exchange a 502, 503, 504
 * or reset): a run without --retry-transient (a CI gate's, an older one) records a busy environment's
 * noise as a failure, which a comparison must not call news.
 */
function onlyTransientFailures(r: RequirementResult): boolean {
  const failures = r.failures ?? [];
  return failures.length > 0 && failures.every((f) => f.exchange && transientAnswer(f.exchange));
}

/** Compares two reports requirement by requirement; requirements gone from the catalogue are left out. */
export function compareReports(previous: Report, current: Report): Comparison {
  // Statuses are compared by value as strings, so one this build's type may not list yet (`flaky`) works.
  const before = new Map<string, string>(previous.requirements.map((r) => [r.id, r.status]));
  const comparison: Comparison = {
    previous: runOf(previous),
    current: runOf(current),
    newlyFailing: [],
    newlyPassing: [],
    stillFailing: [],
    newlyFlaky: [],
    newlyNotExercised: [],
    newlyPartlyExercised: [],
    anythingNewlyFails: false,
  };
  for (const r of current.requirements) {
    const was = before.get(r.id);
    const now: string = r.status;
    const reason = reasonOf(r);
    const entry: ComparisonEntry = {
      id: r.id,
      level: r.level,
      title: r.title,
      previous: (was ?? null) as RequirementStatus | null,
      current: r.status,
      ...(reason === undefined ? {} : { reason }),
    };
    // Noise on either side is no news: a busy environment's 503 must not read as a regression the next night.
    if (now === 'failed' && (was === 'failed' || was === 'flaky')) {
      comparison.stillFailing.push(entry);
    } else if (now === 'failed') {
      (onlyTransientFailures(r) ? comparison.newlyFlaky : comparison.newlyFailing).push(entry);
    } else if (now === 'passed' && was === 'failed') {
      comparison.newlyPassing.push(entry);
    } else if (now === 'flaky' && was !== 'flaky') {
      comparison.newlyFlaky.push(entry);
    } else if (now === 'not-exercised' && (was === 'passed' || was === 'failed' || was === 'flaky')) {
      comparison.newlyNotExercised.push(entry);
    } else if (now === 'partly-exercised' && (was === 'passed' || was === 'failed' || was === 'flaky')) {
      comparison.newlyPartlyExercised.push(entry);
    }
  }
  comparison.anythingNewlyFails = comparison.newlyFailing.length > 0;
  return comparison;
}
