import { NotExercised } from '../../src/checks/check.ts';
import { Failure } from '../../src/checks/failures.ts';
import { completed, type WalkStop } from '../../src/checks/paging.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import type { WalkFinding } from './findings.ts';
import { oddLimit } from './support.ts';
import { byWhoseLoss, type Gaps } from './walk-gaps.ts';
import { classWalk, type SnapshotWalk } from './walks.ts';

/* What the checks make of a walk: the findings it noted, how it stopped, whether it saw anything. */

/** The finding as a Failure: what was expected, how often it broke, the first examples, the first page at fault. */
export function walkFailure(walk: SnapshotWalk, finding: WalkFinding, expectation: string): Failure {
  const more =
    finding.count > finding.examples.length ? `\n… ${finding.count - finding.examples.length} more` : '';
  return new Failure(
    `${expectation}; the walk ${walk.label} broke it ${finding.count} time(s):\n${finding.examples.join('\n')}${more}`,
    finding.exchange,
  );
}

/** Throws the walk's first finding of the requirement, if any. */
export function expectNoFinding(walk: SnapshotWalk, requirement: RequirementId, expectation: string): void {
  const finding = walk.findings.get(requirement);
  if (finding) throw walkFailure(walk, finding, expectation);
}

/**
 * The transactions of class `className` a filtered walk lost at its page boundaries (`lost`), split by
 * whose rule the loss breaks (byWhoseLoss): the same filter is walked at limit=137, whose pages end
 * elsewhere, once per run and only when there are such losses. When that walk does not end, nothing
 * tells them apart and the boundary decides: paging's.
 */
export async function boundaryLosses(
  lost: Gaps['atBoundary'],
  expected: Iterable<string>,
  className: string,
): Promise<{ paging: Gaps['atBoundary']; filter: string[] }> {
  if (lost.length === 0) return { paging: [], filter: [] };
  const other = await classWalk(className, oddLimit);
  if (!completed(other)) return { paging: lost, filter: [] };
  return byWhoseLoss(lost, expected, other);
}

/**
 * The rule a walk's stop breaks, where it is one of the paging rules: a later page refused or no list
 * (AFFORD-10, following links.next answers the following page), a loop or pages without end (AFFORD-05,
 * a walk ends), a page of transactions seen before (AFFORD-11). Else the check's own requirement holds it.
 */
function brokenByStop(stop: WalkStop): RequirementId[] | undefined {
  if (stop.page > 0 && (stop.reason === 'status' || stop.reason === 'not-a-list')) return ['AFFORD-10'];
  if (stop.reason === 'loop' || stop.reason === 'too-many-pages') return ['AFFORD-05'];
  if (stop.reason === 'repeated-page') return ['AFFORD-11'];
  return undefined;
}

/**
 * Throws what stopped a walk before its end. A walk stopped by its page cap, with every page
 * full of fresh transactions, says nothing against the target: the spec does not bound a snapshot, the
 * cap is ours, so what needed the end is not exercised (a loop, a repeated or a mostly empty page stops
 * a walk as a finding before that).
 */
export function expectCompleted(walk: SnapshotWalk): void {
  if (completed(walk)) return;
  if (walk.stop?.reason === 'page-cap')
    throw new NotExercised(
      `the walk ${walk.label} (${walk.request}) reached the suite's cap before the snapshot's end; ${walk.stop.message}. ` +
        'A smaller fixture snapshot (affordabilityId) lets the walks reach the end',
    );
  if (walk.stop)
    throw new Failure(
      `the walk ${walk.label} (${walk.request}) stopped before a page without links.next: ${walk.stop.message}`,
      walk.stop.exchange,
      brokenByStop(walk.stop),
      // The page before the one that stopped it: the request whose links.next led there.
      walk.stop.page > 0 ? walk.ends?.[walk.stop.page - 1]?.exchange : undefined,
    );
  throw new Failure(`the walk ${walk.label} (${walk.request}) did not reach its last page`, walk.last);
}

/**
 * A walk's first page must have answered with a list for anything to be judged; a snapshot the walk found
 * empty leaves transaction-level requirements not exercised.
 */
export function expectTransactionsSeen(
  walk: SnapshotWalk,
  empty = 'the fixture snapshot holds no transaction, so none can be checked',
): void {
  if (walk.stop && walk.stop.page === 0)
    throw new Failure(
      `no transaction to check: the first page of the walk ${walk.label} failed: ${walk.stop.message}`,
      walk.stop.exchange,
    );
  if (walk.entries === 0) throw new NotExercised(empty);
}
