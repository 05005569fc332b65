import { describe, expect, test } from 'vitest';
import { Failure } from '../../src/checks/failures.ts';
import { pagesOfIds, walkPages, type PageSource } from '../../src/checks/paging.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { Secrets } from '../../src/http/secrets.ts';
import {
  byWhoseLoss,
  entryText,
  expectSameTransactions,
  gapsOf,
  lostAtBoundaries,
  pageEnds,
  repeatedAcrossPages,
  type NamedWalk,
} from '../../suites/affordability/walk-gaps.ts';

/** Twelve transactions of two accounts, in the list's order. */
const list = Array.from({ length: 12 }, (_, i) => ({
  id: `t-${String(i).padStart(2, '0')}`,
  account: i < 6 ? 'acc-a' : 'acc-b',
  status: 'posted',
  postDate: `2025-01-${String(28 - i).padStart(2, '0')}T00:00:00Z`,
}));

/**
 * The list served in pages of `size` by a bare cursor (the offset), each next page starting `skip`
 * entries past the end of the page before where more than that remain (a negative skip repeats
 * entries), and ending after `end`.
 */
function served(size: number, skip = 0, end = list.length, items = list): PageSource {
  return {
    get(path, query) {
      const offset = Number(query?.next ?? 0);
      const data = items.slice(offset, Math.min(offset + size, end));
      const nextOffset = offset + size + (end - (offset + size) > skip ? skip : 0);
      const links = offset + size < end ? { next: String(nextOffset) } : {};
      const body = { type: 'list', count: data.length, size: items.length, data, links };
      const search = new URLSearchParams(query as Record<string, string>).toString();
      const exchange: Exchange = {
        request: { method: 'GET', url: `http://target${path}${search ? `?${search}` : ''}`, headers: {} },
        response: { status: 200, headers: {}, body, text: JSON.stringify(body), durationMs: 1 },
        retries: [],
      };
      return Promise.resolve(exchange);
    },
  };
}

/** A walk of the list as the suite's walks make it: every page's ends kept. */
async function walked(label: string, source: PageSource, size: number): Promise<NamedWalk> {
  const walk = await walkPages(source, {
    path: '/transactions',
    pageSize: size,
    keep: (page) => pageEnds(page, new Secrets()),
  });
  return { ...walk, label };
}

const ids = list.map((t) => t.id);

describe('where a walk lost transactions', () => {
  test('each id is placed on the page that first held it', async () => {
    const walk = await walked('limit=5', served(5), 5);
    expect([...pagesOfIds(walk).values()]).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2]);
  });

  test('one lost where a page gives way to the next is at that boundary, after the page before', async () => {
    const walk = await walked('limit=5', served(5, 1), 5);
    // Pages t-00..t-04, t-06..t-10, t-11: t-05 is lost after page 1; t-11 follows without a loss.
    expect(gapsOf(walk, ids)).toEqual({ atBoundary: [{ id: 't-05', page: 0 }], elsewhere: [], afterEnd: [] });
  });

  test('one lacked within a page, before the first, or after the last is told apart from a boundary', async () => {
    const walk = await walked('limit=5', served(5), 5);
    const reference = ['t-x0', ...ids.slice(0, 2), 't-x1', ...ids, 't-x2'];
    expect(gapsOf(walk, reference)).toEqual({
      atBoundary: [],
      elsewhere: ['t-x0', 't-x1'],
      afterEnd: ['t-x2'],
    });
    const ended = await walked('limit=5', served(5, 0, 7), 5);
    expect(gapsOf(ended, ids).afterEnd).toEqual(ids.slice(7));
  });
});

describe('whose rule a loss at a page boundary of a filtered walk breaks', () => {
  test('paging lost it: the same filter at another page size holds it, or lost it at a boundary of its own', async () => {
    const lost = gapsOf(await walked('limit=5', served(5, 1), 5), ids).atBoundary;
    const other = await walked('limit=3', served(3), 3);
    expect(byWhoseLoss(lost, ids, other)).toEqual({ paging: [{ id: 't-05', page: 0 }], filter: [] });
    // At pages of 4, t-05 falls mid-page and is held: paging's again.
    expect(byWhoseLoss(lost, ids, await walked('limit=4', served(4, 1), 4)).paging).toEqual(lost);
    // A walk that lost t-05 where its own pages meet too: lost by paging both times.
    const alsoLost = await walked('limit=5 again', served(5, 1), 5);
    expect(byWhoseLoss(lost, ids, alsoLost).paging).toEqual(lost);
  });

  test('the filter never returned it: the same filter at another page size lacks it within a page', async () => {
    // The filter leaves t-05 out: at pages of 5 that falls exactly where page 1 gives way to page 2.
    const returned = list.filter((t) => t.id !== 't-05');
    const walk = await walked('limit=5', served(5, 0, returned.length, returned), 5);
    const lost = gapsOf(walk, ids).atBoundary;
    expect(lost).toEqual([{ id: 't-05', page: 0 }]);
    const other = await walked('limit=3', served(3, 0, returned.length, returned), 3);
    expect(byWhoseLoss(lost, ids, other)).toEqual({ paging: [], filter: ['t-05'] });
  });
});

describe('a walk finding names the walk where a page gives way to the next', () => {
  test('a transaction lost: the walk, the pages, the cursor, the entries either side, and the pair of requests', async () => {
    const walk = await walked("filter=transaction.class.eq('payment')", served(5, 1), 5);
    const failure = lostAtBoundaries(walk, gapsOf(walk, ids).atBoundary, 'without limit');
    expect(failure).toBeInstanceOf(Failure);
    expect(failure.requirements).toEqual(['AFFORD-11']);
    expect(failure.message.split('\n')).toEqual([
      "the walk filter=transaction.class.eq('payment') lost 1 transaction(s) at page boundaries (after page 1), each held by the walk without limit; the first:",
      `page 1 ends with ${entryText(list[4])}`,
      'lost: t-05; page 2 came by links.next 6',
      `page 2 starts with ${entryText(list[6])}`,
    ]);
    expect(entryText(list[4])).toBe('t-04 (account acc-a, status posted, postDate 2025-01-24T00:00:00Z)');
    // The evidence is the page after the boundary; the page before is the request that led there.
    expect(failure.exchange?.request.url).toBe('http://target/transactions?next=6');
    expect(failure.before?.request.url).toBe('http://target/transactions');
  });

  test('losses at several boundaries are counted and their pages listed', async () => {
    const walk = await walked('limit=2', served(2, 1), 2);
    const lost = gapsOf(walk, ids).atBoundary;
    expect(lost.map((gap) => gap.id)).toEqual(['t-02', 't-05', 't-08']);
    expect(lostAtBoundaries(walk, lost, 'without limit').message).toMatch(
      /^the walk limit=2 lost 3 transaction\(s\) at page boundaries \(after page 1, 2, 3\)/,
    );
  });

  test('a transaction repeated: the page that first held it, the page it came again on and the boundary before it', async () => {
    const walk = await walked('limit=5', served(5, -1), 5);
    const failure = repeatedAcrossPages(walk);
    expect(failure?.requirements).toEqual(['AFFORD-11']);
    expect(failure?.message.split('\n')).toEqual([
      'the walk limit=5 saw 2 transaction(s) again; the first, t-04, held by page 1, came again on page 2:',
      `page 1 ends with ${entryText(list[4])}`,
      'page 2 came by links.next 4',
      `page 2 starts with ${entryText(list[4])}`,
    ]);
    expect(failure?.exchange?.request.url).toBe('http://target/transactions?next=4');
    expect(failure?.before?.request.url).toBe('http://target/transactions');
    expect(repeatedAcrossPages(await walked('limit=5', served(5), 5))).toBeUndefined();
  });
});

describe('walks of the whole snapshot held to each other', () => {
  test('a walk that lost one at a boundary fails AFFORD-11, naming that walk', async () => {
    const reference = await walked('without limit', served(12), 12);
    const gapped = await walked('limit=5', served(5, 1), 5);
    expect(() => expectSameTransactions([reference, gapped])).toThrow(
      expect.objectContaining({
        requirements: ['AFFORD-11'],
        message: expect.stringMatching(/^the walk limit=5 lost 1/),
      }),
    );
    // The reference lost it: the failure names the reference, held to the walk that holds it.
    expect(() => expectSameTransactions([gapped, reference])).toThrow(
      expect.objectContaining({
        requirements: ['AFFORD-11'],
        message: expect.stringMatching(/^the walk limit=5 lost 1 .* held by the walk without limit/),
      }),
    );
  });

  test('a walk that saw the head and ended while more remained fails AFFORD-04; walks that agree pass', async () => {
    const reference = await walked('without limit', served(12), 12);
    const ended = await walked('limit=5', served(5, 0, 7), 5);
    expect(() => expectSameTransactions([reference, ended])).toThrow(
      expect.objectContaining({ requirements: ['AFFORD-04'] }),
    );
    expect(() => expectSameTransactions([reference, reference])).not.toThrow();
  });
});
