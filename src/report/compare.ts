import { oneLine } from './markdown.ts';
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
  /** Failed or flaky now: the first failure's message in one line; not exercised now: why. */
  reason?: string;
}

/** The run a comparison names: when it started and what it ran against. */
export interface ComparedRun {
  startedAt: string;
  baseUrl: string;
  embeddedMock: boolean;
}

/** What changed between a previous run and the current one, each list in catalogue order. */
export interface Comparison {
  previous: ComparedRun;
  current: ComparedRun;
  /** Failed now, neither failed nor flaky before (requirements new to the catalogue included). */
  newlyFailing: ComparisonEntry[];
  /** Passed now, failed before. */
  newlyPassing: ComparisonEntry[];
  /** Failed now, and failed or flaky before (a flaky requirement failed then too, on some attempt). */
  stillFailing: ComparisonEntry[];
  /** Flaky now, not flaky before. */
  newlyFlaky: ComparisonEntry[];
  /** Not exercised now, but passed, failed or flaky before. */
  newlyNotExercised: ComparisonEntry[];
  anythingNewlyFails: boolean;
}

function runOf(report: Report): ComparedRun {
  return {
    startedAt: report.startedAt,
    baseUrl: report.target.baseUrl,
    embeddedMock: report.target.embeddedMock,
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
  return undefined;
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
    if (now === 'failed') {
      // Flaky before is no news: a nightly environment's noise must not read as a regression the next night.
      (was === 'failed' || was === 'flaky' ? comparison.stillFailing : comparison.newlyFailing).push(entry);
    } else if (now === 'passed' && was === 'failed') {
      comparison.newlyPassing.push(entry);
    } else if (now === 'flaky' && was !== 'flaky') {
      comparison.newlyFlaky.push(entry);
    } else if (now === 'not-exercised' && (was === 'passed' || was === 'failed' || was === 'flaky')) {
      comparison.newlyNotExercised.push(entry);
    }
  }
  comparison.anythingNewlyFails = comparison.newlyFailing.length > 0;
  return comparison;
}
