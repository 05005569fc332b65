import { describe, expect, test } from 'vitest';
import { NotExercised } from '../../src/checks/check.ts';
import { Failure } from '../../src/checks/failures.ts';
import { walkPages, type PageSource } from '../../src/checks/paging.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { WalkFindings } from '../../suites/affordability/findings.ts';
import { expectCompleted } from '../../suites/affordability/walk-findings.ts';
import { type SnapshotWalk } from '../../suites/affordability/walks.ts';

/** A list that never ends: each page holds `size` transactions, `fresh` of them never seen before. */
function endlessList(size: number, fresh: number): PageSource {
  let served = 0;
  return {
    get(path, query) {
      const page = served++;
      const data = Array.from({ length: size }, (_, i) => ({
        id: i < fresh ? `t-${page}-${i}` : `t-0-${i}`,
      }));
      const url = `http://target${path}?${new URLSearchParams(query as Record<string, string>)}`;
      const body = { type: 'list', count: size, size, data, links: { next: `?next=${page + 1}` } };
      const exchange: Exchange = {
        request: { method: 'GET', url, headers: {} },
        response: { status: 200, headers: {}, body, text: JSON.stringify(body), durationMs: 1 },
        retries: [],
      };
      return Promise.resolve(exchange);
    },
  };
}

async function walkOf(source: PageSource, hardCap: number): Promise<SnapshotWalk> {
  const walk = await walkPages(source, { path: '/transactions', pageSize: 5, hardCap });
  return { ...walk, label: 'test walk', findings: new WalkFindings(), byClass: new Map() };
}

describe('a walk that does not reach the end of the snapshot', () => {
  test('stopped by the page cap while every page is full of fresh transactions: not exercised, naming the cap', async () => {
    const walk = await walkOf(endlessList(5, 5), 4);
    expect(walk.stop?.reason).toBe('page-cap');
    expect(() => expectCompleted(walk)).toThrow(NotExercised);
    expect(() => expectCompleted(walk)).toThrow(/reached the suite's cap .* stops at 4 pages/);
  });

  test('stopped because its pages repeat what came before: a finding', async () => {
    const walk = await walkOf(endlessList(5, 0), 50);
    expect(walk.stop?.reason).toBe('repeated-page');
    expect(() => expectCompleted(walk)).toThrow(Failure);
  });
});

describe('the end of a walk', () => {
  /** Two pages, the last one's links.next given as `last`. */
  function twoPages(last: unknown): PageSource {
    return {
      get(path, query) {
        const second = query?.next !== undefined;
        const links = second ? { self: path, next: last } : { self: path, next: 'cursor-2' };
        const body = { type: 'list', count: 1, size: 2, data: [{ id: second ? 't-2' : 't-1' }], links };
        const url = `http://target${path}?${new URLSearchParams(query as Record<string, string>)}`;
        return Promise.resolve({
          request: { method: 'GET', url, headers: {} },
          response: { status: 200, headers: {}, body, text: JSON.stringify(body), durationMs: 1 },
          retries: [],
        });
      },
    };
  }

  test('a last page whose links.next is null ends the walk, as an absent one does (AMB-AFFORD-04)', async () => {
    const walk = await walkPages(twoPages(null), { path: '/transactions', pageSize: 1 });
    expect([walk.ended, walk.stop, walk.distinct, walk.nextPresent]).toEqual([
      true,
      undefined,
      2,
      [true, false],
    ]);
  });

  test('a last page whose links.next is no link or cursor stops the walk as a stop', async () => {
    const walk = await walkPages(twoPages(42), { path: '/transactions', pageSize: 1 });
    expect(walk.stop?.reason).toBe('bad-next');
  });
});
