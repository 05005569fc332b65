import { describe, expect, test } from 'vitest';
import { NotExercised } from '../../src/checks/check.ts';
import { Finding } from '../../src/checks/findings.ts';
import { walkPages, type PageSource } from '../../src/checks/paging.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import { expectCompleted, Flaws, type SnapshotWalk } from '../../suites/affordability/snapshot.ts';

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
  return { ...walk, label: 'test walk', flaws: new Flaws(), payments: new Set() };
}

describe('a walk that does not reach the end of the snapshot', () => {
  test('stopped by the page cap while every page is full of fresh transactions: not exercised, naming the cap', async () => {
    const walk = await walkOf(endlessList(5, 5), 4);
    expect(walk.problem?.reason).toBe('page-cap');
    expect(() => expectCompleted(walk)).toThrow(NotExercised);
    expect(() => expectCompleted(walk)).toThrow(/reached the suite's cap .* stops at 4 pages/);
  });

  test('stopped because its pages repeat what came before: a finding', async () => {
    const walk = await walkOf(endlessList(5, 0), 50);
    expect(walk.problem?.reason).toBe('repeated-page');
    expect(() => expectCompleted(walk)).toThrow(Finding);
  });
});
