import type { CreatedResource } from '../http/exchange.ts';
import type { TrafficSummary } from '../http/traffic.ts';
import { diagnosisOf } from './diagnosis.ts';
import type { CheckResult, Diagnosis, LeftOutCheck, RequirementResult } from './model.ts';
import { requirementResults } from './model.ts';
import { packageVersion } from '../package-root.ts';
import { enablerOf, enablers, isEnabler, neverAccepted, type Enabler } from '../profile/enablers.ts';
import { outsideLabel, type RunSelection, type Selection } from './selection.ts';

/** `report.json` exactly as docs/design.md#reports fixes it; md, html and baselines are views of it. */
export interface Report {
  tool: { name: 'fds-conformance'; version: string };
  target: { baseUrl: string; embeddedMock: boolean; version: string };
  startedAt: string;
  durationMs: number;
  seed: number;
  /**
   * What the run was asked to cover (`--only`, `--rerun-failed`, `--shard`, `--read-only`, the baseline)
   * and how many requirements its checks name; reports of versions before it have none.
   */
  selection?: Selection;
  summary: {
    requirements: number;
    passed: number;
    /** Exercised, but not by every probe its checks name; reports of versions before it have none. */
    partlyExercised?: number;
    failed: number;
    notExercised: number;
    flaky: number;
    /**
     * `incomplete`: no failure counts, but requirements the user could have enabled (a key, a fixture)
     * were not exercised, so the run cannot vouch for the target (docs/design.md#exit-codes, 4).
     */
    verdict: 'conformant' | 'nonconformant' | 'incomplete';
  };
  /**
   * When the evidence points at the setup rather than the target's conformance (a target down, a key
   * refused, time-outs, links to another origin): what it looks like and what to check. It changes no verdict.
   */
  diagnosis?: Diagnosis;
  /** What the run sent: requests per group, 429s and the seconds waited on them, the budget. */
  traffic?: TrafficSummary;
  /** Each endpoint group's wall time, in seconds: from its first check file starting to its last ending. */
  secondsByGroup?: Record<string, number>;
  /** Every resource the run created on the target, with the request and the check that created it. */
  created: (CreatedResource & { check: string })[];
  requirements: RequirementResult[];
}

export interface Verdict {
  /** Failing requirement ids that decide the verdict: MUST (and SHOULD with --strict) outside the baseline. */
  blocking: string[];
  /** Baseline ids whose requirement now passes: the baseline can shrink. */
  nowPassing: string[];
  /**
   * Baseline ids whose requirement was partly exercised: not exercised enough to tell whether it still
   * fails, so they stay in the baseline, and never read as now passing.
   */
  undecided: string[];
  /** Baseline ids whose requirement fails again: known failures, not counted. */
  known: string[];
}

export interface VerdictOptions {
  strict: boolean;
  baseline?: Set<string>;
  /** Flaky requirements (failed, then passed on a retry) also fail the run. */
  failOnFlaky?: boolean;
}

/**
 * Whether a failure of this requirement fails the run (docs/design.md#exit-codes): MUST, or SHOULD with
 * --strict, and not a known failure of the baseline. The exit code and junit.xml both ask this.
 */
export function failureCounts(requirement: { id: string; level: string }, options: VerdictOptions): boolean {
  return (requirement.level === 'MUST' || options.strict) && !options.baseline?.has(requirement.id);
}

/** Which failures fail the run (docs/design.md#exit-codes; --strict; --baseline; --fail-on-flaky). */
export function verdictOf(requirements: RequirementResult[], options: VerdictOptions): Verdict {
  const blocking = requirements
    .filter(
      (r) =>
        (r.status === 'failed' || (r.status === 'flaky' && options.failOnFlaky)) && failureCounts(r, options),
    )
    .map((r) => r.id);
  const inBaseline = (status: RequirementResult['status']) =>
    requirements.filter((r) => options.baseline?.has(r.id) && r.status === status).map((r) => r.id);
  return {
    blocking,
    nowPassing: inBaseline('passed'),
    undecided: inBaseline('partly-exercised'),
    known: inBaseline('failed'),
  };
}

export function buildReport(input: {
  checks: CheckResult[];
  target: Report['target'];
  startedAt: Date;
  durationMs: number;
  seed: number;
  strict: boolean;
  baseline?: Set<string>;
  failOnFlaky?: boolean;
  traffic?: TrafficSummary;
  secondsByGroup?: Record<string, number>;
  selection?: RunSelection;
  /** The checks the selection left out (`--only`, `--shard`): their requirements are partly exercised. */
  leftOut?: readonly LeftOutCheck[];
}): { report: Report; verdict: Verdict } {
  const requirements = requirementResults(input.checks, input.selection, input.leftOut);
  const verdict = verdictOf(requirements, {
    strict: input.strict,
    ...(input.baseline ? { baseline: input.baseline } : {}),
    ...(input.failOnFlaky ? { failOnFlaky: true } : {}),
  });
  const count = (status: RequirementResult['status']) =>
    requirements.filter((r) => r.status === status).length;
  const diagnosis = diagnosisOf(input.checks, input.target.baseUrl);
  return {
    verdict,
    report: {
      tool: { name: 'fds-conformance', version: packageVersion },
      target: input.target,
      startedAt: input.startedAt.toISOString(),
      durationMs: Math.round(input.durationMs),
      seed: input.seed,
      ...(input.selection
        ? {
            selection: {
              ...input.selection,
              selected: new Set(input.checks.flatMap((c) => c.requirements)).size,
            },
          }
        : {}),
      summary: {
        requirements: requirements.length,
        passed: count('passed'),
        partlyExercised: count('partly-exercised'),
        failed: count('failed'),
        notExercised: count('not-exercised'),
        flaky: count('flaky'),
        verdict:
          verdict.blocking.length > 0
            ? 'nonconformant'
            : wantingRequirements({
                  requirements,
                  ...(input.selection ? { selection: input.selection } : {}),
                }).length > 0
              ? 'incomplete'
              : 'conformant',
      },
      ...(diagnosis ? { diagnosis } : {}),
      ...(input.traffic ? { traffic: input.traffic } : {}),
      ...(input.secondsByGroup ? { secondsByGroup: input.secondsByGroup } : {}),
      created: input.checks.flatMap((check) =>
        (check.created ?? []).map((resource) => ({ ...resource, check: check.name })),
      ),
      requirements,
    },
  };
}

/** The traffic of a run in one line, for report.md and report.html. */
export function trafficLine(traffic: TrafficSummary): string {
  const groups = Object.entries(traffic.byGroup)
    .map(([group, count]) => `${group} ${count}`)
    .join(', ');
  const budget = traffic.maxRequestsPerSecond ? `${traffic.maxRequestsPerSecond} per second` : 'none';
  return (
    `Traffic: ${traffic.requests} requests (${groups || 'none'}); budget ${budget}; ` +
    `${traffic.rateLimited} answered 429, ${traffic.waitedSeconds} s waited on them` +
    (traffic.transientRetries > 0
      ? `; ${traffic.transientRetries} sent again after a transient answer.`
      : '.')
  );
}

/** The tallies a view shows, each with what it counts. */
export interface Tally {
  total: number;
  passed: number;
  partlyExercised: number;
  failed: number;
  flaky: number;
  notExercised: number;
  /** Of those not exercised, the ones a narrowed run left out, and what left them out (`outside --only users`). */
  outside?: { count: number; label: string };
}

/**
 * Counts in one line, naming what they count: the verdict is about requirements, and a requirement is
 * proved by one or more checks, so "passed" alone would leave a reader to guess which (console, report.md
 * and report.html all word their counts here). Flaky is named only when there is one; partly exercised
 * always, beside passed, so a reader never takes the one for the other.
 */
export function tallyLine(noun: 'requirements' | 'checks', tally: Tally): string {
  const flaky = tally.flaky > 0 ? `, ${tally.flaky} flaky` : '';
  const what = tally.total === 1 ? noun.slice(0, -1) : noun;
  const { outside } = tally;
  const notExercised = `${tally.notExercised - (outside?.count ?? 0)} not exercised`;
  return `${tally.total} ${what}: ${tally.passed} passed, ${tally.partlyExercised} partly exercised, ${tally.failed} failed${flaky}, ${notExercised}${outside ? `, ${outside.count} ${outside.label}` : ''}`;
}

/**
 * The requirements' line of a report: the same words in every view. Those a narrowed run left out (no
 * check of the run names them) are counted apart from those it could not exercise (`208 outside --only
 * users`), as they are nothing to give or fix.
 */
export function requirementsLine(report: Pick<Report, 'summary' | 'requirements' | 'selection'>): string {
  const { summary } = report;
  const label = outsideLabel(report.selection);
  const count = label === undefined ? 0 : report.requirements.filter((r) => r.checks.length === 0).length;
  return tallyLine('requirements', {
    ...summary,
    // Reports of versions before it have no partly exercised requirement, nor the count.
    partlyExercised: summary.partlyExercised ?? 0,
    total: summary.requirements,
    ...(label !== undefined && count > 0 ? { outside: { count, label } } : {}),
  });
}

/** Each group's wall time in one line, for report.md and report.html. */
export function timeLine(secondsByGroup: Record<string, number>): string {
  const groups = Object.entries(secondsByGroup).map(([group, seconds]) => `${group} ${seconds} s`);
  return `Time per group: ${groups.join(', ')}.`;
}

/** What a report's incompleteness is decided on: its requirements, and the baseline's acceptedMissing. */
type Incompleteness = {
  requirements: readonly RequirementResult[];
  selection?: Pick<RunSelection, 'baseline'>;
};

/**
 * The requirements that make a run incomplete (docs/design.md#exit-codes, 4), each with what would have
 * exercised it (`wants`, in the words of `enableBy`): not exercised for want of what the user could give,
 * less what the run's baseline accepts going without (its `acceptedMissing`). A requirement whose every
 * want the baseline accepts is not wanting. The one place a run's incompleteness is decided: the verdict,
 * every view's line and junit.xml read it.
 */
export function wantingRequirements(
  report: Incompleteness,
): { id: string; status: RequirementResult['status']; wants: string[] }[] {
  const accepted = new Set<string>(
    (report.selection?.baseline?.acceptedMissing ?? []).filter(isEnabler).map((field) => enablers[field]),
  );
  return report.requirements.flatMap((r) => {
    const wants = (r.enableBy ?? []).filter((gift) => !accepted.has(gift));
    return wants.length > 0 ? [{ id: r.id, status: r.status, wants }] : [];
  });
}

/**
 * The profile fields a run went without that a baseline may accept (every want but the API key), as
 * `--write-baseline` records them and the console names them.
 */
export function acceptableMissing(report: Incompleteness): Enabler[] {
  const fields = wantingRequirements(report).flatMap((r) => r.wants.map(enablerOf));
  return [...new Set(fields)].filter(
    (field): field is Enabler => field !== undefined && field !== neverAccepted,
  );
}

/**
 * Why a run is incomplete, in one line, the first a reader sees: how many requirements were not
 * exercised, or only partly, for want of what the user could give, and what would exercise them, most
 * requirements first. Undefined for a run that is not.
 */
export function incompleteLine(report: Incompleteness): string | undefined {
  const wanting = wantingRequirements(report);
  if (wanting.length === 0) return undefined;
  const byGift = new Map<string, number>();
  for (const r of wanting) {
    const gift = r.wants[0] as string;
    byGift.set(gift, (byGift.get(gift) ?? 0) + 1);
  }
  const gifts = [...byGift].sort((a, b) => b[1] - a[1]);
  const partly = wanting.filter((r) => r.status === 'partly-exercised').length;
  const none = wanting.length - partly;
  const noun = (n: number) => `requirement${n === 1 ? '' : 's'}`;
  const count = [
    ...(none > 0 ? [`${none} ${noun(none)} not exercised`] : []),
    ...(partly > 0 ? [`${partly}${none > 0 ? '' : ` ${noun(partly)}`} partly exercised`] : []),
  ].join(' and ');
  if (gifts.length === 1) return `incomplete: ${count} for want of ${gifts[0]?.[0]}`;
  return `incomplete: ${count}: ${gifts.map(([gift, n]) => `${n} for want of ${gift}`).join('; ')}`;
}

/**
 * What ends an incomplete run's exit 4, in one line beside incompleteLine's: give what it wanted, or
 * accept the run without it, by --allow-incomplete or a baseline that accepts going without what it
 * lacked (never the API key). Undefined for a run that is not incomplete.
 */
export function acceptIncompleteLine(report: Incompleteness): string | undefined {
  const wanting = wantingRequirements(report);
  if (wanting.length === 0) return undefined;
  const gifts = [...new Set(wanting.flatMap((r) => r.wants))];
  const fields = acceptableMissing(report);
  const baseline = report.selection?.baseline;
  const listed = fields.map((field) => `"${field}"`).join(', ');
  const inBaseline =
    fields.length === 0
      ? ''
      : baseline && !baseline.written
        ? `, or add ${listed} to the "acceptedMissing" of the baseline ${baseline.file}`
        : `, or a baseline that accepts going without ${fields.join(', ')} (--write-baseline FILE records ${fields.length === 1 ? 'it' : 'them'} as "acceptedMissing")`;
  return `to exercise them, give ${gifts.join(' and ')}; to accept the run without them, give --allow-incomplete${inBaseline}`;
}
