import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../mock/world/world.ts';
import { expectError, expectResource, MockClient, type Exchange } from './mock-client.ts';

/*
 * The mock's own endpoints, those the spec only references by links ("shapes: not shown"; docs/mock.md: What the
 * mock adds): an account is the account a connection embeds, a transaction list is the affordability list
 * envelope, paged as that list is.
 */

interface Links {
  self: string;
  [member: string]: string | undefined;
}

interface Resource {
  id: string;
  links: Links;
}

interface AccountList {
  type: string;
  data: Resource[];
  links: Links;
}

interface Page {
  count: number;
  size: number;
  data: (TransactionRecord & { links: Links })[];
  links: { self: string; next?: string };
}

let client: MockClient;
let userId: string;
let snapshot: TransactionRecord[];
let otherUserId: string;

beforeAll(async () => {
  client = await MockClient.start();
  userId = client.fixture.userId;
  snapshot =
    client.world.affordability.find((s) => s.id === client.fixture.affordabilityId)?.transactions ?? [];
  otherUserId = client.world.users.find((u) => u.id !== userId)?.id ?? '';
});

afterAll(() => client.close());

/** A link of the mock as the path the client sends. */
function pathOf(link: string): string {
  expect(link.startsWith(`${client.url}/`), link).toBe(true);
  return link.slice(client.url.length);
}

/** The ids of the user's accounts in the world, connection by connection. */
function accountsOf(user: string): string[] {
  const connections = client.world.connections.filter((c) => c.userId === user).map((c) => c.id);
  return connections.flatMap((c) =>
    client.world.accounts.filter((a) => a.connectionId === c).map((a) => a.id),
  );
}

/** An accounts list: the list envelope with links.self and every entry an account of the spec. */
function expectAccountList(exchange: Exchange, self: string): AccountList {
  expect(exchange.status, exchange.text.slice(0, 300)).toBe(200);
  const list = exchange.body as AccountList;
  expect(list).toMatchObject({ type: 'list', links: { self: `${client.url}${self}` } });
  for (const account of list.data) expect(account).toMatchResource('account');
  return list;
}

/**
 * Every entry of the list at `path`, following links.next from the first page until a page has none:
 * every page a valid affordability list, no entry twice.
 */
async function walk(path: string, query: Record<string, string> = {}): Promise<Page['data']> {
  const entries: Page['data'] = [];
  const seen = new Set<string>();
  let exchange = await client.get(path, query);
  for (let pages = 1; ; pages++) {
    expectResource(exchange, 200, 'affordability-list');
    const page = exchange.body as Page;
    expect(page.count).toBe(page.data.length);
    for (const transaction of page.data) {
      expect(seen.has(transaction.id), `${transaction.id} again on page ${pages}`).toBe(false);
      seen.add(transaction.id);
      entries.push(transaction);
    }
    if (page.links.next === undefined) return entries;
    expect(pages, 'links.next does not end').toBeLessThan(100);
    exchange = await client.get(pathOf(page.links.next));
  }
}

const ids = (transactions: { id: string }[]) => transactions.map((t) => t.id);

describe('GET /users/{user.id}: the user its links.self names', () => {
  it('a user of the world, with every member and links.self', async () => {
    const exchange = await client.get(`/users/${userId}`);
    expectResource(exchange, 200, 'user');
    const { id, email, mobile, firstName, lastName } = client.world.users.find((u) => u.id === userId)!;
    expect(exchange.body).toEqual({
      type: 'user',
      id,
      email,
      mobile,
      firstName,
      lastName,
      links: { self: `${client.url}/users/${id}` },
    });
  });

  it('a user created through POST /users, as its 201 showed it', async () => {
    const created = await client.post('/users', { email: 'ada@example.com', firstName: 'Ada' });
    const exchange = await client.get(pathOf((created.body as Resource).links.self));
    expectResource(exchange, 200, 'user');
    expect(exchange.body).toEqual(created.body);
  });
});

describe('accounts: the accounts a connection embeds, listed and retrieved on their own', () => {
  it('GET /users/{user.id}/accounts lists every account of the user', async () => {
    const path = `/users/${userId}/accounts`;
    const list = expectAccountList(await client.get(path), path);
    expect(ids(list.data)).toEqual(accountsOf(userId));
    expect(list.data.length).toBeGreaterThanOrEqual(3);
  });

  it('each account’s links.self answers that account, and its links.transactions that account’s list', async () => {
    const list = (await client.get(`/users/${userId}/accounts`)).body as AccountList;
    for (const account of list.data) {
      expect(account.links.self).toBe(`${client.url}/users/${userId}/accounts/${account.id}`);
      const exchange = await client.get(pathOf(account.links.self));
      expectResource(exchange, 200, 'account');
      expect(exchange.body).toEqual(account);
      expect(account.links.transactions).toBe(`${account.links.self}/transactions`);
    }
  });

  it('a connection’s links.accounts lists the accounts the connection embeds', async () => {
    for (const connection of client.world.connections.filter((c) => c.userId === userId)) {
      const detail = (await client.get(`/users/${userId}/connections/${connection.id}`)).body as {
        accounts: { data: Resource[] };
        links: Links;
      };
      const path = pathOf(detail.links.accounts ?? '');
      expect(path).toBe(`/users/${userId}/connections/${connection.id}/accounts`);
      const list = expectAccountList(await client.get(path), path);
      expect(list.data).toEqual(detail.accounts.data);
    }
  });

  it('a user created through POST /users has an empty accounts list', async () => {
    const created = (await client.post('/users', { email: 'new@example.com' })).body as Resource;
    const path = `/users/${created.id}/accounts`;
    expect(expectAccountList(await client.get(path), path).data).toEqual([]);
  });
});

describe('transaction lists: the affordability list envelope, paged as that list is', () => {
  it('GET /users/{user.id}/transactions walks every transaction of the user once, in the spec’s order', async () => {
    expect(snapshot.length).toBeGreaterThan(1000);
    const entries = await walk(`/users/${userId}/transactions`, { limit: '137' });
    // The fixture user's other snapshot is empty: the user's transactions are the big snapshot's.
    expect(ids(entries)).toEqual(ids(snapshot));
  });

  it('the default page holds 500, and count and size are the page’s and the list’s', async () => {
    const page = (await client.get(`/users/${userId}/transactions`)).body as Page;
    expect(page).toMatchObject({ count: 500, size: snapshot.length });
    expect(page.links.self).toBe(`${client.url}/users/${userId}/transactions`);
  });

  it('an account’s links.transactions lists that account’s transactions, every page in order', async () => {
    const accounts = accountsOf(userId);
    let total = 0;
    for (const account of accounts) {
      const entries = await walk(`/users/${userId}/accounts/${account}/transactions`, { limit: '200' });
      expect(ids(entries)).toEqual(ids(snapshot.filter((t) => t.account === account)));
      total += entries.length;
    }
    expect(total).toBe(snapshot.length);
  });

  it('a connection’s links.transactions lists the transactions of the connection’s accounts', async () => {
    for (const connection of client.world.connections.filter((c) => c.userId === userId)) {
      const accounts = new Set(
        client.world.accounts.filter((a) => a.connectionId === connection.id).map((a) => a.id),
      );
      const entries = await walk(`/users/${userId}/connections/${connection.id}/transactions`);
      expect(entries.length).toBeGreaterThan(0);
      expect(ids(entries)).toEqual(ids(snapshot.filter((t) => accounts.has(t.account))));
    }
  });

  it('the transaction.class filter holds on every page', async () => {
    const payments = snapshot.filter((t) => t.class === 'payment');
    const entries = await walk(`/users/${userId}/transactions`, {
      filter: "transaction.class.eq('payment')",
      limit: '100',
    });
    expect(ids(entries)).toEqual(ids(payments));
  });

  it('a transaction’s links.account answers its account', async () => {
    const page = (await client.get(`/users/${userId}/transactions`)).body as Page;
    const byAccount = new Map(page.data.map((t) => [t.account, t.links.account ?? '']));
    for (const [account, link] of byAccount) {
      const exchange = await client.get(pathOf(link));
      expectResource(exchange, 200, 'account');
      expect((exchange.body as Resource).id).toBe(account);
    }
  });

  it('a user with no transactions gets one empty page without next', async () => {
    const created = (await client.post('/users', { email: 'none@example.com' })).body as Resource;
    const exchange = await client.get(`/users/${created.id}/transactions`);
    expectResource(exchange, 200, 'affordability-list');
    expect(exchange.body).toMatchObject({ count: 0, size: 0, data: [] });
    expect((exchange.body as Page).links.next).toBeUndefined();
  });

  it('a malformed limit or cursor is refused as the affordability list refuses it', async () => {
    const path = `/users/${userId}/transactions`;
    expectError(await client.get(path, { limit: '0' }), 400, 'parameter-not-valid', 'limit');
    expectError(await client.get(path, { next: 'not-a-cursor' }), 400, 'parameter-not-valid', 'next');
  });
});

describe('GET /users/{user.id}/expenses/{id}: the expenses resource its links.self names', () => {
  it('answers the resource as POST /users/{user.id}/expenses created it', async () => {
    const created = await client.post(`/users/${userId}/expenses`, { fromMonth: '2026-01' });
    expectResource(created, 200, 'expenses');
    const exchange = await client.get(pathOf((created.body as Resource).links.self));
    expectResource(exchange, 200, 'expenses');
    expect(exchange.body).toEqual(created.body);
  });

  it('an expenses resource of another user is not found under this one', async () => {
    const created = (await client.post(`/users/${otherUserId}/expenses`, {})).body as Resource;
    expectError(
      await client.get(`/users/${userId}/expenses/${created.id}`),
      404,
      'resource-not-found',
      'expenses.id',
    );
  });
});

describe('unknown identifiers and missing tokens', () => {
  const account = () => accountsOf(userId)[0] ?? '';
  const connection = () => client.fixture.connectionId;

  it.each([
    ['user', () => `/users/${randomUUID()}`, 'user.id'],
    ['user of the accounts list', () => `/users/${randomUUID()}/accounts`, 'user.id'],
    ['user of the transactions list', () => `/users/${randomUUID()}/transactions`, 'user.id'],
    ['account', () => `/users/${userId}/accounts/${randomUUID()}`, 'account.id'],
    ['account of another user', () => `/users/${otherUserId}/accounts/${account()}`, 'account.id'],
    ['account of its list', () => `/users/${userId}/accounts/${randomUUID()}/transactions`, 'account.id'],
    [
      'connection of its accounts',
      () => `/users/${userId}/connections/${randomUUID()}/accounts`,
      'connection.id',
    ],
    [
      'connection of its transactions',
      () => `/users/${userId}/connections/${randomUUID()}/transactions`,
      'connection.id',
    ],
    ['expenses', () => `/users/${userId}/expenses/${randomUUID()}`, 'expenses.id'],
  ])('an unknown %s is 404 naming it', async (_name, path, parameter) => {
    expectError(await client.get(path()), 404, 'resource-not-found', parameter);
  });

  it('every one of the mock’s own routes wants the bearer token', async () => {
    const expenses = (await client.post(`/users/${userId}/expenses`, {})).body as Resource;
    const paths = [
      `/users/${userId}`,
      `/users/${userId}/accounts`,
      `/users/${userId}/accounts/${account()}`,
      `/users/${userId}/accounts/${account()}/transactions`,
      `/users/${userId}/transactions`,
      `/users/${userId}/connections/${connection()}/accounts`,
      `/users/${userId}/connections/${connection()}/transactions`,
      pathOf(expenses.links.self),
    ];
    for (const path of paths) {
      expect((await client.get(path)).status, path).toBe(200);
      expectError(await client.get(path, undefined, { token: null }), 401);
    }
  });
});
