/**
 * Walks of the affordability transaction list as they pass through the proxy: a page whose `links.next`
 * a later request follows continues the walk of that page. "A walk through all pages visits each
 * transaction exactly once" (AFFORD-11, src/rules/affordability.ts), so a page repeating a transaction of an
 * earlier page of its own walk breaks it, whatever the client does: each page remembers the page it
 * followed, so a client that follows the same cursor twice, or walks twice from the start, starts no false
 * repeat.
 */

interface Page {
  ids: ReadonlySet<string>;
  previous: Page | undefined;
  depth: number;
}

/** Pages kept for continuation; the oldest are forgotten past this, so a long-running proxy stays small. */
const pagesKept = 2_000;
/** A walk is followed back this many pages at most: beyond that its repeats are not judged. */
const depthKept = 1_000;

export interface WalkPlace {
  /** Whether the page continued a walk the proxy saw start (else nothing is judged). */
  continued: boolean;
  /** Whether an id was on an earlier page of the page's walk. */
  seen: (id: string) => boolean;
  /** The number of the page within its walk, from 1. */
  page: number;
}

export class PageWalks {
  /** Pages by every form a client may send their links.next in: the link's path and query, its cursor. */
  private readonly byCursor = new Map<string, Page>();

  /**
   * A page of `ids` answered to a request whose `next` query parameter (the cursor, undefined on a first
   * page) and whose path and query are given; `next` is the page's links.next, resolved against `base`.
   */
  page(
    request: { cursor: string | undefined; target: string },
    ids: string[],
    next: unknown,
    base: string,
  ): WalkPlace {
    // A link is followed as it is; a bare cursor comes back as `next`. A cursor the proxy never saw
    // issued continues a walk begun before it started: nothing of that walk is known, so nothing is judged.
    const previous =
      this.byCursor.get(request.target) ??
      (request.cursor === undefined ? undefined : this.byCursor.get(request.cursor));
    const continued = previous !== undefined || request.cursor === undefined;
    const depth = (previous?.depth ?? 0) + 1;
    if (typeof next === 'string' && next !== '' && depth < depthKept) {
      const current: Page = { ids: new Set(ids), previous, depth };
      for (const key of cursorKeys(next, base)) this.remember(key, current);
    }
    const seen = (id: string) => {
      for (let page = previous; page; page = page.previous) if (page.ids.has(id)) return true;
      return false;
    };
    return { continued, seen, page: depth };
  }

  private remember(key: string, page: Page): void {
    this.byCursor.delete(key);
    this.byCursor.set(key, page);
    if (this.byCursor.size > pagesKept) {
      const oldest = this.byCursor.keys().next().value;
      if (oldest !== undefined) this.byCursor.delete(oldest);
    }
  }
}

/**
 * The forms a links.next value may come back in: the value itself (a bare cursor, sent as `next=`), the
 * cursor in its `next` query parameter, and its path and query (a link, followed as it is, absolute or
 * relative to the service's address).
 */
function cursorKeys(next: string, base: string): string[] {
  const keys = [next];
  try {
    const url = new URL(next, `${base.replace(/\/?$/, '/')}`);
    keys.push(`${url.pathname}${url.search}`);
    const cursor = url.searchParams.get('next');
    if (cursor !== null) keys.push(cursor);
  } catch {
    // Not a link: the bare cursor alone.
  }
  return keys;
}
