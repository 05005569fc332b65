import { NotExercised } from '../../src/checks/check.ts';
import { Finding } from '../../src/checks/findings.ts';
import { completed, type WalkProblem } from '../../src/checks/paging.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import type { Flaw } from './flaws.ts';
import type { SnapshotWalk } from './walks.ts';

/* What the checks make of a walk: the flaws it noted, how it stopped, whether it saw anything. */

/** The flaw as a Finding: what was expected, how often it broke, the first examples, the first page at fault. */
export function flawFinding(walk: SnapshotWalk, flaw: Flaw, expectation: string): Finding {
  const more = flaw.count > flaw.examples.length ? `\n… ${flaw.count - flaw.examples.length} more` : '';
  return new Finding(
    `${expectation}; the walk ${walk.label} broke it ${flaw.count} time(s):\n${flaw.examples.join('\n')}${more}`,
    flaw.exchange,
  );
}

/** Throws the walk's first flaw of the requirement, if any. */
export function expectNoFlaw(walk: SnapshotWalk, requirement: RequirementId, expectation: string): void {
  const flaw = walk.flaws.get(requirement);
  if (flaw) throw flawFinding(walk, flaw, expectation);
}

/**
 * The rule a walk's stop breaks, where it is one of the paging rules: a later page refused or no list
 * (AFFORD-10, following links.next answers the following page), a loop or pages without end (AFFORD-05,
 * a walk ends), a page of transactions seen before (AFFORD-11). Else the check's own requirement holds it.
 */
function brokenByStop(problem: WalkProblem): RequirementId[] | undefined {
  if (problem.page > 0 && (problem.reason === 'status' || problem.reason === 'not-a-list'))
    return ['AFFORD-10'];
  if (problem.reason === 'loop' || problem.reason === 'too-many-pages') return ['AFFORD-05'];
  if (problem.reason === 'repeated-page') return ['AFFORD-11'];
  return undefined;
}

/**
 * Throws the problem that stopped a walk before its end. A walk stopped by its page cap, with every page
 * full of fresh transactions, says nothing against the target: the spec does not bound a snapshot, the
 * cap is ours, so what needed the end is not exercised (a loop, a repeated or a mostly empty page stops
 * a walk as a finding before that).
 */
export function expectCompleted(walk: SnapshotWalk): void {
  if (completed(walk)) return;
  if (walk.problem?.reason === 'page-cap')
    throw new NotExercised(
      `the walk ${walk.label} (${walk.request}) reached the suite's cap before the snapshot's end; ${walk.problem.message}. ` +
        'A smaller fixture snapshot (affordabilityId) lets the walks reach the end',
    );
  if (walk.problem)
    throw new Finding(
      `the walk ${walk.label} (${walk.request}) stopped before a page without links.next: ${walk.problem.message}`,
      walk.problem.exchange,
      brokenByStop(walk.problem),
    );
  throw new Finding(`the walk ${walk.label} (${walk.request}) did not reach its last page`, walk.last);
}

/**
 * A walk's first page must have answered with a list for anything to be judged; a snapshot the walk found
 * empty leaves transaction-level requirements not exercised.
 */
export function expectTransactionsSeen(
  walk: SnapshotWalk,
  empty = 'the fixture snapshot holds no transaction, so none can be checked',
): void {
  if (walk.problem && walk.problem.page === 0)
    throw new Finding(
      `no transaction to check: the first page of the walk ${walk.label} failed: ${walk.problem.message}`,
      walk.problem.exchange,
    );
  if (walk.entries === 0) throw new NotExercised(empty);
}
