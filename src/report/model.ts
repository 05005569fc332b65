import { catalogue, type RequirementLevel } from '../requirements/catalogue.ts';
import type { FailureEvidence } from '../checks/check.ts';
import type { ProbeNotRun } from '../checks/run-context.ts';
import type { CreatedResource } from '../http/exchange.ts';
import { outsideLabel, outsideReason, type RunSelection } from './selection.ts';

/** The outcome of one check, as the runner collected it from vitest. */
export interface CheckResult {
  /** The check's title, without the requirement ids its test name carries. */
  name: string;
  file: string;
  requirements: string[];
  /**
   * `flaky`: failed, then passed when --retries ran it again; or failed only on transient answers (a 502,
   * 503, 504 or reset still there after --retry-transient's retries). `partly-exercised`: it found no
   * violation, but did not send every probe (`notRun`).
   */
  state: 'passed' | 'partly-exercised' | 'failed' | 'flaky' | 'not-exercised';
  /** For a failure, the finding; for a flaky check, its first failed attempt's; for a check not exercised, the reason. */
  message?: string;
  /** For a check not exercised for want of what the user could give: what that is (a flag, an env var, a profile field). */
  enableBy?: string;
  /** For a check partly exercised: the probes it did not send, why, and what would have them sent. */
  notRun?: ProbeNotRun[];
  /**
   * For a check not exercised because the condition it applies under did not hold on the target
   * (CheckOptions.onlyWhen): that condition. Such a check leaves no probe of its requirements missing.
   */
  onlyWhen?: string;
  failure?: FailureEvidence;
  /** Resources its requests created on the target. */
  created?: CreatedResource[];
  /** A flaky check's failed attempts, each with its finding and evidence (and its transient answer, if one). */
  failedAttempts?: (FailureEvidence & { message: string })[];
  durationMs: number;
}

/**
 * What a run's evidence says about its setup rather than the target's conformance (report.json
 * `diagnosis`, docs/design.md#reports): the kind, and one line saying what it looks like and what to check.
 */
export interface Diagnosis {
  kind: 'unavailable' | 'auth-refused' | 'timeouts' | 'other-origin';
  line: string;
}

export type RequirementStatus = 'passed' | 'partly-exercised' | 'failed' | 'flaky' | 'not-exercised';

/**
 * What of a partly exercised requirement did not run: a check of it as a whole (no `probe`), or a probe
 * of a check that ran; why, and what the user could give to run it, where the user could.
 */
export interface NotRun {
  check: string;
  probe?: string;
  reason: string;
  enableBy?: string;
}

export interface RequirementFailure extends FailureEvidence {
  check: string;
  message: string;
}

export interface RequirementResult {
  id: string;
  level: RequirementLevel;
  group: string;
  title: string;
  specRef: string;
  status: RequirementStatus;
  checks: string[];
  failures: RequirementFailure[];
  /** Why the checks of a requirement that was not exercised did not run. */
  notExercised?: string[];
  /** For a requirement partly exercised: each check, or probe of a check, that did not run, and why. */
  notRun?: NotRun[];
  /**
   * For a requirement not exercised, or partly exercised, because the user gave too little: what would
   * have exercised it. Such a requirement makes the run incomplete (docs/design.md#exit-codes, 4).
   */
  enableBy?: string[];
  /**
   * The time its checks took, summed (a check that names several requirements counts in each); absent
   * from the reports of versions before it.
   */
  durationMs?: number;
}

/**
 * The requirements a failed check's failure breaks: those its failing assertion named, or, where the
 * check left none (it did not finish), every requirement it names.
 */
export function failedRequirementsOf(check: CheckResult): string[] {
  return check.failure?.requirements ?? check.requirements;
}

/**
 * Whether a check failed only on transient answers: every failed attempt ended on one
 * (docs/design.md#run-options, --retry-transient). Such a check is flaky, never failed; one real finding among them makes it failed.
 */
export function failedOnlyOnTransientAnswers(attempts: readonly FailureEvidence[] | undefined): boolean {
  return attempts !== undefined && attempts.length > 0 && attempts.every((a) => a.transient !== undefined);
}

/**
 * A check the run's selection left out (`--only`, `--rerun-failed`, `--shard`), as the check index
 * declares it: a requirement it names was not exercised by every check that names it.
 */
export interface LeftOutCheck {
  /** Its title, as a run names it in report.json. */
  name: string;
  file: string;
  requirements: string[];
}

/**
 * What of a requirement's checks did not run, each with why: a check not exercised (unless the condition
 * it applies under did not hold: CheckOptions.onlyWhen), the probes a partly exercised check left out,
 * and a check that stopped at another requirement's failure before it proved this one.
 */
function notRunOf(mine: readonly CheckResult[], stopped: readonly CheckResult[]): NotRun[] {
  return mine.flatMap((c): NotRun[] => {
    if (c.state === 'not-exercised' && c.onlyWhen === undefined)
      return [
        { check: c.name, reason: c.message ?? 'skipped', ...(c.enableBy ? { enableBy: c.enableBy } : {}) },
      ];
    if (c.state === 'partly-exercised') return (c.notRun ?? []).map((probe) => ({ check: c.name, ...probe }));
    return stopped.includes(c) ? [{ check: c.name, reason: stoppedReason(c) }] : [];
  });
}

function stoppedReason(check: CheckResult): string {
  return `stopped at a failure of ${failedRequirementsOf(check).join(', ')} before proving it`;
}

/**
 * Results grouped by requirement (docs/design.md#every-check-names-its-requirement): failed when a
 * check's failure breaks it; passed only when every check that names it ran every probe it has and none
 * broke it; partly exercised when some ran and something did not (a check, or a probe of one: `notRun`);
 * and otherwise not exercised, never passed. A check that failed on another requirement's rule neither
 * passes nor fails this one: it stopped before proving it; one the selection left out (`leftOut`) did not
 * run for it. A requirement no check of the run names is not exercised because the selection left it out
 * (`outside --only users`), or, in a whole run, because no check exercises it.
 */
export function requirementResults(
  checks: CheckResult[],
  selection?: RunSelection,
  leftOut: readonly LeftOutCheck[] = [],
): RequirementResult[] {
  const outside = outsideLabel(selection) ?? 'left out of the run';
  return catalogue.requirements.map((requirement) => {
    const mine = checks.filter((c) => c.requirements.includes(requirement.id));
    const outsideChecks = leftOut.filter((c) => c.requirements.includes(requirement.id));
    const failed = mine.filter(
      (c) => c.state === 'failed' && failedRequirementsOf(c).includes(requirement.id),
    );
    const stopped = mine.filter((c) => c.state === 'failed' && !failed.includes(c));
    const flaky = mine.filter((c) => c.state === 'flaky');
    const ran = mine.some((c) => c.state === 'passed' || c.state === 'partly-exercised');
    const notRun: NotRun[] = [
      ...notRunOf(mine, stopped),
      ...outsideChecks.map((c) => ({ check: c.name, reason: outside })),
    ];
    const status: RequirementStatus =
      failed.length > 0
        ? 'failed'
        : flaky.length > 0
          ? 'flaky'
          : !ran
            ? 'not-exercised'
            : notRun.length > 0
              ? 'partly-exercised'
              : 'passed';
    const enableBy = [...new Set(notRun.flatMap((n) => (n.enableBy ? [n.enableBy] : [])))];
    const reasons = [
      ...new Set([
        ...mine.filter((c) => c.state === 'not-exercised').map((c) => c.message ?? 'skipped'),
        ...stopped.map((c) => `its check "${c.name}" ${stoppedReason(c)}`),
        // Named beside the reasons of its checks that did run; with none run, the fallback below says it.
        ...(mine.length > 0 && outsideChecks.length > 0
          ? [`${outsideChecks.length} of its checks ${outside}`]
          : []),
      ]),
    ];
    return {
      id: requirement.id,
      level: requirement.level,
      group: requirement.group,
      title: requirement.title,
      specRef: requirement.specRef,
      status,
      checks: mine.map((c) => c.name),
      failures: [
        ...failed.map((c) => ({ check: c.name, message: c.message ?? 'failed', ...c.failure })),
        // A flaky check's failed attempts: the evidence a person needs to tell the target from the network.
        ...flaky.flatMap((c) =>
          (c.failedAttempts ?? []).map((attempt, index) => ({
            check: c.name,
            ...attempt,
            message:
              attempt.transient === undefined
                ? `attempt ${index + 1} failed, a later one passed: ${attempt.message}`
                : `attempt ${index + 1} failed on a transient answer (${attempt.transient}): ${attempt.message}`,
          })),
        ),
      ],
      ...(status === 'not-exercised'
        ? { notExercised: reasons.length > 0 ? reasons : [outsideReason(selection)] }
        : {}),
      ...(status === 'partly-exercised' ? { notRun } : {}),
      ...((status === 'not-exercised' || status === 'partly-exercised') && enableBy.length > 0
        ? { enableBy }
        : {}),
      durationMs: mine.reduce((sum, c) => sum + c.durationMs, 0),
    };
  });
}
