import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthsBetween } from '../../mock/routes/expenses.ts';
import { summaryBlocks as blocks } from '../../src/rules/expenses.ts';
import { expectError, expectResource, MockClient } from './mock-client.ts';

interface Block {
  avgMonthly: string;
  summary: string;
  changeHistory: { date: string; amount: string }[];
}

interface Expenses {
  fromMonth: string;
  toMonth: string;
  payments: {
    division: string;
    avgMonthly: string;
    percentageTotal: number;
    subCategory: {
      summary: string;
      category: {
        expenseClass: { classCode: string; classTitle: string; divisionCode: string; divisionTitle: string };
      };
      changeHistory: { date: string; amount: string }[];
    }[];
  }[];
  cashWithdrawals: Block;
  bankFees: Block;
  externalTransfers: Block;
  loanInterests: Block;
  loanRepayments: Block;
  links: { self: string; accounts: string[] };
}

let client: MockClient;

beforeAll(async () => {
  client = await MockClient.start();
});

afterAll(() => client.close());

/** YYYY-MM of the UTC month `offset` months from now. */
function utcMonth(offset: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

async function expenses(body: object, userId = client.fixture.userId): Promise<Expenses> {
  const exchange = await client.post(`/users/${userId}/expenses`, body);
  expectResource(exchange, 200, 'expenses');
  return exchange.body as Expenses;
}

function accountsOf(userId: string): string[] {
  const connections = new Set(client.world.connections.filter((c) => c.userId === userId).map((c) => c.id));
  return client.world.accounts.filter((a) => connections.has(a.connectionId)).map((a) => a.id);
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('POST /users/{user.id}/expenses (spec: Expenses resource, Limits)', () => {
  it('the default range runs from 13 months ago to the current month, by the UTC clock', async () => {
    const before = [utcMonth(-13), utcMonth(0)];
    const body = await expenses({});
    const after = [utcMonth(-13), utcMonth(0)];
    expect([before, after]).toContainEqual([body.fromMonth, body.toMonth]);
    expect(monthsBetween(body.fromMonth, body.toMonth)).toHaveLength(14);
  });

  it('an explicit range is echoed, and each history holds exactly its months in order', async () => {
    const range = { fromMonth: utcMonth(-6), toMonth: utcMonth(-2) };
    const body = await expenses(range);
    expect(body).toMatchObject(range);
    const months = monthsBetween(range.fromMonth, range.toMonth);
    expect(months).toHaveLength(5);
    for (const name of blocks) expect(body[name].changeHistory.map((h) => h.date)).toEqual(months);
    for (const division of body.payments)
      for (const sub of division.subCategory) expect(sub.changeHistory.map((h) => h.date)).toEqual(months);
  });

  it('a range across a year end is counted month by month', async () => {
    const body = await expenses({ fromMonth: '2025-11', toMonth: '2026-02' });
    expect(body.cashWithdrawals.changeHistory.map((h) => h.date)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('only fromMonth or only toMonth takes the default for the other', async () => {
    expect(await expenses({ fromMonth: utcMonth(-3) })).toMatchObject({
      fromMonth: utcMonth(-3),
      toMonth: utcMonth(0),
    });
    expect(await expenses({ toMonth: utcMonth(-1) })).toMatchObject({
      fromMonth: utcMonth(-13),
      toMonth: utcMonth(-1),
    });
  });

  it('summary blocks total the posted transactions of their class per month', async () => {
    const range = { fromMonth: client.world.currentMonth, toMonth: client.world.currentMonth };
    const months = [client.world.currentMonth];
    const body = await expenses(range);
    const transactions = client.world.affordability
      .filter((s) => s.userId === client.fixture.userId)
      .flatMap((s) => s.transactions)
      .filter((t) => t.status === 'posted' && months.includes(t.postDate.slice(0, 7)));
    const total = (cls: string) =>
      transactions.filter((t) => t.class === cls).reduce((sum, t) => sum + Math.abs(cents(t.amount)), 0);
    expect(cents(body.cashWithdrawals.changeHistory[0]?.amount ?? '')).toBe(total('cash-withdrawal'));
    expect(cents(body.bankFees.changeHistory[0]?.amount ?? '')).toBe(total('bank-fee'));
    expect(cents(body.loanInterests.changeHistory[0]?.amount ?? '')).toBe(total('loan-interest'));
  });

  it('avgMonthly is the mean of the monthly amounts', async () => {
    const body = await expenses({});
    for (const name of blocks) {
      const history = body[name].changeHistory;
      const mean = history.reduce((sum, h) => sum + cents(h.amount), 0) / history.length;
      expect(Math.abs(cents(body[name].avgMonthly) - mean)).toBeLessThanOrEqual(0.5);
    }
  });

  it('every payment class falls in a named division, each division listed once', async () => {
    for (const user of client.world.users) {
      const body = await expenses({}, user.id);
      const titles = body.payments.map((p) => p.division);
      expect(new Set(titles).size).toBe(titles.length);
      for (const division of body.payments) {
        for (const sub of division.subCategory) {
          expect(sub.category.expenseClass.divisionCode, sub.category.expenseClass.classCode).not.toBe(
            'other',
          );
          expect(sub.category.expenseClass.divisionTitle).toBe(division.division);
        }
      }
      if (body.payments.length > 0) {
        const percentages = body.payments.reduce((sum, p) => sum + p.percentageTotal, 0);
        expect(Math.abs(percentages - 100)).toBeLessThan(0.1);
      }
    }
  });

  it('the fixture user’s groceries count as food', async () => {
    const body = await expenses({});
    const groceries = body.payments
      .flatMap((p) => p.subCategory)
      .find((s) => s.category.expenseClass.classCode === 'groceries');
    expect(groceries?.category.expenseClass).toMatchObject({
      divisionCode: 'food',
      divisionTitle: 'Food and groceries',
    });
  });

  it('links.accounts lists the accounts asked for, all of the user’s by default', async () => {
    const accounts = accountsOf(client.fixture.userId);
    expect(accounts.length).toBeGreaterThanOrEqual(3);
    const link = (id: string) => `${client.url}/users/${client.fixture.userId}/accounts/${id}`;
    expect((await expenses({})).links.accounts).toEqual(accounts.map(link));
    const subset = accounts.slice(1, 3);
    expect((await expenses({ accounts: subset })).links.accounts).toEqual(subset.map(link));
  });

  it('transactions of accounts not asked for are ignored: the accounts’ amounts add up to the whole', async () => {
    const accounts = accountsOf(client.fixture.userId);
    const whole = await expenses({});
    const parts = await Promise.all(accounts.map((account) => expenses({ accounts: [account] })));
    for (const name of blocks) {
      whole[name].changeHistory.forEach((h, month) => {
        const sum = parts.reduce(
          (total, part) => total + cents(part[name].changeHistory[month]?.amount ?? '0'),
          0,
        );
        expect(sum, `${name} ${h.date}`).toBe(cents(h.amount));
      });
    }
    const none = await expenses({ accounts: [] });
    expect(none.payments).toEqual([]);
    expect(none.links.accounts).toEqual([]);
  });

  it('a range without transactions keeps payments an array and every summary block an object', async () => {
    const empty = await expenses({ fromMonth: '2001-01', toMonth: '2001-02' });
    expect(empty.payments).toEqual([]);
    for (const name of blocks)
      expect(empty[name]).toEqual({
        avgMonthly: '0.00',
        summary: 'monthly',
        changeHistory: [
          { date: '2001-01', amount: '0.00' },
          { date: '2001-02', amount: '0.00' },
        ],
      });
  });

  it('a body that is not JSON, a month with no month in it and a reversed range are refused with 400', async () => {
    const notJson = { raw: '{"fromMonth": ', contentType: 'application/json' };
    expectError(
      await client.call('POST', client.paths.expenses, notJson),
      400,
      'parameter-not-valid',
      'body',
    );
    const refused = [
      [{ fromMonth: 'not-a-month' }, 'fromMonth'],
      [{ toMonth: '2024-13' }, 'toMonth'],
      [{ fromMonth: '2026-06', toMonth: '2026-01' }, 'fromMonth'],
      [{ accounts: 'all' }, 'accounts'],
    ] as const;
    for (const [body, parameter] of refused)
      expectError(await client.post(client.paths.expenses, body), 400, 'parameter-not-valid', parameter);
  });
});
