import type { Exchange } from '../http/exchange.ts';
import { describeAnswer, describeRequest } from './failures.ts';

/**
 * A bounded, memory-light walk of a paged list by `links.next` (spec: GET …/affordability/…/transactions,
 * "Paging: pages of at most 500 entries; absence of `links.next` means no more pages").
 *
 * Each page is handed to `onPage` as it arrives and then dropped: the walk itself keeps only the entries'
 * ids (to tell repeats), one number and one flag per page, and the exchanges that show what stopped it. A
 * hostile or broken target ends the walk with a `stop`, never a hang: a `next` that repeats a request, a page of
 * entries all seen before, and more pages than the entries seen can fill (plus a margin, under a hard cap)
 * all stop it.
 */

export type Query = Record<string, string | undefined>;

/** What the walk sends requests through (`api()` in a check; anything with the same `get` elsewhere). */
export interface PageSource {
  get(path: string, query?: Query): Promise<Exchange>;
}

export interface Page {
  /** Position in the walk, from 0. */
  index: number;
  exchange: Exchange;
  body: Record<string, unknown>;
  items: unknown[];
  /** `links.next` as given, or undefined on a page without one (or with a null one). */
  next: string | undefined;
}

/** Why a walk stopped before it reached a page without `links.next`. */
export type StopReason =
  | 'status' // a page answered another status than the one expected
  | 'not-a-list' // a page whose body holds no entries array
  | 'bad-next' // links.next present but not a non-empty string
  | 'loop' // links.next leads to a request already sent
  | 'repeated-page' // a page whose entries were all seen before
  | 'too-many-pages' // more pages than the entries seen can fill, plus a margin
  | 'page-cap'; // the hard cap on pages, whatever the entries

export interface WalkStop {
  reason: StopReason;
  /** Which page (from 0) showed it. */
  page: number;
  message: string;
  exchange: Exchange;
}

/**
 * What a walk keeps of a page for a finding between two pages (an entry lost or repeated at a page
 * boundary), as `WalkOptions.keep` makes it: its exchange, what it holds of the entries at its two ends,
 * its links.next.
 */
export interface PageEnds {
  exchange: Exchange;
  /** The page's first and last entries, or what identifies them; both undefined on an empty page. */
  first?: unknown;
  last?: unknown;
  /** links.next as given, when a non-empty string. */
  next?: string;
}

/** A page of the walk that broke a page-size rule, with its evidence. */
export interface PageFinding {
  page: number;
  size: number;
  exchange: Exchange;
}

export interface Walk {
  /** The first request, as a report names it. */
  request: string;
  pages: number;
  /** Entries over all pages, repeats included. */
  entries: number;
  /** Distinct entry ids (entries without an id count as distinct), in the order the walk first saw them. */
  ids: Set<string>;
  distinct: number;
  /** A page without links.next was reached: the walk ended as the spec says it does. */
  ended: boolean;
  /** Stopped at `maxPages` on purpose (a probe of the first pages). */
  truncated: boolean;
  stop?: WalkStop;
  first?: Exchange;
  last?: Exchange;
  /** Entries per page, and whether the page carried links.next (a null one counts as absent). */
  pageSizes: number[];
  nextPresent: boolean[];
  /** Ids each page held that no earlier page did: with the order of `ids`, which page first held each id. */
  freshIds: number[];
  /** Each page's ends, when the walk was asked to keep them (`WalkOptions.keep`). */
  ends?: PageEnds[];
  /** The first page holding more entries than `pageSize`. */
  oversized?: PageFinding;
  /** The first page followed by links.next that holds fewer or more entries than `pageSize`. */
  notFullBeforeNext?: PageFinding;
  /** Pages reached by links.next that held no entry: the page before promised more that did not come. */
  emptyFollowed?: PageFinding & { count: number };
  /** Entries seen more than once. */
  repeats?: { count: number; firstId: string; page: number; exchange: Exchange };
}

/** A walk of `request` before its first page: nothing fetched, seen or ended yet. */
export function walkNotStarted(request: string): Walk {
  return {
    request,
    pages: 0,
    entries: 0,
    ids: new Set(),
    distinct: 0,
    ended: false,
    truncated: false,
    pageSizes: [],
    nextPresent: [],
    freshIds: [],
  };
}

export interface WalkOptions {
  path: string;
  query?: Query;
  /** Entries a full page holds (the limit asked for, or the default): bounds the pages and sizes them. */
  pageSize: number;
  /** Pages allowed beyond ceil(distinct entries / (pageSize × minFill)) before the walk is called endless. */
  margin?: number;
  /**
   * The least average fill of a page, as a fraction of pageSize, that the bound allows for: short pages are
   * not forbidden outright (a SHOULD for explicit limits), so half-full pages still end the walk; a target
   * handing out pages that are mostly empty is stopped as endless.
   */
  minFill?: number;
  /** Pages never exceeded, whatever the entries. */
  hardCap?: number;
  /** Stop quietly after this many pages: a probe of the first pages, not a full walk. */
  maxPages?: number;
  /** The status every page must answer; default 200. */
  status?: number;
  /** The entries of a page; default `body.data`. */
  itemsOf?: (body: Record<string, unknown>) => unknown;
  /** The next link of a page; default `body.links.next`. */
  nextOf?: (body: Record<string, unknown>) => unknown;
  /** An entry's identity; default its `id` when a string. */
  idOf?: (item: unknown) => string | undefined;
  /** Sees each page once, as it arrives; the page is dropped afterwards. */
  onPage?: (page: Page) => void;
  /**
   * Keeps each page's ends (`Walk.ends`) as this makes them from the page: a few kilobytes of each (the
   * exchange as evidence holds it, secrets masked and the body cut), since a walk may have many pages.
   */
  keep?: (page: Page) => PageEnds;
}

export const defaultMargin = 10;
export const defaultMinFill = 0.5;
export const defaultHardCap = 1_000;

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const defaultItems = (body: Record<string, unknown>) => body.data;
const defaultNext = (body: Record<string, unknown>) => record(body.links)?.next;
const defaultId = (item: unknown) => {
  const id = record(item)?.id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * The request that follows a page, from its `links.next` as given: an absolute or relative link is
 * followed as a link; a value with no '/' and no '?' is a bare cursor, sent as the `next` parameter of
 * the first request (its other parameters kept); a value starting with '?' is a query on the current page.
 */
export function followNext(
  next: string,
  current: Exchange,
  first: { path: string; query?: Query },
): { path: string; query?: Query } {
  if (!next.includes('/') && !next.includes('?'))
    return { path: first.path, query: { ...first.query, next } };
  if (next.startsWith('?')) return { path: new URL(next, current.request.url).href };
  return { path: next };
}

/** The page's place and request, as a message names it. */
function where(index: number, exchange: Exchange): string {
  return `page ${index + 1} (${describeRequest(exchange)})`;
}

/**
 * Walks the list from `options.path` by `links.next` until a page has none, something stops it (`stop`), or
 * `maxPages` is reached. Requests are sequential; the bound is checked before each one.
 */
export async function walkPages(source: PageSource, options: WalkOptions): Promise<Walk> {
  const expected = options.status ?? 200;
  const margin = options.margin ?? defaultMargin;
  const fullPage = Math.max(1, options.pageSize * (options.minFill ?? defaultMinFill));
  const hardCap = options.hardCap ?? defaultHardCap;
  const itemsOf = options.itemsOf ?? defaultItems;
  const nextOf = options.nextOf ?? defaultNext;
  const idOf = options.idOf ?? defaultId;
  const firstRequest = { path: options.path, ...(options.query ? { query: options.query } : {}) };
  const search = new URLSearchParams(
    Object.entries(options.query ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  const walk = walkNotStarted(`GET ${options.path}${search ? `?${search}` : ''}`);
  const sent = new Set<string>();
  let request: { path: string; query?: Query } = firstRequest;
  const stop = (reason: StopReason, index: number, exchange: Exchange, message: string) => {
    walk.stop = { reason, page: index, exchange, message: `${where(index, exchange)}: ${message}` };
  };

  for (;;) {
    const index = walk.pages;
    const exchange = await source.get(request.path, request.query);
    walk.first ??= exchange;
    walk.last = exchange;
    walk.pages++;
    if (sent.has(exchange.request.url)) {
      stop('loop', index, exchange, 'links.next of the page before leads back to a request already sent');
      break;
    }
    sent.add(exchange.request.url);
    if (exchange.response?.status !== expected) {
      stop('status', index, exchange, `expected status ${expected}, got ${describeAnswer(exchange)}`);
      break;
    }
    const body = record(exchange.response.body);
    const items = body ? itemsOf(body) : undefined;
    if (!body || !Array.isArray(items)) {
      stop(
        'not-a-list',
        index,
        exchange,
        `expected a list with an entries array, got ${describeAnswer(exchange)}`,
      );
      break;
    }

    let fresh = 0;
    let freshIds = 0;
    for (const item of items) {
      const id = idOf(item);
      if (id === undefined) {
        walk.distinct++;
        fresh++;
      } else if (walk.ids.has(id)) {
        walk.repeats ??= { count: 0, firstId: id, page: index, exchange };
        walk.repeats.count++;
      } else {
        walk.ids.add(id);
        walk.distinct++;
        fresh++;
        freshIds++;
      }
    }
    walk.freshIds.push(freshIds);
    if (items.length > 0 && fresh === 0 && index > 0) {
      stop('repeated-page', index, exchange, `all ${items.length} entries were seen on earlier pages`);
      break;
    }

    // A null next is read as absent: many serialisers write an absent member so (AMB-AFFORD-04).
    const given = nextOf(body);
    const rawNext = given === null ? undefined : given;
    walk.entries += items.length;
    walk.pageSizes.push(items.length);
    walk.nextPresent.push(rawNext !== undefined);
    if (items.length > options.pageSize && !walk.oversized)
      walk.oversized = { page: index, size: items.length, exchange };
    if (rawNext !== undefined && items.length !== options.pageSize && !walk.notFullBeforeNext)
      walk.notFullBeforeNext = { page: index, size: items.length, exchange };
    if (index > 0 && items.length === 0) {
      walk.emptyFollowed ??= { page: index, size: 0, exchange, count: 0 };
      walk.emptyFollowed.count++;
    }
    const next = typeof rawNext === 'string' && rawNext !== '' ? rawNext : undefined;
    const page = { index, exchange, body, items, next };
    if (options.keep) (walk.ends ??= []).push(options.keep(page));
    options.onPage?.(page);

    if (rawNext === undefined) {
      walk.ended = true;
      break;
    }
    if (next === undefined) {
      stop('bad-next', index, exchange, `links.next is ${JSON.stringify(rawNext)}, not a link or cursor`);
      break;
    }
    if (options.maxPages !== undefined && walk.pages >= options.maxPages) {
      walk.truncated = true;
      break;
    }
    if (walk.pages >= hardCap) {
      stop(
        'page-cap',
        index,
        exchange,
        `still links.next after ${walk.pages} pages holding ${walk.distinct} distinct entries: ` +
          `the walk stops at ${hardCap} pages, so whether the list ends was not seen`,
      );
      break;
    }
    const allowed = Math.ceil(walk.distinct / fullPage) + margin;
    if (walk.pages >= allowed) {
      stop(
        'too-many-pages',
        index,
        exchange,
        `still links.next after ${walk.pages} pages holding ${walk.distinct} distinct entries ` +
          `(page size ${options.pageSize}): ${margin} pages more than those entries fill at ${fullPage} a page, ` +
          `so the pages are mostly empty and the walk is called endless`,
      );
      break;
    }
    request = followNext(next, exchange, firstRequest);
  }
  return walk;
}

/** The page (from 0) that first held each id of the walk. */
export function pagesOfIds(walk: Walk): Map<string, number> {
  const pages = new Map<string, number>();
  let page = 0;
  let left = walk.freshIds[0] ?? 0;
  for (const id of walk.ids) {
    while (left === 0 && page < walk.freshIds.length - 1) left = walk.freshIds[++page] ?? 0;
    pages.set(id, page);
    left--;
  }
  return pages;
}

/** A walk that ended as the spec says (a page without links.next), neither stopped early (`stop`) nor cut short. */
export function completed(walk: Walk): boolean {
  return walk.ended && !walk.stop;
}
