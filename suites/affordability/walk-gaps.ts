import { Failure } from '../../src/checks/failures.ts';
import { pagesOfIds, type Page, type PageEnds, type Walk } from '../../src/checks/paging.ts';
import { evidenceOf } from '../../src/http/exchange.ts';
import type { Secrets } from '../../src/http/secrets.ts';
import { preview } from '../../src/validation/validator.ts';
import { asRecord } from './support.ts';

/*
 * Where a walk lost or repeated transactions, and the failure that names the walk there. A walk lost a
 * transaction that another walk of the same list holds (the unfiltered snapshot, or its transactions of one
 * class for a filtered walk); where it lost it, in the other walk's order, tells whose rule broke. Lost
 * where one page gives way to the next (its neighbours on either side on two pages) is paging's: the
 * cursor of links.next led past it (AFFORD-11, a walk visits each transaction once). Lost after the walk's
 * last transaction, the walk ended while more remained. Lost within a page, or before the first, no page
 * boundary was crossed: an unfiltered walk still did not visit it (AFFORD-11), but for a filtered walk
 * it is the filter's (AFFORD-15), never paging's.
 */

/** A walk as a finding names it: how it asked (`limit=137`), its pages' ends kept (`pageEnds`). */
export type NamedWalk = Walk & { label: string };

/** The fields of a transaction that name it and order the list (spec: by account, pending first, postDate). */
const orderingFields = ['id', 'account', 'status', 'postDate'] as const;

/**
 * What a walk keeps of each page (WalkOptions.keep): its exchange as a report holds it, links.next, and
 * of the transactions at its two ends the fields that name and order them, not the whole transactions.
 */
export function pageEnds(page: Page, secrets: Secrets): PageEnds {
  const kept = (entry: unknown) => {
    const t = asRecord(entry);
    return t ? Object.fromEntries(orderingFields.map((name) => [name, t[name]])) : entry;
  };
  return {
    exchange: evidenceOf(page.exchange, secrets),
    ...(page.items.length > 0 ? { first: kept(page.items[0]), last: kept(page.items.at(-1)) } : {}),
    ...(page.next !== undefined ? { next: page.next } : {}),
  };
}

/** Where the transactions a walk lacks fall in it, in the order of the walk that holds them. */
export interface Gaps {
  /** Lacked between two pages: `page` (from 0) holds the nearest transaction before, a later page the one after. */
  atBoundary: { id: string; page: number }[];
  /** Lacked within one page, or before the walk's first transaction. */
  elsewhere: string[];
  /** Lacked after the walk's last transaction: the walk ended while they remained. */
  afterEnd: string[];
}

/** The transactions `reference` holds (in its order) that `walk` lacks, by where they fall in `walk`. */
export function gapsOf(walk: Walk, reference: Iterable<string>): Gaps {
  const pages = pagesOfIds(walk);
  const gaps: Gaps = { atBoundary: [], elsewhere: [], afterEnd: [] };
  let previous: number | undefined;
  let pending: string[] = [];
  for (const id of reference) {
    const page = pages.get(id);
    if (page === undefined) {
      pending.push(id);
      continue;
    }
    for (const lost of pending) {
      if (previous !== undefined && page > previous) gaps.atBoundary.push({ id: lost, page: previous });
      else gaps.elsewhere.push(lost);
    }
    pending = [];
    previous = page;
  }
  gaps.afterEnd.push(...pending);
  return gaps;
}

/**
 * The transactions a filtered walk lost at its page boundaries, split by whose rule the loss breaks, on
 * the evidence of the same filter walked at another page size (`other`), whose pages end elsewhere: one
 * `other` holds, or lost at a boundary of its own, the filter returns, so paging lost it; one `other`
 * lacks within its pages the filter never returned, whatever the boundary.
 */
export function byWhoseLoss(
  lost: Gaps['atBoundary'],
  reference: Iterable<string>,
  other: Walk,
): { paging: Gaps['atBoundary']; filter: string[] } {
  const lostByOther = new Set(gapsOf(other, reference).atBoundary.map((gap) => gap.id));
  const paging = lost.filter((gap) => other.ids.has(gap.id) || lostByOther.has(gap.id));
  const filter = lost.filter((gap) => !paging.includes(gap)).map((gap) => gap.id);
  return { paging, filter };
}

/** Every transaction lacked, wherever it falls. */
export function everyId(gaps: Gaps): string[] {
  return [...gaps.atBoundary.map((gap) => gap.id), ...gaps.elsewhere, ...gaps.afterEnd];
}

/** A string as it came; any other value as JSON. */
function plain(value: unknown): string {
  return typeof value === 'string' ? value : preview(value);
}

/** A transaction as a walk's finding names it: its id and the fields that order the list. */
export function entryText(entry: unknown): string {
  const t = asRecord(entry);
  if (!t) return preview(entry);
  return `${plain(t.id)} (account ${plain(t.account)}, status ${plain(t.status)}, postDate ${plain(t.postDate)})`;
}

/** The pages either side of the boundary after page `page` (from 0), where the walk kept them. */
function boundary(walk: NamedWalk, page: number): { before: PageEnds; after: PageEnds } | undefined {
  const before = walk.ends?.[page];
  const after = walk.ends?.[page + 1];
  return before && after ? { before, after } : undefined;
}

/**
 * The boundary after page `page` (from 0), a line each: the last transaction before it, the cursor that
 * crossed it (and what it lost), the first transaction after it.
 */
function boundaryLines(walk: NamedWalk, page: number, lost?: string): string[] {
  const ends = boundary(walk, page);
  const entry = (value: unknown) => (value === undefined ? '(no transaction)' : entryText(value));
  return [
    `page ${page + 1} ends with ${entry(ends?.before.last)}`,
    `${lost === undefined ? '' : `lost: ${lost}; `}page ${page + 2} came by links.next ${ends?.before.next ?? '(not kept)'}`,
    `page ${page + 2} starts with ${entry(ends?.after.first)}`,
  ];
}

/** The pages after which transactions were lost, the first few, as a message names them. */
function pagesList(pages: readonly number[]): string {
  const shown = pages.slice(0, 5).map((page) => String(page + 1));
  return `${shown.join(', ')}${pages.length > shown.length ? `, … ${pages.length - shown.length} more` : ''}`;
}

/**
 * Transactions `walk` lost at its page boundaries that the walk `holder` holds: AFFORD-11's failure,
 * naming the walk, the first boundary (the pages, the cursor, the transactions either side) and, as its
 * evidence, the request of the page after it beside the request of the page before.
 */
export function lostAtBoundaries(walk: NamedWalk, lost: Gaps['atBoundary'], holder: string): Failure {
  const [first] = lost as [Gaps['atBoundary'][number], ...Gaps['atBoundary']];
  const pages = [...new Set(lost.map((gap) => gap.page))];
  const ends = boundary(walk, first.page);
  return new Failure(
    [
      `the walk ${walk.label} lost ${lost.length} transaction(s) at page boundaries (after page ${pagesList(pages)}), ` +
        `each held by the walk ${holder}; the first:`,
      ...boundaryLines(walk, first.page, first.id),
    ].join('\n'),
    ends?.after.exchange,
    ['AFFORD-11'],
    ends?.before.exchange,
  );
}

/**
 * A walk that came back to transactions it had seen: AFFORD-11's failure, naming the first one repeated,
 * the page that first held it, and the boundary before the page where it came again.
 */
export function repeatedAcrossPages(walk: NamedWalk): Failure | undefined {
  const repeats = walk.repeats;
  if (!repeats) return undefined;
  const held = pagesOfIds(walk).get(repeats.firstId) ?? 0;
  const ends = repeats.page > 0 ? boundary(walk, repeats.page - 1) : undefined;
  return new Failure(
    [
      `the walk ${walk.label} saw ${repeats.count} transaction(s) again; the first, ${repeats.firstId}, held by page ${held + 1}, came again on page ${repeats.page + 1}:`,
      ...(repeats.page > 0 ? boundaryLines(walk, repeats.page - 1) : []),
    ].join('\n'),
    repeats.exchange,
    ['AFFORD-11'],
    ends?.before.exchange,
  );
}

/**
 * Throws where walks of the whole unfiltered snapshot disagree on its transactions, each walk judged
 * against the first: a walk that came back to a transaction, or lost one another walk holds (AFFORD-11),
 * named at the page boundary where it was lost; a walk that saw the head of the list and then ended
 * while more remained (AFFORD-04, links.next while more remain).
 */
export function expectSameTransactions(walks: readonly NamedWalk[]): void {
  for (const walk of walks) {
    const repeated = repeatedAcrossPages(walk);
    if (repeated) throw repeated;
  }
  const [reference, ...others] = walks;
  if (!reference) return;
  for (const walk of others) {
    const lost = gapsOf(walk, reference.ids);
    const lostByReference = gapsOf(reference, walk.ids);
    const missing = everyId(lost);
    const extra = everyId(lostByReference);
    if (missing.length === lost.afterEnd.length && missing.length > 0 && extra.length === 0)
      throw new Failure(
        `the walk ${walk.label} saw the first ${walk.distinct} transactions the walk ${reference.label} saw, then ended without links.next: ${missing.length} more remained`,
        walk.last,
        ['AFFORD-04'],
      );
    if (lost.atBoundary.length > 0) throw lostAtBoundaries(walk, lost.atBoundary, reference.label);
    if (lostByReference.atBoundary.length > 0)
      throw lostAtBoundaries(reference, lostByReference.atBoundary, walk.label);
    if (missing.length > 0 || extra.length > 0)
      throw new Failure(
        `the walk ${walk.label} saw ${walk.distinct} transactions and the walk ${reference.label} ${reference.distinct}: ` +
          `${missing.length} missing (first ${missing.slice(0, 3).join(', ') || '-'}), ${extra.length} extra (first ${extra.slice(0, 3).join(', ') || '-'})`,
        walk.last,
        ['AFFORD-11'],
      );
  }
}
