// @module-tag walks

import { validLimit } from '../../src/checks/arbitraries/affordability.ts';
import { check, NotExercised } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import {
  describeAnswer,
  describeRequest,
  expectStatus,
  expectThat,
  Failure,
} from '../../src/checks/failures.ts';
import { forAll } from '../../src/checks/property.ts';
import { api } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { expectRule } from '../../src/checks/rule.ts';
import { pageWithin } from '../../src/rules/affordability.ts';
import { reasonOf } from '../../src/rules/verdict.ts';
import { expectClassFilter, isClientError, pageMaximum, transactionsPath } from './support.ts';
import { snapshotWalk, type SnapshotWalk, walkCheckOptions, type WalkName } from './walks.ts';

const needs = walkCheckOptions;
const fileWalks: WalkName[] = ['default', 'limit1', 'odd', 'limit500', 'limit501'];

/** The walk's first page must have come back as a list for its page sizes to say anything. */
function expectFirstPage(walk: SnapshotWalk): void {
  if (walk.stop?.page === 0)
    throw new Failure(`the walk ${walk.label} got no first page: ${walk.stop.message}`, walk.stop.exchange);
}

function expectNotOversized(walk: SnapshotWalk, maximum: number): void {
  const page = walk.oversized;
  const reason = page && reasonOf(pageWithin(page.size, maximum));
  if (page && reason !== undefined)
    throw new Failure(
      `${describeRequest(page.exchange)}: page ${page.page + 1} of the walk ${walk.label}: ${reason}`,
      page.exchange,
    );
}

function expectFullBeforeNext(walk: SnapshotWalk, size: number): void {
  const page = walk.notFullBeforeNext;
  if (page)
    throw new Failure(
      `${describeRequest(page.exchange)}: page ${page.page + 1} of the walk ${walk.label} carries links.next but holds ${page.size} transactions, not ${size}`,
      page.exchange,
    );
}

check(
  'Without limit, every page holds at most 500 transactions',
  ['AFFORD-06'],
  async () => {
    const walk = await snapshotWalk('default', fileWalks);
    expectFirstPage(walk);
    expectNotOversized(walk, pageMaximum);
  },
  needs,
);

/** The walks made with an explicit limit, and that limit. */
const limitedWalks = [
  ['limit1', 1],
  ['odd', 137],
  ['limit500', 500],
] as const;

check(
  'With limit=1, limit=137 or limit=500, every page holds at most that many transactions',
  ['AFFORD-07'],
  async () => {
    for (const [name, limit] of limitedWalks) {
      const walk = await snapshotWalk(name, fileWalks);
      expectFirstPage(walk);
      expectNotOversized(walk, limit);
    }
  },
  needs,
);

check(
  'For any limit N from 1 to 500, the first page holds at most N transactions',
  ['AFFORD-07'],
  async () => {
    await forAll(validLimit, async (limit) => {
      const exchange = await api().get(transactionsPath(), { limit: String(limit) });
      expectStatus(exchange, 200);
      const data = (exchange.response.body as { data?: unknown } | undefined)?.data;
      expectThat(Array.isArray(data), `expected a data array, got ${describeAnswer(exchange)}`, exchange);
      expectRule(pageWithin(data.length, limit), exchange);
    });
  },
  needs,
);

check(
  'With limit=N, or without limit (N = 500), every page followed by links.next holds exactly N transactions',
  ['AFFORD-08'],
  async () => {
    for (const [name, limit] of [['default', pageMaximum], ...limitedWalks] as const) {
      const walk = await snapshotWalk(name, fileWalks);
      expectFirstPage(walk);
      // A page over N is AFFORD-06/07's finding (at most N); this rule holds the pages short of N.
      if (walk.oversized && walk.oversized.size > limit) continue;
      expectFullBeforeNext(walk, limit);
    }
  },
  needs,
);

check(
  'With a class filter the target accepts and limit=5, the first page holds at most 5 transactions',
  ['AFFORD-07'],
  async () => {
    const form = await expectClassFilter();
    const filter = form('payment');
    const exchange = await api().get(transactionsPath(), { filter, limit: '5' });
    // The same form was answered 200 with limit=1; a refusal now, in the spec's shape, leaves it unseen.
    if (isClientError(exchange)) {
      expectErrorList(exchange, { status: [exchange.response?.status ?? 0] });
      throw new NotExercised(`filter=${filter} with limit=5 was refused (${describeAnswer(exchange)})`);
    }
    expectStatus(exchange, 200);
    const data = (exchange.response.body as { data?: unknown } | undefined)?.data;
    expectThat(Array.isArray(data), `expected a data array, got ${describeAnswer(exchange)}`, exchange);
    const reason = reasonOf(pageWithin(data.length, 5));
    expectThat(reason === undefined, `filter=${filter} with limit=5: ${reason ?? ''}`, exchange);
  },
  needs,
);

/**
 * A limit above the maximum may be refused (any client error, with an error list) or served capped
 * (AMB-AFFORD-05): accepted both ways, so 501 and 1000 need not be invalid under every reading.
 */
function expectRefusedOrCapped(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  if (status >= 400 && status < 500) {
    expectErrorList(exchange, { status: [status] });
    return false;
  }
  if (status !== 200)
    throw new Failure(
      `${describeRequest(exchange)}: expected a 4xx refusal with an error list or 200 with at most ${pageMaximum} transactions, got ${describeAnswer(exchange)}`,
      exchange,
    );
  return true;
}

check(
  'With limit=501 or limit=1000, the request is refused with an error list or no page holds more than 500 transactions',
  ['AFFORD-09'],
  async () => {
    const [walk, thousand] = await Promise.all([
      snapshotWalk('limit501', fileWalks),
      api().get(transactionsPath(), { limit: '1000' }),
    ]);
    const first = walk.first;
    expectThat(first, 'the walk sent no request');
    if (expectRefusedOrCapped(first)) {
      expectFirstPage(walk);
      expectNotOversized(walk, pageMaximum);
    }
    if (expectRefusedOrCapped(thousand)) {
      const data = (thousand.response?.body as { data?: unknown } | undefined)?.data;
      expectThat(Array.isArray(data), `expected a data array, got ${describeAnswer(thousand)}`, thousand);
      const reason = reasonOf(pageWithin(data.length, pageMaximum));
      expectThat(reason === undefined, `limit=1000 gave ${reason ?? ''}`, thousand);
    }
  },
  needs,
);
