import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExpensesVariants } from '../../mock/variants/types.ts';
import { expectError, expectResource, MockClient, type Exchange } from './mock-client.ts';

/**
 * Each expenses reading of the ambiguity register (src/requirements/ambiguities/expenses.json) is really
 * shown by the mock under its variant: the same request is answered otherwise than by the default mock.
 * That the suite passes under each is test/variants/register-variants.ts.
 */
interface Block {
  avgMonthly: string;
  changeHistory: { date: string; amount: string }[];
}

interface Expenses {
  fromMonth: string;
  toMonth: string;
  payments: { percentageTotal: number }[];
  cashWithdrawals: Block;
  links: { accounts: string[] };
}

let plain: MockClient;

beforeAll(async () => {
  plain = await MockClient.start();
});

afterAll(() => plain.close());

afterEach(() => {
  vi.useRealTimers();
});

/** A mock showing one expenses variant, closed after the test. */
async function withVariant(variants: ExpensesVariants, test: (client: MockClient) => Promise<void>) {
  const client = await MockClient.start({ variants: { expenses: variants } });
  try {
    await test(client);
  } finally {
    await client.close();
  }
}

function post(client: MockClient, body: unknown): Promise<Exchange> {
  return client.post(client.paths.expenses, body);
}

async function summary(client: MockClient, body: unknown): Promise<Expenses> {
  const exchange = await post(client, body);
  expectResource(exchange, 200, 'expenses');
  return exchange.body as Expenses;
}

/** A summary without what makes each one its own resource: its id and links.self. */
function withoutIdentity(expenses: Expenses) {
  const { id: _id, links, ...rest } = expenses as Expenses & { id: string; links: { self?: string } };
  const { self: _self, ...otherLinks } = links;
  return { ...rest, links: otherLinks };
}

/** A range of the world's history: the fixture user spends in each of its months. */
const spendingRange = { fromMonth: '2026-01', toMonth: '2026-06' };

describe('expenses variants (src/requirements/ambiguities/expenses.json)', () => {
  it('emptyBody: a body of no bytes is read as {} by default, with or without a content type', async () => {
    const { expenses } = plain.paths;
    const [withType, noType, noBody] = await Promise.all([
      plain.call('POST', expenses, { raw: '', contentType: 'application/json' }),
      // Bytes, not a string: fetch would give a string body a text/plain content type.
      plain.call('POST', expenses, { raw: new Uint8Array() }),
      plain.call('POST', expenses),
    ]);
    const requested = withoutIdentity(await summary(plain, {}));
    for (const exchange of [withType, noType, noBody]) {
      expectResource(exchange, 200, 'expenses');
      expect(withoutIdentity(exchange.body as Expenses)).toEqual(requested);
    }
  });

  it('emptyBody: a body of no bytes is refused under the refused variant; a content type other than JSON still is by default', async () => {
    const other = { raw: '', contentType: 'text/plain' };
    expectError(
      await plain.call('POST', plain.paths.expenses, other),
      415,
      'parameter-not-valid',
      'Content-Type',
    );
    await withVariant({ emptyBody: 'refused' }, async (client) => {
      const empty = { raw: '', contentType: 'application/json' };
      expectError(
        await client.call('POST', client.paths.expenses, empty),
        400,
        'parameter-not-valid',
        'body',
      );
    });
  });

  it('timeZone: near the end of a UTC month the current month is already the next one under the variant', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A moment in the past: the tokens of the mocks stay valid.
    vi.setSystemTime(new Date('2026-10-31T20:00:00Z'));
    expect((await summary(plain, {})).toMonth).toBe('2026-10');
    await withVariant({ timeZone: 'UTC+14' }, async (client) => {
      expect((await summary(client, {})).toMonth).toBe('2026-11');
    });
  });

  it('defaultFrom: the default range starts 13 months back by default, 12 under the variant', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-15T12:00:00Z'));
    expect((await summary(plain, {})).fromMonth).toBe('2025-09');
    await withVariant({ defaultFrom: 'minus-12' }, async (client) => {
      expect((await summary(client, {})).fromMonth).toBe('2025-10');
    });
  });

  it('emptyAccounts: accounts [] selects no account by default, every account or a refusal under the variants', async () => {
    expect((await summary(plain, { accounts: [] })).links.accounts).toEqual([]);
    const all = (await summary(plain, {})).links.accounts;
    await withVariant({ emptyAccounts: 'all' }, async (client) => {
      expect((await summary(client, { accounts: [] })).links.accounts).toHaveLength(all.length);
    });
    await withVariant({ emptyAccounts: 'refused' }, async (client) => {
      expectError(await post(client, { accounts: [] }), 400, 'parameter-not-valid', 'accounts');
    });
  });

  it('months: near misses of YYYY-MM are refused by default, read leniently under the variant', async () => {
    const near = { fromMonth: '2024-13', toMonth: '2025-2' };
    expectError(await post(plain, near), 400, 'parameter-not-valid', 'fromMonth');
    await withVariant({ months: 'lenient' }, async (client) => {
      const body = await summary(client, near);
      expect([body.fromMonth, body.toMonth]).toEqual(['2025-01', '2025-02']);
      expectError(await post(client, { fromMonth: 'not-a-month' }), 400, 'parameter-not-valid', 'fromMonth');
    });
  });

  it('reversedRange: a reversed range is refused by default, swapped or kept as asked under the variants', async () => {
    const reversed = { fromMonth: '2026-06', toMonth: '2026-01' };
    expectError(await post(plain, reversed), 400, 'parameter-not-valid', 'fromMonth');
    await withVariant({ reversedRange: 'swapped' }, async (client) => {
      const body = await summary(client, reversed);
      expect([body.fromMonth, body.toMonth]).toEqual(['2026-01', '2026-06']);
    });
    await withVariant({ reversedRange: 'as-asked' }, async (client) => {
      const body = await summary(client, reversed);
      expect([body.fromMonth, body.toMonth]).toEqual(['2026-06', '2026-01']);
      expect(body.cashWithdrawals.changeHistory).toEqual([]);
    });
  });

  it('changeHistory: every month is listed by default, only the months with spending under the variant', async () => {
    const empty = { fromMonth: '2001-01', toMonth: '2001-03' };
    expect((await summary(plain, empty)).cashWithdrawals.changeHistory).toEqual([
      { date: '2001-01', amount: '0.00' },
      { date: '2001-02', amount: '0.00' },
      { date: '2001-03', amount: '0.00' },
    ]);
    await withVariant({ changeHistory: 'spending-months' }, async (client) => {
      expect((await summary(client, empty)).cashWithdrawals.changeHistory).toEqual([]);
      const history = (await summary(client, spendingRange)).cashWithdrawals.changeHistory;
      expect(history.every((change) => change.amount !== '0.00')).toBe(true);
    });
  });

  it('percentageTotal: a percentage by default, a fraction of 1 under the variant', async () => {
    const total = (body: Expenses) => body.payments.reduce((sum, p) => sum + p.percentageTotal, 0);
    expect(total(await summary(plain, spendingRange))).toBeCloseTo(100, 0);
    await withVariant({ percentageTotal: 'fraction' }, async (client) => {
      expect(total(await summary(client, spendingRange))).toBeCloseTo(1, 2);
    });
  });

  it('outflows: amounts spent are positive by default, negative under the variant', async () => {
    const block = (await summary(plain, spendingRange)).cashWithdrawals;
    expect(Number(block.avgMonthly)).toBeGreaterThan(0);
    await withVariant({ outflows: 'negative' }, async (client) => {
      const varied = (await summary(client, spendingRange)).cashWithdrawals;
      expect(varied.avgMonthly).toBe(`-${block.avgMonthly}`);
    });
  });
});
