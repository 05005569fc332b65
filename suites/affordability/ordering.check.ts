// @module-tag walks

import { check } from '../../src/checks/check.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { expectNoFinding, expectTransactionsSeen } from './walk-findings.ts';
import { orderedWalks, snapshotWalks, walkCheckOptions } from './walks.ts';

/**
 * Spec: "Ordering: by account, then posted date descending, pending transactions first." Checked over
 * the whole of each walk, across page boundaries (the walk with limit=137 ends pages mid-account).
 */
const needs = walkCheckOptions;

function orderCheck(title: string, requirement: RequirementId, expectation: string): void {
  check(
    title,
    [requirement],
    async () => {
      const walks = await snapshotWalks(orderedWalks);
      expectTransactionsSeen(walks[0] as (typeof walks)[number]);
      for (const walk of walks) expectNoFinding(walk, requirement, expectation);
    },
    needs,
  );
}

orderCheck(
  'The transactions of one account are contiguous in the affordability list, across pages',
  'AFFORD-12',
  'the list is ordered by account: once the run of an account ends, the account does not appear again',
);

orderCheck(
  'Within one account, posted transactions are ordered by postDate, newest first, across pages',
  'AFFORD-13',
  'within an account, posted transactions go by postDate descending',
);

orderCheck(
  'Within one account, pending transactions come before posted ones, across pages',
  'AFFORD-14',
  'within an account, pending transactions (any status but posted) come first',
);
