// @module-tag walks

import type { Exchange } from '../../src/http/exchange.ts';
import { check, NotExercised } from '../../src/checks/check.ts';
import { Failure } from '../../src/checks/failures.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { accountInstitutions } from './support.ts';
import { expectNoFinding, expectTransactionsSeen } from './walk-findings.ts';
import { allWalks, snapshotWalk, snapshotWalks, walkCheckOptions } from './walks.ts';

/**
 * Field-level requirements of the affordability transaction (spec: Affordability transaction), each over
 * every transaction of every page of every walk (the walk without limit first): one requirement per
 * check, so a faulty field fails its own, and a field only a page reached by links.next, another limit or
 * a filter gets wrong is judged too.
 */
const needs = walkCheckOptions;

function fieldCheck(title: string, requirement: RequirementId, expectation: string): void {
  check(
    title,
    [requirement],
    async () => {
      expectTransactionsSeen(await snapshotWalk('default', allWalks));
      for (const walk of await snapshotWalks(allWalks)) expectNoFinding(walk, requirement, expectation);
    },
    needs,
  );
}

fieldCheck(
  'Every affordability transaction carries type "transaction" and an id string',
  'AFFORD-17',
  'type is "transaction" and id a non-empty string',
);
fieldCheck("Every affordability transaction's status is a string", 'AFFORD-18', 'status is a string');
fieldCheck(
  "Every affordability transaction's description and account are strings",
  'AFFORD-19',
  'description and account are strings',
);
fieldCheck(
  "Every affordability transaction's amount is a signed decimal string",
  'AFFORD-20',
  'amount is a signed decimal string',
);
fieldCheck(
  "Every affordability transaction's balance is a decimal string",
  'AFFORD-21',
  'balance is a decimal string',
);
fieldCheck(
  'Every affordability transaction\'s direction is "debit" or "credit"',
  'AFFORD-22',
  'direction is debit or credit',
);
fieldCheck(
  "Every debit transaction's class is bank-fee, payment, cash-withdrawal, internal-transfer, external-transfer or loan-interest",
  'AFFORD-23',
  'a debit is of a debit class',
);
fieldCheck(
  "Every credit transaction's class is refund, direct-credit, interest, internal-transfer, external-transfer or loan-repayment",
  'AFFORD-24',
  'a credit is of a credit class',
);
fieldCheck(
  "Every affordability transaction's institution is a string",
  'AFFORD-25',
  'institution is a string',
);
fieldCheck(
  "Every affordability transaction's transactionDate is a string, possibly empty",
  'AFFORD-26',
  'transactionDate is a string, possibly empty',
);
fieldCheck(
  "Every affordability transaction's postDate is an ISO 8601 timestamp",
  'AFFORD-27',
  'postDate is an ISO 8601 timestamp',
);
fieldCheck(
  "Every affordability transaction's subClass is null, empty, or an object with title and code strings",
  'AFFORD-28',
  'subClass is null, empty, or { title, code }',
);
fieldCheck(
  'A transaction whose class is not payment has a subClass that is null or empty',
  'AFFORD-29',
  'subClass is populated only on payments',
);
fieldCheck(
  'Every payment transaction has a populated subClass with title and code',
  'AFFORD-30',
  'a payment carries its classification in subClass',
);
fieldCheck(
  "Every affordability transaction's links carries account and institution",
  'AFFORD-31',
  'links holds account and institution links',
);
fieldCheck(
  "No affordability transaction's links carries self",
  'AFFORD-32',
  'links has no self member ("there is no self link")',
);
fieldCheck(
  "Every affordability transaction's links.account and links.institution contain its account and institution identifiers",
  'AFFORD-33',
  "links.account and links.institution refer to the transaction's account and institution",
);
fieldCheck(
  "Within one account, every debit's amount carries the same sign, and every credit's the same sign, across pages",
  'AFFORD-39',
  'whatever sign convention the service takes, it takes it for every debit, and every credit, of one account',
);

check(
  "A transaction's institution is the institution of the connection its account belongs to",
  ['AFFORD-40'],
  async () => {
    const [walk, connections] = await Promise.all([snapshotWalk('default'), accountInstitutions()]);
    expectTransactionsSeen(walk);
    if ('unreadable' in connections) throw new NotExercised(connections.unreadable);
    let judged = 0;
    const wrong: { account: string; institution: string; expected: Set<string>; where: string }[] = [];
    let evidence: Exchange | undefined;
    for (const [account, seen] of walk.institutions?.byAccount ?? []) {
      const expected = connections.byAccount.get(account);
      // An account no connection lists (removed since the snapshot, another scheme's id) is not judged.
      if (!expected) continue;
      judged++;
      for (const [institution, { where, exchange }] of seen)
        if (!expected.has(institution)) {
          wrong.push({ account, institution, expected, where });
          evidence ??= exchange;
        }
    }
    if (judged === 0)
      throw new NotExercised(
        "no transaction of the snapshot is of an account the fixture user's connections list",
      );
    if (wrong.length > 0)
      throw new Failure(
        `${wrong.length} account(s) with transactions naming another institution than their connection's: ` +
          wrong
            .slice(0, 4)
            .map(
              (w) =>
                `${w.where}: account ${w.account} with institution ${w.institution}, its connection's being ${[...w.expected].join(' or ')}`,
            )
            .join('; '),
        evidence,
      );
  },
  needs,
);
