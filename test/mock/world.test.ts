import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { historyMonths, worldNow } from '../../mock/world/clock.ts';
import { generateWorld, serializeWorld } from '../../mock/world/generate.ts';
import { affordabilityOrder } from '../../mock/world/order.ts';
import { loadWorld } from '../../mock/world/load-world.ts';
import { defaultSeed, type TransactionRecord, type World } from '../../mock/world/world.ts';

const worldFile = fileURLToPath(new URL('../../fixtures/world/world.json', import.meta.url));
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const decimal = /^-?\d+\.\d{2}$/;
const debitClasses = [
  'bank-fee',
  'payment',
  'cash-withdrawal',
  'internal-transfer',
  'external-transfer',
  'loan-interest',
];
const creditClasses = [
  'refund',
  'direct-credit',
  'interest',
  'internal-transfer',
  'external-transfer',
  'loan-repayment',
];

const cents = (amount: string): number => Math.round(Number(amount) * 100);
const count = <T>(items: readonly T[], predicate: (item: T) => boolean): number =>
  items.filter(predicate).length;

describe('world generator', () => {
  it('fixtures/world/world.json is the default seed world', async () => {
    const committed = readFileSync(worldFile, 'utf8');
    const fresh = serializeWorld(generateWorld(defaultSeed));
    expect(committed === fresh, 'fixtures/world/world.json is stale: run `npm run gen:world`').toBe(true);
    expect(await loadWorld(defaultSeed)).toEqual(JSON.parse(fresh));
  });

  it('is deterministic: the same seed gives the same world, another seed another', () => {
    expect(serializeWorld(generateWorld(7))).toBe(serializeWorld(generateWorld(7)));
    expect(serializeWorld(generateWorld(8))).not.toBe(serializeWorld(generateWorld(7)));
    expect(generateWorld(8).seed).toBe(8);
  });
});

describe('affordabilityOrder', () => {
  const t = (id: string, account: string, status: 'posted' | 'pending', postDate: string) => ({
    id,
    account,
    status,
    postDate,
  });

  it('orders by account, pending first, postDate descending, then id', () => {
    const items = [
      t('1', 'b', 'posted', '2026-01-01T00:00:00Z'),
      t('2', 'a', 'posted', '2026-01-01T00:00:00Z'),
      t('3', 'a', 'posted', '2026-03-01T00:00:00Z'),
      t('4', 'a', 'pending', '2025-12-01T00:00:00Z'),
      t('6', 'a', 'posted', '2026-02-01T00:00:00Z'),
      t('5', 'a', 'posted', '2026-02-01T00:00:00Z'),
    ];
    expect(items.sort(affordabilityOrder).map((x) => x.id)).toEqual(['4', '3', '5', '6', '2', '1']);
  });
});

describe.each([defaultSeed, 2, 3])('world of seed %i', async (seed) => {
  const world: World = await loadWorld(seed);
  const now = Date.parse(worldNow);
  const institutionById = new Map(world.institutions.map((i) => [i.id, i]));
  const connectionById = new Map(world.connections.map((c) => [c.id, c]));
  const accountById = new Map(world.accounts.map((a) => [a.id, a]));
  const fixtureSnapshot = world.affordability.find((a) => a.id === world.fixture.affordabilityId)!;

  it('has its current month', () => {
    expect(world.seed).toBe(seed);
    expect(world.currentMonth).toBe('2026-11');
    expect(worldNow.startsWith(world.currentMonth)).toBe(true);
  });

  it('has a list of institutions', () => {
    const { institutions } = world;
    expect(institutions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(institutions.map((i) => i.id)).size).toBe(institutions.length);
    const au = count(institutions, (i) => i.country === 'AU');
    expect(au).toBeGreaterThan(institutions.length / 2);
    expect(count(institutions, (i) => i.country === 'NZ')).toBeGreaterThan(0);
    expect(count(institutions, (i) => i.country === 'GB')).toBeGreaterThan(0);
    expect(new Set(institutions.map((i) => i.institutionType))).toEqual(
      new Set(['bank', 'credit-union', 'building-society']),
    );
    expect(new Set(institutions.map((i) => i.serviceType))).toEqual(new Set(['personal', 'business']));
    expect(new Set(institutions.map((i) => i.tier))).toEqual(new Set(['1', '2', '3', '4']));
    expect(count(institutions, (i) => i.stage === 'beta')).toBeGreaterThanOrEqual(2);
    expect(count(institutions, (i) => i.stage === 'live')).toBeGreaterThan(institutions.length / 2);
    expect(count(institutions, (i) => i.status === 'under-maintenance')).toBeGreaterThanOrEqual(2);
    expect(count(institutions, (i) => i.status === 'available')).toBeGreaterThan(institutions.length / 2);
    expect(count(institutions, (i) => i.logo.colors === null)).toBeGreaterThan(0);
    for (const i of institutions) {
      expect(i.id).toMatch(new RegExp(`^${i.country}\\d{5}$`));
      expect(i.features.login.slice(0, 2)).toEqual(['loginId', 'password']);
      for (const group of [i.features.accounts, i.features.transactions, i.features.profile])
        for (const methods of Object.values(group)) expect(methods).toEqual(['get']);
      expect(i.features.accounts).toHaveProperty('accountNo');
      expect(i.features.profile).toHaveProperty('fullName');
      const { verifyCredentials, retrieveAccounts, retrieveTransactions, retrieveMeta, total } =
        i.stats.averageDurationMs;
      expect(total).toBe(verifyCredentials + retrieveAccounts + retrieveTransactions + retrieveMeta);
      expect(i.logo.type).toBe('image');
      if (i.logo.colors !== null) expect(i.logo.colors.primary).toMatch(/^#[0-9A-F]{6}$/);
      expect(i.logo.links.square).toMatch(/^https:\/\/\S+\.(png|svg)$/);
      expect(i.logo.links.full).toMatch(/^https:\/\/\S+\.(png|svg)$/);
      expect(i.forgottenPasswordUrl).toMatch(/^https:\/\/\S+$/);
    }
  });

  it('has merchants with unique, distinctive keywords', () => {
    const { merchants } = world;
    expect(merchants.length).toBeGreaterThanOrEqual(60);
    expect(new Set(merchants.map((m) => m.id)).size).toBe(merchants.length);
    expect(new Set(merchants.map((m) => m.country))).toEqual(new Set(['AU', 'NZ', 'GB']));
    const keywords = merchants.flatMap((m) => m.keywords);
    expect(new Set(keywords).size).toBe(keywords.length);
    for (const m of merchants) {
      expect(m.id).toMatch(uuid);
      expect(m.keywords.some((k) => k.length >= 3)).toBe(true);
      for (const k of m.keywords) {
        expect(k).toMatch(/^[a-z0-9]+$/);
        // No keyword hides inside another merchant's, so substring and word matching agree.
        for (const other of keywords)
          if (other !== k) expect(other.includes(k), `${k} in ${other}`).toBe(false);
      }
      expect(
        m.keywords.some((k) =>
          m.businessName
            .toLowerCase()
            .replace(/[^a-z0-9]/g, '')
            .includes(k),
        ),
      ).toBe(true);
      if (m.country === 'AU') {
        expect(m.ABN).toMatch(/^\d{11}$/);
        const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
        const sum = [...m.ABN].reduce((s, d, i) => s + (Number(d) - (i === 0 ? 1 : 0)) * weights[i]!, 0);
        expect(sum % 89, `ABN ${m.ABN}`).toBe(0);
        expect(m.phoneNumber.local).toMatch(/^\(0[2378]\) \d{4} \d{4}$/);
        expect(m.phoneNumber.international).toMatch(/^\+61 [2378] \d{4} \d{4}$/);
        expect(m.phoneNumber.international.slice(6)).toBe(m.phoneNumber.local.slice(5));
      }
      expect(m.website).toMatch(/^https:\/\/www\.\S+$/);
      const { location } = m;
      expect(location.country).toBe(m.country);
      expect(location.formattedAddress).toContain(
        `${location.routeNo} ${location.route}, ${location.suburb}`,
      );
      expect(location.geometry.lat).toMatch(/^-?\d+\.\d{6}$/);
      expect(location.geometry.lng).toMatch(/^-?\d+\.\d{6}$/);
      const [lat, lng] = [Number(location.geometry.lat), Number(location.geometry.lng)];
      const boxes: Record<string, [number, number, number, number]> = {
        AU: [-44, -10, 112, 154],
        NZ: [-48, -34, 166, 179],
        GB: [49, 61, -8, 2],
      };
      const [south, north, west, east] = boxes[m.country]!;
      expect(
        lat >= south && lat <= north && lng >= west && lng <= east,
        `${m.businessName} at ${lat},${lng}`,
      ).toBe(true);
      const { division, subdivision, group, class: cls } = m.anzsic;
      expect(division.code).toMatch(/^[A-S]$/);
      expect(subdivision.code).toMatch(/^\d{2}$/);
      expect(group.code.startsWith(subdivision.code) && group.code.length === 3).toBe(true);
      expect(cls.code.startsWith(group.code) && cls.code.length === 4).toBe(true);
      for (const level of [division, subdivision, group, cls]) expect(level.title.length).toBeGreaterThan(0);
    }
    const woolworths = merchants.find((m) => m.businessName === 'Woolworths')!;
    expect(woolworths.anzsic.class).toEqual({ code: '4110', title: 'Supermarket and Grocery Stores' });
    expect(woolworths.anzsic.division).toEqual({ code: 'G', title: 'Retail Trade' });
  });

  it('has merchant logos in every variant and format', () => {
    const { merchants } = world;
    expect(count(merchants, (m) => m.logo.master === null && m.logo.thumb === null)).toBeGreaterThanOrEqual(
      5,
    );
    expect(count(merchants, (m) => m.logo.master !== null && m.logo.thumb === null)).toBeGreaterThanOrEqual(
      5,
    );
    expect(count(merchants, (m) => m.logo.master !== null && m.logo.thumb !== null)).toBeGreaterThan(
      merchants.length / 2,
    );
    expect(count(merchants, (m) => m.logo.master === null && m.logo.thumb !== null)).toBe(0);
    const formats = new Set<string>();
    for (const m of merchants) {
      if (m.logo.master !== null)
        expect(m.logo.master).toMatch(new RegExp(`^${m.id}-master\\.(svg|png|jpg|jpeg|gif)$`));
      if (m.logo.thumb !== null)
        expect(m.logo.thumb).toMatch(new RegExp(`^${m.id}-thumb\\.(svg|png|jpg|jpeg|gif)$`));
      for (const name of [m.logo.master, m.logo.thumb])
        if (name !== null) formats.add(name.split('.').pop()!);
    }
    expect(formats).toEqual(new Set(['svg', 'png', 'jpg', 'jpeg', 'gif']));
  });

  it('has users with connections to available Australian institutions', () => {
    expect(world.users.length).toBeGreaterThanOrEqual(5);
    for (const user of world.users) {
      expect(user.id).toMatch(uuid);
      expect(user.mobile).toMatch(/^\+614\d{8}$/);
      expect(user.email).toMatch(/^\S+@\S+\.\S+$/);
      const own = world.connections.filter((c) => c.userId === user.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(2);
    }
    for (const c of world.connections) {
      const institution = institutionById.get(c.institutionId)!;
      expect(institution.country).toBe('AU');
      expect(institution.status).not.toBe('under-maintenance');
      expect(c.createdDate).toMatch(timestamp);
      expect(c.lastUsed).toMatch(timestamp);
      expect(c.lastUsed >= c.createdDate && Date.parse(c.lastUsed) <= now).toBe(true);
      expect(c.password.length).toBeGreaterThanOrEqual(8);
      const accounts = world.accounts.filter((a) => a.connectionId === c.id);
      expect(accounts.length).toBeGreaterThanOrEqual(1);
      expect(accounts.length).toBeLessThanOrEqual(3);
    }
    expect(count(world.connections, (c) => c.status === 'active')).toBeGreaterThan(
      world.connections.length / 2,
    );
    expect(count(world.connections, (c) => Object.keys(c.profile).length === 0)).toBeGreaterThan(0);
    expect(
      count(world.connections, (c) => c.profile.phoneNumbers?.[0]?.includes('xx') === true),
    ).toBeGreaterThan(0);
    expect(count(world.connections, (c) => c.profile.physicalAddresses !== undefined)).toBeGreaterThan(0);
  });

  it('has accounts with decimal balances', () => {
    for (const a of world.accounts) {
      expect(a.id).toMatch(uuid);
      expect(connectionById.has(a.connectionId)).toBe(true);
      expect(a.currency).toBe('AUD');
      expect(a.status).toBe('available');
      expect(a.balance).toMatch(decimal);
      expect(a.availableFunds).toMatch(decimal);
      expect(a.lastUpdated).toMatch(timestamp);
      expect(['transaction', 'savings', 'credit-card', 'mortgage', 'loan']).toContain(a.class.type);
      expect(a.class.product.length).toBeGreaterThan(0);
      if (['credit-card', 'mortgage', 'loan'].includes(a.class.type))
        expect(cents(a.balance)).toBeLessThan(0);
      else expect(cents(a.balance)).toBeGreaterThanOrEqual(0);
    }
  });

  it('has a fixture user with two connections, three or more accounts and a big snapshot', () => {
    const { fixture } = world;
    expect(fixture.userId).toBe(world.users[0]!.id);
    const own = world.connections.filter((c) => c.userId === fixture.userId);
    expect(own).toHaveLength(2);
    expect(own.every((c) => c.status === 'active')).toBe(true);
    expect(fixture.connectionId).toBe(own[0]!.id);
    expect(fixture.connectionPassword).toBe(own[0]!.password);
    expect(fixture.institutionId).toBe(own[0]!.institutionId);
    expect(institutionById.get(fixture.institutionId)!.stage).toBe('live');
    expect(count(world.accounts, (a) => own.some((c) => c.id === a.connectionId))).toBeGreaterThanOrEqual(3);
    expect(fixtureSnapshot.userId).toBe(fixture.userId);
    expect(fixtureSnapshot.transactions.length).toBeGreaterThan(1200);
    expect(fixtureSnapshot.transactions.length).toBeLessThanOrEqual(1500);
  });

  it("names another user and one of its connections, for the probes of another user's path", () => {
    const { otherUserId, otherConnectionId, userId } = world.fixture;
    expect(otherUserId).not.toBe(userId);
    expect(world.users.some((u) => u.id === otherUserId)).toBe(true);
    expect(world.connections.find((c) => c.id === otherConnectionId)?.userId).toBe(otherUserId);
  });

  it('gives the fixture connection a finished job, the update that last used it', () => {
    const { fixture, jobs, connections } = world;
    const connection = connections.find((c) => c.id === fixture.connectionId);
    expect(jobs).toEqual([
      {
        id: fixture.jobId,
        userId: fixture.userId,
        connectionId: fixture.connectionId,
        created: connection?.lastUsed,
      },
    ]);
  });

  it('gives the fixture user a second snapshot without any transaction, for the empty list', () => {
    const empty = world.affordability.find((a) => a.id === world.fixture.emptyAffordabilityId);
    expect(empty).toEqual({ id: empty?.id, userId: world.fixture.userId, transactions: [] });
  });

  it('has one snapshot per user over its accounts, in the affordability order', () => {
    const full = world.affordability.filter((a) => a.id !== world.fixture.emptyAffordabilityId);
    expect(full.map((a) => a.userId)).toEqual(world.users.map((u) => u.id));
    const ids = new Set<string>();
    for (const snapshot of full) {
      const { transactions } = snapshot;
      if (snapshot !== fixtureSnapshot) {
        expect(transactions.length).toBeGreaterThanOrEqual(20);
        expect(transactions.length).toBeLessThanOrEqual(200);
      }
      expect(transactions).toEqual([...transactions].sort(affordabilityOrder));
      for (const t of transactions) {
        ids.add(t.id);
        const account = accountById.get(t.account)!;
        const connection = connectionById.get(account.connectionId)!;
        expect(connection.userId).toBe(snapshot.userId);
        expect(t.institution).toBe(connection.institutionId);
        expect(t.id).toMatch(uuid);
        expect(t.amount).toMatch(decimal);
        expect(t.balance).toMatch(decimal);
        expect(t.direction).toBe(cents(t.amount) < 0 ? 'debit' : 'credit');
        expect(cents(t.amount)).not.toBe(0);
        expect(t.direction === 'debit' ? debitClasses : creditClasses).toContain(t.class);
        if (t.class === 'payment')
          expect(t.subClass).toEqual({ title: expect.any(String), code: expect.any(String) });
        else expect(t.subClass).toBeNull();
        expect(t.postDate).toMatch(timestamp);
        expect(Date.parse(t.postDate)).toBeLessThanOrEqual(now);
        expect(t.transactionDate).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
        if (t.transactionDate !== '') expect(t.transactionDate <= t.postDate.slice(0, 10)).toBe(true);
      }
      // Running balances: each is the previous (older) one plus the amount, the newest is the account's.
      for (const accountId of new Set(transactions.map((t) => t.account))) {
        const own = transactions.filter((t) => t.account === accountId);
        expect(own[0]!.balance).toBe(accountById.get(accountId)!.balance);
        for (let i = 0; i + 1 < own.length; i++)
          expect(cents(own[i]!.balance) - cents(own[i]!.amount)).toBe(cents(own[i + 1]!.balance));
      }
    }
    expect(ids.size).toBe(world.affordability.reduce((n, a) => n + a.transactions.length, 0));
  });

  it("gives the fixture's snapshot every class, pending transactions on every account and fourteen months", () => {
    const { transactions } = fixtureSnapshot;
    for (const cls of debitClasses)
      expect(
        transactions.some((t) => t.direction === 'debit' && t.class === cls),
        cls,
      ).toBe(true);
    for (const cls of creditClasses)
      expect(
        transactions.some((t) => t.direction === 'credit' && t.class === cls),
        cls,
      ).toBe(true);
    const accounts = new Set(transactions.map((t) => t.account));
    expect(accounts.size).toBeGreaterThanOrEqual(3);
    for (const accountId of accounts) {
      const own = transactions.filter((t) => t.account === accountId);
      const pending = own.filter((t) => t.status === 'pending');
      expect(pending.length).toBeGreaterThanOrEqual(5);
      expect(pending.length).toBeLessThanOrEqual(15);
      const oldestPending = pending.map((t) => t.postDate).sort()[0]!;
      expect(own.filter((t) => t.status === 'posted').every((t) => t.postDate <= oldestPending)).toBe(true);
    }
    const months = new Set(transactions.map((t) => t.postDate.slice(0, 7)));
    expect(months.size).toBe(historyMonths);
    expect(months.has(world.currentMonth)).toBe(true);
    expect(count(transactions, (t) => t.transactionDate === '')).toBeGreaterThan(0);
    expect(
      new Set(transactions.filter((t) => t.subClass !== null).map((t) => t.subClass!.code)).size,
    ).toBeGreaterThanOrEqual(10);
  });

  it('names exactly one merchant in payment and refund descriptions and none elsewhere', () => {
    const all: TransactionRecord[] = world.affordability.flatMap((a) => a.transactions);
    for (const t of all) {
      const lower = t.description.toLowerCase();
      const named = world.merchants.filter((m) => m.keywords.some((k) => lower.includes(k)));
      expect(named.length, `${t.class}: ${t.description}`).toBe(
        t.class === 'payment' || t.class === 'refund' ? 1 : 0,
      );
    }
    expect(all.some((t) => t.description.startsWith('ATM WITHDRAWAL'))).toBe(true);
    expect(all.some((t) => t.description.startsWith('SALARY '))).toBe(true);
  });
});
