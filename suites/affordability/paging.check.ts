// @module-tag walks

import { madeUpCursors } from '../../src/checks/arbitraries/affordability.ts';
import { check, type CheckOptions } from '../../src/checks/check.ts';
import {
  describeAnswer,
  describeRequest,
  expectStatus,
  expectThat,
  Failure,
} from '../../src/checks/failures.ts';
import { completed, followNext } from '../../src/checks/paging.ts';
import { api } from '../../src/checks/run-context.ts';
import { NotExercised } from '../../src/checks/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { asRecord, expectClientRefusal, oddLimit, transactionsPath } from './support.ts';
import { boundaryLosses, expectCompleted } from './walk-findings.ts';
import { expectSameTransactions, gapsOf, lostAtBoundaries, repeatedAcrossPages } from './walk-gaps.ts';
import {
  allWalks,
  classWalk,
  fullWalks,
  snapshotWalk,
  type SnapshotWalk,
  walkCheckOptions,
  type WalkName,
  walkSpecs,
} from './walks.ts';

const needs = walkCheckOptions;
/**
 * A walk follows links.next to its end on its way to what a check judges of it: a page that fails there is
 * AFFORD-10's, a walk that does not end AFFORD-05's.
 */
const walking = { ...walkCheckOptions, preconditions: ['AFFORD-05', 'AFFORD-10'] } satisfies CheckOptions;

/** The walks named, all of the file's walks started alongside. */
async function walksOf(names: WalkName[]): Promise<SnapshotWalk[]> {
  return Promise.all(names.map((name) => snapshotWalk(name, allWalks)));
}

/**
 * Walks meant to reach the end: every one made but the probes of a few pages, and limit=501 only when it
 * was served (the filtered walks are not made when every filter form is refused).
 */
async function endingWalks(): Promise<SnapshotWalk[]> {
  const names = allWalks.filter((name) => !('maxPages' in walkSpecs[name]));
  const walks = await walksOf(names);
  return walks.filter(
    (walk) =>
      walk.notMade === undefined &&
      (walk.label !== walkSpecs.limit501.label || walk.first?.response?.status === 200),
  );
}

check(
  'When more transactions remain, the page carries links.next: every walk reaches the whole snapshot',
  ['AFFORD-04'],
  async () => {
    // Every unfiltered walk, whole or not: the most transactions any of them saw is a floor on the total.
    const walks = await walksOf([...fullWalks, 'limit1', 'limit501']);
    const most = walks.reduce((best, walk) => (walk.distinct > best.distinct ? walk : best));
    const judged = walks.filter((walk) => walk.ended);
    if (judged.length === 0) return expectCompleted(walks[0] as SnapshotWalk);
    if (most.distinct <= 1)
      throw new NotExercised(
        'the fixture snapshot holds at most one transaction, so there is never a next page',
      );
    for (const walk of judged) {
      // A walk that ended before transactions another walk saw after its last one stopped while more
      // remained; one that lacks transactions between its first and its last lost them on the way
      // (AFFORD-11's, the check that visits each transaction once).
      const remained = gapsOf(walk, most.ids).afterEnd;
      if (remained.length > 0) {
        const last = walk.last as Exchange;
        throw new Failure(
          `${describeRequest(last)}: the walk ${walk.label} ended on page ${walk.pages} without links.next after ${walk.distinct} transaction(s), ` +
            `but the walk ${most.label} saw ${remained.length} more after its last, first ${remained[0]}: more remained`,
          last,
        );
      }
    }
  },
  walking,
);

check(
  'The last page carries no links.next: a walk by links.next ends, without loops and without empty pages after the last',
  ['AFFORD-05'],
  async () => {
    for (const walk of await endingWalks()) {
      const empty = walk.emptyFollowed;
      if (empty)
        throw new Failure(
          `${describeRequest(empty.exchange)}: page ${empty.page + 1} of the walk ${walk.label}, reached by links.next, holds no transaction: ` +
            `the page before carried links.next although no more pages existed`,
          empty.exchange,
        );
      expectCompleted(walk);
    }
  },
  walking,
);

check(
  'Following links.next answers 200 with the following page of the affordability list',
  ['AFFORD-10'],
  async () => {
    const walks = await walksOf(allWalks);
    let followed = 0;
    for (const walk of walks) {
      const stop = walk.stop;
      if (stop && stop.page > 0 && (stop.reason === 'status' || stop.reason === 'not-a-list'))
        throw new Failure(
          `following links.next in the walk ${walk.label} (${walk.request}) failed: ${stop.message}`,
          stop.exchange,
        );
      followed += Math.max(0, walk.pages - 1);
    }
    if (followed === 0) {
      const first = walks[0]?.stop;
      if (first) throw new Failure(`no page carried links.next to follow: ${first.message}`, first.exchange);
      throw new NotExercised('no page of the fixture snapshot carried links.next');
    }
  },
  needs,
);

check(
  'Sending the cursor of links.next as the next parameter answers 200 with the page that links.next leads to',
  ['AFFORD-10'],
  async () => {
    const query = { limit: String(oddLimit) };
    const first = await api().get(transactionsPath(), query);
    expectStatus(first, 200);
    const next = asRecord(asRecord(first.response.body)?.links)?.next;
    if (next === undefined || next === null)
      throw new NotExercised(
        `the fixture snapshot fits one page of ${oddLimit}: no links.next to take a cursor from`,
      );
    expectThat(typeof next === 'string' && next !== '', `links.next is ${JSON.stringify(next)}`, first);
    const bare = !next.includes('/') && !next.includes('?');
    // Only the link's parameters matter here, so resolving it against the page is good enough.
    const params = bare ? new URLSearchParams() : new URL(next, first.request.url).searchParams;
    const cursor = bare ? next : params.get('next');
    if (cursor === null || [...params.keys()].some((name) => name !== 'next' && !(name in query)))
      throw new NotExercised(`links.next ${next} is a link that carries no next parameter alone to reuse`);
    const following = followNext(next, first, { path: transactionsPath(), query });
    const [followed, sent] = await Promise.all([
      api().get(following.path, following.query),
      api().get(transactionsPath(), { ...query, next: cursor }),
    ]);
    expectStatus(followed, 200);
    expectStatus(sent, 200);
    const ids = (exchange: Exchange) =>
      JSON.stringify(
        ((asRecord(exchange.response?.body)?.data as unknown[] | undefined) ?? []).map(
          (t) => asRecord(t)?.id,
        ),
      );
    expectThat(
      ids(sent) === ids(followed),
      `next=${cursor} gave other transactions than following links.next (${describeRequest(followed)}): ${describeAnswer(sent)}`,
      sent,
    );
  },
  needs,
);

check(
  'A walk through all pages visits each transaction exactly once, filtered on a class or not',
  ['AFFORD-11', 'AFFORD-04'],
  async () => {
    const walks = await walksOf(fullWalks);
    for (const walk of walks) expectCompleted(walk);
    expectSameTransactions(walks);
    // A filtered walk is held to the unfiltered walk's transactions of its class: one lost where a page
    // gives way to the next, which the filter does return, is paging's; one of another class or that the
    // filter never returns, the filter's (filter.check.ts).
    const [full] = walks as [SnapshotWalk, ...SnapshotWalk[]];
    const classes = [...full.byClass.keys()];
    const filtered = await Promise.all(classes.map((className) => classWalk(className)));
    for (const [i, walk] of filtered.entries()) {
      // A walk not made (every filter form refused) holds nothing; one that stopped early, its stop is
      // judged by the checks that need its end (expectCompleted in filter.check.ts).
      if (walk.notMade !== undefined || !completed(walk)) continue;
      const repeated = repeatedAcrossPages(walk);
      if (repeated) throw repeated;
      const className = classes[i] as string;
      const expected = full.byClass.get(className) ?? new Set<string>();
      const { paging } = await boundaryLosses(gapsOf(walk, expected).atBoundary, expected, className);
      if (paging.length > 0) throw lostAtBoundaries(walk, paging, full.label);
    }
  },
  walking,
);

// next values the service cannot have issued, and why each is invalid under every reading: madeUpCursors.

check(
  'A next value the service did not issue is refused with a 4xx error list, never a 5xx',
  ['AFFORD-35', 'ERR-11'],
  async () => {
    const exchanges = await Promise.all(madeUpCursors.map((next) => api().get(transactionsPath(), { next })));
    for (const exchange of exchanges) expectClientRefusal(exchange, 'a made-up cursor');
  },
  needs,
);
