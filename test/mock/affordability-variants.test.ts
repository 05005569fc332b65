import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffordabilityVariants } from '../../mock/variants/types.ts';
import { expectError, expectResource, MockClient, type Exchange } from './mock-client.ts';

/**
 * Each affordability reading of the ambiguity register (src/requirements/ambiguities/affordability.json)
 * is really shown by the mock under its variant: the same request is answered otherwise than by the
 * default mock. That the suite passes under each is test/variants/register-variants.ts.
 */
interface Transaction {
  status: string;
  amount: string;
  direction: string;
  class: string;
  transactionDate: string;
  subClass: unknown;
}

interface Page {
  count: number;
  size: number;
  data: Transaction[];
  links: { self: string; next?: string | null };
}

let plain: MockClient;

beforeAll(async () => {
  plain = await MockClient.start();
});

afterAll(() => plain.close());

/** A mock showing one affordability variant, closed after the test. */
async function withVariant(variants: AffordabilityVariants, test: (client: MockClient) => Promise<void>) {
  const client = await MockClient.start({ variants: { affordability: variants } });
  try {
    await test(client);
  } finally {
    await client.close();
  }
}

function list(client: MockClient, query: Record<string, string> = {}): Promise<Exchange> {
  return client.get(client.paths.transactions, query);
}

async function page(client: MockClient, query: Record<string, string> = {}): Promise<Page> {
  const exchange = await list(client, query);
  expectResource(exchange, 200, 'affordability-list');
  return exchange.body as Page;
}

/** The query of a link, or of a bare cursor taken as the next parameter. */
function nextQuery(next: string): URLSearchParams {
  return next.includes('?') ? new URL(next).searchParams : new URLSearchParams({ next });
}

describe('affordability variants (src/requirements/ambiguities/affordability.json)', () => {
  it('classFilter: the prefixed property by default, only the bare one under the variant', async () => {
    const prefixed = { filter: "transaction.class.eq('payment')" };
    const bare = { filter: "class.eq('payment')" };
    await page(plain, prefixed);
    expectError(await list(plain, bare), 400, 'parameter-not-valid', 'filter');
    await withVariant({ classFilter: 'bare' }, async (client) => {
      expect((await page(client, bare)).data.every((t) => t.class === 'payment')).toBe(true);
      expectError(await list(client, prefixed), 400, 'parameter-not-valid', 'filter');
    });
  });

  it('unknownClass: a class outside the tables matches nothing by default, is refused under the variant', async () => {
    const unknown = { filter: "transaction.class.eq('salary')" };
    expect((await page(plain, unknown)).data).toEqual([]);
    await withVariant({ unknownClass: 'refused' }, async (client) => {
      expectError(await list(client, unknown), 400, 'parameter-not-valid', 'filter');
    });
  });

  it('next: a link by default, the bare cursor under the variant', async () => {
    expect((await page(plain, { limit: '5' })).links.next).toMatch(/^http.*\?next=/);
    await withVariant({ next: 'cursor' }, async (client) => {
      const { next } = (await page(client, { limit: '5' })).links;
      expect(next).toMatch(/^[A-Za-z0-9_-]+$/);
      expect((await page(client, { limit: '5', next: next as string })).data).toHaveLength(5);
    });
  });

  it('cursor: the cursor carries the limit by default; under the variant the link repeats it, and a bare cursor needs it sent again', async () => {
    const next = (await page(plain, { limit: '5' })).links.next as string;
    expect([...nextQuery(next).keys()]).toEqual(['next']);
    expect((await page(plain, { next: nextQuery(next).get('next') as string })).data).toHaveLength(5);
    await withVariant({ cursor: 'position-only' }, async (client) => {
      const link = (await page(client, { limit: '5' })).links.next as string;
      expect(nextQuery(link).get('limit')).toBe('5');
      const cursor = nextQuery(link).get('next') as string;
      expect((await page(client, { next: cursor })).data).toHaveLength(500);
      expect((await page(client, { next: cursor, limit: '5' })).data).toHaveLength(5);
    });
  });

  it('lastPageNext: the last page has no next by default, next null under the variant', async () => {
    const filter = { filter: "transaction.class.eq('refund')" };
    expect('next' in (await page(plain, filter)).links).toBe(false);
    await withVariant({ lastPageNext: 'null' }, async (client) => {
      expect((await page(client, filter)).links.next).toBeNull();
    });
  });

  it('limitAboveMaximum: a limit above 500 is refused by default, capped under the variant', async () => {
    expectError(await list(plain, { limit: '501' }), 400, 'parameter-not-valid', 'limit');
    await withVariant({ limitAboveMaximum: 'capped' }, async (client) => {
      expect((await page(client, { limit: '501' })).data).toHaveLength(500);
    });
  });

  it('invalidLimit: a limit of 0 or ten is refused by default, given the default page under the variant', async () => {
    for (const limit of ['0', 'ten']) {
      expectError(await list(plain, { limit }), 400, 'parameter-not-valid', 'limit');
      await withVariant({ invalidLimit: 'default-page' }, async (client) => {
        expect((await page(client, { limit })).data).toHaveLength(500);
      });
    }
  });

  it('countSize: count is the page and size the list by default, count the list and size the limit under the variant', async () => {
    const total = plain.world.affordability.find((s) => s.id === plain.fixture.affordabilityId)!.transactions
      .length;
    const first = await page(plain, { limit: '7' });
    expect([first.count, first.size]).toEqual([7, total]);
    await withVariant({ countSize: 'total-and-limit' }, async (client) => {
      const varied = await page(client, { limit: '7' });
      expect([varied.count, varied.size]).toEqual([total, 7]);
    });
  });

  it('nonPaymentSubClass: null by default, an empty object under the variant', async () => {
    const others = (p: Page) => p.data.filter((t) => t.class !== 'payment').map((t) => t.subClass);
    expect(new Set(others(await page(plain)))).toEqual(new Set([null]));
    await withVariant({ nonPaymentSubClass: 'empty-object' }, async (client) => {
      expect(others(await page(client)).every((s) => JSON.stringify(s) === '{}')).toBe(true);
    });
  });

  it('debitAmounts: debits are negative by default, positive under the variant', async () => {
    const debits = (p: Page) => p.data.filter((t) => t.direction === 'debit').map((t) => t.amount);
    expect(debits(await page(plain)).every((a) => a.startsWith('-'))).toBe(true);
    await withVariant({ debitAmounts: 'positive' }, async (client) => {
      expect(debits(await page(client)).some((a) => a.startsWith('-'))).toBe(false);
    });
  });

  it('pendingStatus and transactionDate: pending transactions say pending with a date by default, authorised with an empty date under the variants', async () => {
    const pending = (p: Page) => p.data.filter((t) => t.status !== 'posted');
    const shown = pending(await page(plain));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((t) => t.status === 'pending' && t.transactionDate !== '')).toBe(true);
    await withVariant({ pendingStatus: 'authorised' }, async (client) => {
      expect(pending(await page(client)).every((t) => t.status === 'authorised')).toBe(true);
    });
    await withVariant({ transactionDate: 'empty-when-pending' }, async (client) => {
      expect(pending(await page(client)).every((t) => t.transactionDate === '')).toBe(true);
    });
  });
});
