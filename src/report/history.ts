import type { OperationLatency } from '../http/traffic.ts';
import type { RequirementResult, RequirementStatus } from './model.ts';
import type { Report } from './report.ts';

/** One night of the history (history.json `nights`): a report's counts and traffic. */
export interface HistoryNight {
  /** The night's report folder, relative to the folder history.json is written to. */
  folder: string;
  startedAt: string;
  verdict: Report['summary']['verdict'];
  passed: number;
  /** Exercised by some probes but not all, so not passed; 0 for a report of a version before the status. */
  partlyExercised: number;
  failed: number;
  flaky: number;
  notExercised: number;
  /** Requests the run sent; null for a report that does not say. */
  requests: number | null;
  /** Each operation's answered requests and their latency; null for a report that does not record them. */
  byOperation: Record<string, OperationLatency> | null;
}

/** One requirement across the nights (history.json `requirements`). */
export interface HistoryRequirement {
  id: string;
  level: string;
  group: string;
  title: string;
  /** Its status each night, in the order of `nights`; null where that night's report does not list it. */
  statuses: (RequirementStatus | null)[];
  /** Whether it failed or was flaky on any night. */
  troubled: boolean;
  /**
   * For a requirement failed on the last night: the index in `nights` of the first night of the failure
   * that lasts to it (failed every night since, or exercised too little to tell: a night that left it
   * partly exercised never ends a failure); null otherwise.
   */
  failingSince: number | null;
}

/** history.json: the nights oldest first, and the requirements, those failed or flaky on any night first. */
export interface History {
  nights: HistoryNight[];
  /** Every operation some night recorded a latency for, in the spec's words. */
  operations: string[];
  requirements: HistoryRequirement[];
}

const troubledStatuses = new Set<RequirementStatus | null>(['failed', 'flaky']);

/** The statuses a failure lasts through: failed again, or partly exercised, which cannot tell it mended. */
const failureLasts = new Set<RequirementStatus | null>(['failed', 'partly-exercised']);

/** The first night of the failure lasting to the last night, or null when the last night did not fail it. */
function failingSinceOf(statuses: readonly (RequirementStatus | null)[]): number | null {
  if (statuses.at(-1) !== 'failed') return null;
  let since: number | null = null;
  for (let night = statuses.length - 1; night >= 0 && failureLasts.has(statuses[night] ?? null); night--)
    if (statuses[night] === 'failed') since = night;
  return since;
}

/**
 * The nights side by side, ordered by when each run started (a night's folder name or the order given
 * says nothing a report does not say better). `reports` pairs each report with its folder as written.
 */
export function buildHistory(reports: readonly { folder: string; report: Report }[]): History {
  const nights = [...reports].sort((a, b) => Date.parse(a.report.startedAt) - Date.parse(b.report.startedAt));
  // The newest report's order (the catalogue's), then what only older reports list.
  const known = new Map<string, RequirementResult>();
  for (const { report } of [...nights].reverse())
    for (const requirement of report.requirements)
      if (!known.has(requirement.id)) known.set(requirement.id, requirement);
  const byNight = nights.map(({ report }) => new Map(report.requirements.map((r) => [r.id, r.status])));
  const rows = [...known.values()].map((requirement): HistoryRequirement => {
    const statuses = byNight.map((night) => night.get(requirement.id) ?? null);
    return {
      id: requirement.id,
      level: requirement.level,
      group: requirement.group,
      title: requirement.title,
      statuses,
      troubled: statuses.some((status) => troubledStatuses.has(status)),
      failingSince: failingSinceOf(statuses),
    };
  });
  const operations = [
    ...new Set(nights.flatMap(({ report }) => Object.keys(report.traffic?.byOperation ?? {}))),
  ].sort();
  return {
    nights: nights.map(({ folder, report }) => ({
      folder,
      startedAt: report.startedAt,
      verdict: report.summary.verdict,
      passed: report.summary.passed,
      partlyExercised: report.summary.partlyExercised ?? 0,
      failed: report.summary.failed,
      flaky: report.summary.flaky,
      notExercised: report.summary.notExercised,
      requests: report.traffic?.requests ?? null,
      byOperation: report.traffic?.byOperation ?? null,
    })),
    operations,
    requirements: [...rows.filter((r) => r.troubled), ...rows.filter((r) => !r.troubled)],
  };
}
