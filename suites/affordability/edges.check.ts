// @module-tag walks

import { check, NotExercised, type CheckOptions } from '../../src/checks/check.ts';
import { describeRequest, Failure } from '../../src/checks/failures.ts';
import { completed, walkPages, type Walk } from '../../src/checks/paging.ts';
import { api } from '../../src/checks/run-context.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { preview } from '../../src/validation/validator.ts';
import { acceptedClassFilter, asRecord, pageMaximum, transactionsPath } from './support.ts';
import { everyId, gapsOf, lostAtBoundaries, pageEnds, repeatedAcrossPages } from './walk-gaps.ts';
import { classWalk, snapshotWalk, type SnapshotWalk, walkCheckOptions } from './walks.ts';

// Spec: GET …/affordability/{affordability.id}/transactions — "Paging: pages of at most 500 entries;
// absence of `links.next` means no more pages"; Affordability list envelope — "`links` with `self` and,
// when more pages exist, `next`". The edges of paging, built with `limit` from a list's total as a walk
// of it at the default page size counted it: one page exactly full, a total that is a multiple of the
// limit, and one more than a multiple. At each edge a walk must deliver every transaction once, carry
// links.next while more remain, and none after the last (an exactly full last page included: no more
// pages exist after it, so links.next to an empty page breaks the envelope's "when more pages exist").

/**
 * Each edge's walk holds, on its way to the edge, the rules of paging it follows: the first page answered
 * (AFFORD-01), links.next followed (AFFORD-10), a walk that ends (AFFORD-05), the class filter applied
 * (AFFORD-15), every transaction once (AFFORD-11) and links.next on a full page (AFFORD-04).
 */
const needs = {
  ...walkCheckOptions,
  preconditions: ['AFFORD-01', 'AFFORD-04', 'AFFORD-05', 'AFFORD-10', 'AFFORD-11', 'AFFORD-15'],
} satisfies CheckOptions;

/** Most pages an edge walk may take: the limit is chosen for few pages, over a list of suitable size. */
const maxEdgePages = 20;

/** A list whose total is known: the snapshot, or the snapshot filtered on one class, and its walk. */
interface EdgeList {
  label: string;
  query: Record<string, string>;
  /** The class every entry has, for a filtered list. */
  className?: string;
  reference: SnapshotWalk;
}

/**
 * The lists an edge can be built on: the unfiltered snapshot, and, when the target takes a class filter,
 * each class the snapshot holds (small totals give the edges a large snapshot cannot). A list whose own
 * walk did not end cleanly gives no known total: its walk's checks judge that.
 */
async function edgeLists(): Promise<EdgeList[]> {
  const full = await snapshotWalk('default');
  const lists: EdgeList[] = [];
  if (completed(full)) lists.push({ label: 'the unfiltered snapshot', query: {}, reference: full });
  const accepted = await acceptedClassFilter();
  if (!('form' in accepted)) return lists;
  const classes = [...full.byClass.keys()];
  const references = await Promise.all(classes.map((className) => classWalk(className)));
  references.forEach((reference, i) => {
    const className = classes[i] as string;
    if (completed(reference))
      lists.push({
        label: `the snapshot filtered on class ${className}`,
        query: { filter: accepted.form(className) },
        className,
        reference,
      });
  });
  return lists;
}

interface Edge {
  /** The edge, as a message names it. */
  name: string;
  /** The limit that puts a list of this total at the edge, and the pages a walk then takes. */
  limitFor(total: number): { limit: number; pages: number } | undefined;
}

/** The largest divisor of `n` from `lowest` to `highest`, or undefined. */
function largestDivisor(n: number, highest: number, lowest: number): number | undefined {
  for (let d = highest; d >= lowest; d--) if (n % d === 0) return d;
  return undefined;
}

const edges = {
  fullPage: {
    name: 'one page exactly full',
    limitFor: (total: number) =>
      total >= 2 && total <= pageMaximum ? { limit: total, pages: 1 } : undefined,
  },
  multiple: {
    name: 'a total that is a multiple of the limit',
    limitFor(total: number) {
      const limit = largestDivisor(total, Math.min(pageMaximum, Math.floor(total / 2)), 1);
      return limit === undefined ? undefined : { limit, pages: total / limit };
    },
  },
  oneMore: {
    name: 'one transaction more than a multiple of the limit',
    limitFor(total: number) {
      const limit = largestDivisor(total - 1, Math.min(pageMaximum, total - 1), 2);
      return limit === undefined ? undefined : { limit, pages: (total - 1) / limit + 1 };
    },
  },
} satisfies Record<string, Edge>;

/**
 * The list and limit for an edge: the unfiltered snapshot when its total allows the edge within the page
 * bound (it depends on no filter form), otherwise the filtered list that takes fewest pages, the larger
 * on a tie.
 */
function planFor(edge: Edge, lists: EdgeList[]): { list: EdgeList; limit: number } | undefined {
  const plans = lists
    .map((list) => ({ list, ...edge.limitFor(list.reference.distinct) }))
    .filter((p): p is { list: EdgeList; limit: number; pages: number } => p.limit !== undefined)
    .filter((p) => p.pages <= maxEdgePages);
  const unfiltered = plans.find((p) => p.list.className === undefined);
  if (unfiltered) return unfiltered;
  plans.sort((a, b) => a.pages - b.pages || b.list.reference.distinct - a.list.reference.distinct);
  return plans[0];
}

/** A finding that names the requirement the evidence breaks. */
function broken(requirement: RequirementId, message: string, exchange: Walk['last']): Failure {
  return new Failure(exchange ? `${describeRequest(exchange)}: ${message}` : message, exchange, [
    requirement,
  ]);
}

/** Walks the list with the limit and judges the walk against the list's own walk. */
async function expectEdge(edge: Edge): Promise<void> {
  const plan = planFor(edge, await edgeLists());
  if (!plan)
    throw new NotExercised(
      `no list of the fixture snapshot (unfiltered, or filtered on a class) has a total that makes ${edge.name} within ${maxEdgePages} pages`,
    );
  const { list, limit } = plan;
  const total = list.reference.distinct;
  const label = `${list.label} (${total} transactions) with limit=${limit}, ${edge.name}`;
  const otherClass: string[] = [];
  const walk = await walkPages(api(), {
    path: transactionsPath(),
    query: { ...list.query, limit: String(limit) },
    pageSize: limit,
    keep: (page) => pageEnds(page, api().secrets),
    onPage(page) {
      for (const item of page.items) {
        const t = asRecord(item);
        if (list.className !== undefined && t?.class !== list.className)
          otherClass.push(`${preview(t?.id)} of class ${preview(t?.class)} on page ${page.index + 1}`);
      }
    },
  });
  const stop = walk.stop;
  if (stop) {
    if (stop.page === 0)
      throw broken('AFFORD-01', `the first page of ${label} failed: ${stop.message}`, stop.exchange);
    if (stop.reason === 'status' || stop.reason === 'not-a-list' || stop.reason === 'bad-next')
      throw broken('AFFORD-10', `following links.next over ${label} failed: ${stop.message}`, stop.exchange);
    throw broken('AFFORD-05', `the walk over ${label} does not end: ${stop.message}`, stop.exchange);
  }
  const empty = walk.emptyFollowed;
  if (empty)
    throw broken(
      'AFFORD-05',
      `page ${empty.page + 1} of ${label}, reached by links.next, holds no transaction: the page before was the last and carried links.next`,
      empty.exchange,
    );
  if (otherClass.length > 0)
    throw broken(
      'AFFORD-15',
      `${label} holds ${otherClass.length} transaction(s) of another class, first ${otherClass.slice(0, 3).join(', ')}`,
      walk.last,
    );
  const named = { ...walk, label: `over ${label}` };
  const repeated = repeatedAcrossPages(named);
  if (repeated) throw repeated;
  const { reference } = list;
  const gaps = gapsOf(walk, reference.ids);
  if (gaps.atBoundary.length > 0) throw lostAtBoundaries(named, gaps.atBoundary, reference.label);
  // What this walk holds and the list's own walk lacks, that walk lost on its way.
  const lostByReference = gapsOf(reference, walk.ids);
  if (lostByReference.atBoundary.length > 0)
    throw lostAtBoundaries(reference, lostByReference.atBoundary, named.label);
  const extra = everyId(lostByReference);
  if (extra.length > 0)
    throw broken(
      'AFFORD-11',
      `${label} delivered ${extra.length} transaction(s) the list's walk at the default page size never saw, first ${extra.slice(0, 3).join(', ')}`,
      walk.last,
    );
  const missing = everyId(gaps);
  if (missing.length === 0) return;
  // Ended on a full page while transactions remained: links.next was missing. Ended on a short page: the
  // list itself left them out.
  const lastFull = walk.pageSizes.at(-1) === limit;
  throw broken(
    lastFull ? 'AFFORD-04' : 'AFFORD-11',
    `${label} ended on page ${walk.pages}, ${lastFull ? 'a full page without links.next' : `a page of ${walk.pageSizes.at(-1)}`}, ` +
      `after ${walk.distinct} transaction(s); ${missing.length} of the list's never came, first ${missing.slice(0, 3).join(', ')}`,
    walk.last,
  );
}

check(
  'A list that fills exactly one page of the limit asked for comes whole on that page, without links.next',
  ['AFFORD-05', 'AFFORD-11'],
  () => expectEdge(edges.fullPage),
  needs,
);

check(
  'A list whose total is a multiple of the limit comes whole, each transaction once, and its last page, exactly full, carries no links.next',
  ['AFFORD-05', 'AFFORD-11'],
  () => expectEdge(edges.multiple),
  needs,
);

check(
  'A list of one transaction more than a multiple of the limit carries links.next on the last full page and delivers the last transaction alone',
  ['AFFORD-04', 'AFFORD-11'],
  () => expectEdge(edges.oneMore),
  needs,
);
