import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../mock/world/world.ts';
import { expectError, expectResource, MockClient } from './mock-client.ts';

interface Page {
  count: number;
  size: number;
  data: (TransactionRecord & { links: Record<string, string> })[];
  links: { self: string; next?: string };
}

let client: MockClient;
let snapshot: TransactionRecord[];

beforeAll(async () => {
  client = await MockClient.start();
  const found = client.world.affordability.find((s) => s.id === client.fixture.affordabilityId);
  snapshot = found?.transactions ?? [];
});

afterAll(() => client.close());

/** Follows links.next from the first page until a page has none. */
async function walk(query: Record<string, string>): Promise<Page[]> {
  const pages: Page[] = [];
  let path: string | undefined = client.paths.transactions;
  let first = true;
  while (path !== undefined) {
    const exchange = await client.get(path, first ? query : undefined);
    expectResource(exchange, 200, 'affordability-list');
    const page = exchange.body as Page;
    pages.push(page);
    expect(page.links.next?.startsWith(`${client.url}${client.paths.transactions}?`) ?? true).toBe(true);
    path = page.links.next?.slice(client.url.length);
    first = false;
    if (pages.length > 100) throw new Error('links.next does not end');
  }
  return pages;
}

describe('paging over the fixture snapshot (spec: GET …/affordability/{affordability.id}/transactions)', () => {
  it('the fixture snapshot spans several 500-entry pages', () => {
    expect(snapshot.length).toBeGreaterThan(1000);
  });

  it.each([
    ['the default limit', {}, 500],
    ['limit 500', { limit: '500' }, 500],
    ['limit 137', { limit: '137' }, 137],
    ['limit 1 over the first pages', { limit: '1' }, 1],
  ])('walking links.next with %s visits every transaction once, in order', async (_name, query, limit) => {
    if (limit === 1) {
      // 1,300 one-entry pages would only slow the suite; three of them show the cursor works at its edge.
      const first = await client.get(client.paths.transactions, query);
      const page = first.body as Page;
      expect(page.data.map((t) => t.id)).toEqual([snapshot[0]?.id]);
      const second = (await client.get(page.links.next?.slice(client.url.length) ?? '')).body as Page;
      expect(second.data.map((t) => t.id)).toEqual([snapshot[1]?.id]);
      return;
    }
    const pages = await walk(query);
    expect(pages).toHaveLength(Math.ceil(snapshot.length / limit));
    const ids = pages.flatMap((p) => p.data.map((t) => t.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(snapshot.map((t) => t.id));
    pages.forEach((page, index) => {
      const last = index === pages.length - 1;
      expect(page.count).toBe(page.data.length);
      expect(page.size).toBe(snapshot.length);
      expect(page.data.length).toBe(last ? snapshot.length - limit * index : limit);
      expect(page.links.next === undefined).toBe(last);
    });
  });

  it('the transaction.class filter returns only payments and survives across pages', async () => {
    const payments = snapshot.filter((t) => t.class === 'payment');
    expect(payments.length).toBeGreaterThan(137);
    const pages = await walk({ filter: "transaction.class.eq('payment')", limit: '137' });
    expect(pages.length).toBe(Math.ceil(payments.length / 137));
    for (const page of pages) {
      expect(page.size).toBe(payments.length);
      expect(page.data.every((t) => t.class === 'payment')).toBe(true);
    }
    expect(pages.flatMap((p) => p.data.map((t) => t.id))).toEqual(payments.map((t) => t.id));
  });

  it('ne excludes the class on every page', async () => {
    const others = snapshot.filter((t) => t.class !== 'payment');
    const pages = await walk({ filter: "transaction.class.ne('payment')" });
    expect(pages.flatMap((p) => p.data.map((t) => t.id))).toEqual(others.map((t) => t.id));
  });

  it('a filter matching nothing gives one empty page without next', async () => {
    const pages = await walk({ filter: "transaction.class.eq('no-such-class')" });
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ count: 0, size: 0, data: [] });
    expect(pages[0]?.links.next).toBeUndefined();
  });

  it('links.self of the first page repeats the query', async () => {
    const exchange = await client.get(client.paths.transactions, { limit: '10' });
    expect((exchange.body as Page).links.self).toBe(`${client.url}${client.paths.transactions}?limit=10`);
  });

  it('transactions come by account, pending first, then newest posted first', () => {
    // Checked on the mock's answer, not only on the world, since the ordering faults reorder at serve time.
    return walk({}).then((pages) => {
      const data = pages.flatMap((p) => p.data);
      const seen = new Set<string>();
      data.forEach((t, i) => {
        const previous = data[i - 1];
        if (previous?.account === t.account) {
          const rank = (x: TransactionRecord) => (x.status === 'pending' ? 0 : 1);
          expect(rank(previous)).toBeLessThanOrEqual(rank(t));
          if (previous.status === t.status) expect(previous.postDate >= t.postDate).toBe(true);
        } else {
          expect(seen.has(t.account), `account ${t.account} appears in two runs`).toBe(false);
          seen.add(t.account);
        }
      });
      expect(data.some((t) => t.status === 'pending')).toBe(true);
    });
  });

  it('transactions carry account and institution links but no self link, and subClass only on payments', async () => {
    const page = (await client.get(client.paths.transactions)).body as Page;
    for (const t of page.data) {
      expect(Object.keys(t.links).sort()).toEqual(['account', 'institution']);
      expect(t.links.institution).toBe(`${client.url}/institutions/${t.institution}`);
      if (t.class === 'payment') expect(t.subClass).not.toBeNull();
      else expect(t.subClass).toBeNull();
    }
  });

  it('a small snapshot fits one page without next', async () => {
    const small = client.world.affordability.find((s) => s.transactions.length <= 500);
    if (!small) return;
    const exchange = await client.get(`/users/${small.userId}/affordability/${small.id}/transactions`);
    expectResource(exchange, 200, 'affordability-list');
    const page = exchange.body as Page;
    expect(page).toMatchObject({ count: small.transactions.length, size: small.transactions.length });
    expect(page.links.next).toBeUndefined();
  });

  it('the empty snapshot gives one page with an empty data array and no next', async () => {
    const { userId, emptyAffordabilityId } = client.fixture;
    const exchange = await client.get(`/users/${userId}/affordability/${emptyAffordabilityId}/transactions`);
    expectResource(exchange, 200, 'affordability-list');
    expect(exchange.body).toMatchObject({ count: 0, size: 0, data: [] });
    expect((exchange.body as Page).links.next).toBeUndefined();
  });

  it('a made-up cursor and a malformed filter are refused with 400 naming the parameter', async () => {
    expectError(
      await client.get(client.paths.transactions, { next: 'not-a-cursor' }),
      400,
      'parameter-not-valid',
      'next',
    );
    expectError(
      await client.get(client.paths.transactions, { filter: "transaction.class.eq('payment'" }),
      400,
      'parameter-not-valid',
      'filter',
    );
  });
});
