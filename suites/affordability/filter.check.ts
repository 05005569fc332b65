// @module-tag walks

import { malformedClassFilters, nearMissClassFilters } from '../../src/checks/arbitraries/affordability.ts';
import { expectRefusedOrReadAs } from '../../src/checks/filter-algebra.ts';
import { check, NotExercised, type CheckOptions } from '../../src/checks/check.ts';
import { completed } from '../../src/checks/paging.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { describeAnswer, describeRequest, expectThat, Failure } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api } from '../../src/checks/run-context.ts';
import {
  asRecord,
  expectClassFilter,
  expectClientRefusal,
  isClientError,
  oddLimit,
  pageMaximum,
  transactionsPath,
} from './support.ts';
import { boundaryLosses, expectCompleted, expectNoFinding, expectTransactionsSeen } from './walk-findings.ts';
import { expectSameTransactions, gapsOf, lostAtBoundaries } from './walk-gaps.ts';
import {
  classWalk,
  fullWalks,
  snapshotWalk,
  snapshotWalks,
  type SnapshotWalk,
  walkCheckOptions,
} from './walks.ts';

/**
 * Spec: `filter` (property `transaction.class`). The expression shape is not shown for this endpoint:
 * the forms of support.ts are tried in turn and the first the target answers with 200 is judged, since
 * a filter accepted must be applied; when every form is refused, nothing is judged.
 */
const needs = walkCheckOptions;

check(
  'A class filter answered 200 returns only transactions of that class, on every page, those reached by links.next too',
  ['AFFORD-15'],
  async () => {
    await expectClassFilter();
    const [walk, paged] = await Promise.all([
      snapshotWalk('payments', ['default', 'paymentsPaged']),
      snapshotWalk('paymentsPaged'),
    ]);
    expectTransactionsSeen(walk, 'the filtered list holds no transaction, so no class can be checked');
    for (const filtered of [walk, paged])
      expectNoFinding(filtered, 'AFFORD-15', 'every transaction of the filtered list has class payment');
  },
  needs,
);

/**
 * A filtered walk held to the unfiltered walk's transactions of its class, each finding on the rule it
 * breaks. The filter's (AFFORD-15): a transaction of another class, one the snapshot does not hold, one
 * of the class missing within a page, before the first or after a short last page, or at a page boundary
 * where the same filter walked at limit=137 lacks it too. Paging's: a transaction the unfiltered walk
 * lost on its way, which the other walks of the snapshot hold (AFFORD-11); one the filtered walk lost
 * where one page gives way to the next and the walk at limit=137 holds (AFFORD-11); those after a full
 * last page without links.next (AFFORD-04).
 */
async function expectClassWalkWhole(
  filtered: SnapshotWalk,
  full: SnapshotWalk,
  className: string,
): Promise<void> {
  const expected = full.byClass.get(className) ?? new Set<string>();
  const others = [...filtered.ids].filter((id) => full.ids.has(id) && !expected.has(id));
  if (others.length > 0)
    throw new Failure(
      `the walk ${filtered.label} holds ${others.length} transaction(s) the unfiltered walk gives another class than ${className} (first ${others.slice(0, 3).join(', ')})`,
      filtered.last,
    );
  const unknown = [...filtered.ids].filter((id) => !full.ids.has(id));
  if (unknown.length > 0) {
    const walks = await snapshotWalks(fullWalks);
    if (walks.every(completed)) expectSameTransactions(walks);
    throw new Failure(
      `the walk ${filtered.label} holds ${unknown.length} transaction(s) no walk of the unfiltered snapshot saw (first ${unknown.slice(0, 3).join(', ')})`,
      filtered.last,
    );
  }
  const gaps = gapsOf(filtered, expected);
  const lastFull = filtered.pageSizes.at(-1) === pageMaximum;
  const losses = await boundaryLosses(gaps.atBoundary, expected, className);
  const dropped = [...gaps.elsewhere, ...(lastFull ? [] : gaps.afterEnd), ...losses.filter];
  expectThat(
    dropped.length === 0,
    `the walk ${filtered.label} lacks ${dropped.length} of the ${expected.size} transactions of class ${className} the walk ${full.label} holds, ` +
      `within its pages or lacking from the walk at limit=${oddLimit} too (first ${dropped.slice(0, 3).join(', ')})`,
    filtered.last,
  );
  if (losses.paging.length > 0) throw lostAtBoundaries(filtered, losses.paging, full.label);
  const remained = lastFull ? gaps.afterEnd : [];
  if (remained.length > 0)
    throw new Failure(
      `the walk ${filtered.label} ended on page ${filtered.pages}, a full page without links.next, after ${filtered.distinct} transaction(s); ` +
        `${remained.length} of class ${className} the walk ${full.label} holds came after its last, first ${remained[0]}`,
      filtered.last,
      ['AFFORD-04'],
    );
}

/**
 * The filter checks that compare a filtered walk with the unfiltered one hold paging on their way: a
 * transaction lost at a page boundary (AFFORD-11) or left after a full last page (AFFORD-04) is paging's.
 */
const comparing = { ...needs, preconditions: ['AFFORD-04', 'AFFORD-11'] } satisfies CheckOptions;

check(
  'A class filter answered 200 returns every payment of the snapshot and no transaction outside it',
  ['AFFORD-15'],
  async () => {
    await expectClassFilter();
    const [filtered, full] = await Promise.all([
      snapshotWalk('payments', ['default']),
      snapshotWalk('default'),
    ]);
    expectCompleted(full);
    expectCompleted(filtered);
    await expectClassWalkWhole(filtered, full, 'payment');
  },
  comparing,
);

check(
  'For every class of the class tables the snapshot holds, a class filter answered 200 returns exactly the transactions of that class',
  ['AFFORD-15'],
  async () => {
    await expectClassFilter();
    const full = await snapshotWalk('default');
    expectCompleted(full);
    // Each value, not only payment: a filter that matches part of a class name (interest within
    // loan-interest) or one class only shows on the other values.
    const classes = [...full.byClass.keys()];
    if (classes.length === 0)
      throw new NotExercised('the snapshot holds no transaction of a class of the class tables');
    const walks = await Promise.all(classes.map((className) => classWalk(className)));
    for (const [i, filtered] of walks.entries()) {
      const className = classes[i] as string;
      expectCompleted(filtered);
      expectNoFinding(filtered, 'AFFORD-15', `every transaction of the filtered list has class ${className}`);
      await expectClassWalkWhole(filtered, full, className);
    }
  },
  comparing,
);

/** A class outside both class tables (spec: Debit classes, Credit classes): no transaction can have it. */
const noSuchClass = 'fds-no-such-class';

check(
  'A class filter that matches no transaction answers 200 with data an empty array and no links.next',
  ['AFFORD-34'],
  async () => {
    const form = await expectClassFilter();
    const exchange = await api().get(transactionsPath(), { filter: form(noSuchClass) });
    // A class the service does not know may be refused (AMB-AFFORD-12): then the empty list is not seen.
    if (isClientError(exchange)) {
      expectErrorList(exchange, { status: [exchange.response?.status ?? 0] });
      throw new NotExercised(
        `the filter ${form(noSuchClass)} was refused (${describeAnswer(exchange)}), so no empty list was seen`,
      );
    }
    const body = asRecord(exchange.response?.body);
    const data = body?.data;
    const next = asRecord(body?.links)?.next;
    // This rule first: data that is no empty array breaks it, whatever the envelope's schema says too.
    expectThat(
      Array.isArray(data) && data.length === 0 && (next === undefined || next === null),
      `${describeRequest(exchange)}: a class no transaction has gave data ${JSON.stringify(data)?.slice(0, 80)} and links.next ${JSON.stringify(next)}`,
      exchange,
    );
    expectResource(exchange, 'affordability-list');
  },
  needs,
);

// Expressions no filter shape makes, and why each is invalid under every reading: malformedClassFilters.

check(
  'A malformed filter expression is refused with a 4xx error list, or, a near miss, read as the expression it nearly is; never ignored, never a 5xx',
  ['AFFORD-36', 'ERR-11'],
  async () => {
    const fetch = (filter: string) => api().get(transactionsPath(), { filter });
    const exchanges = await Promise.all(malformedClassFilters.map(fetch));
    for (const exchange of exchanges) expectClientRefusal(exchange, 'a malformed filter');
    await Promise.all(
      nearMissClassFilters.map(([nearMiss, meant]) => expectRefusedOrReadAs(fetch, nearMiss, meant)),
    );
  },
  needs,
);
