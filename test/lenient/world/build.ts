import { makeRng } from '../util/prng.ts';
import { buildInstitutions } from './catalogue.ts';
import { IdFactory } from './ids.ts';
import { MERCHANTS, NO_MATCH_WORDS } from './merchants.ts';
import { drawPerson, drawProfile } from './people.ts';
import { compareForAffordability, generateAccountTransactions } from './transactions.ts';
import type { AccountRecord, ConnectionRecord, InstitutionRecord, TransactionRecord } from './types.ts';
import type { World } from './world.ts';

const DAY_MS = 86_400_000;

export interface WorldFixtures {
  apiKey: string;
  expiringApiKey: string;
  userId: string;
  connectionId: string;
  connectionPassword: string;
  institutionId: string;
  affordabilityId: string;
  emptyAffordabilityId: string;
  enrich: { institution: string; country: string; matchingQuery: string; noMatchQuery: string };
}

/**
 * Sizes of the main snapshot, indexed by seed so the default seed (1) pages:
 * mostly over the page size, sometimes exactly 500 or 1000, sometimes under.
 */
const SNAPSHOT_SIZES = [1000, 1234, 742, 500, 2345, 137, 1501, 1890, 501, 999];
const ACCOUNT_PRODUCTS: ReadonlyArray<readonly [string, string]> = [
  ['transaction', 'Everyday Account'],
  ['savings', 'Bonus Saver'],
  ['credit-card', 'Low Rate Card'],
];

export function buildWorld(seed: number): { world: World; fixtures: WorldFixtures } {
  const rng = makeRng(seed);
  const createdMs = Date.now();
  const ids = new IdFactory(rng);
  const institutions = buildInstitutions(rng);
  const world: World = {
    createdMs,
    institutions,
    institutionById: new Map(institutions.map((i) => [i.id, i])),
    users: new Map(),
    connections: new Map(),
    accounts: new Map(),
    transactionsByUser: new Map(),
    affordability: new Map(),
    jobs: new Map(),
    expenses: new Map(),
    apiKeys: new Map(),
    tokens: new Map(),
    ids,
  };

  const apiKey = `lk_live_${rng.token(32)}`;
  const expiringApiKey = `lk_short_${rng.token(32)}`;
  world.apiKeys.set(apiKey, { key: apiKey, tokenLifetimeSeconds: 3600, state: 'active' });
  world.apiKeys.set(expiringApiKey, { key: expiringApiKey, tokenLifetimeSeconds: 2, state: 'active' });
  // Keys for the token table's partner-account rows (not part of the harness profile).
  world.apiKeys.set('lk_disabled_partner', {
    key: 'lk_disabled_partner',
    tokenLifetimeSeconds: 3600,
    state: 'disabled',
  });
  world.apiKeys.set('lk_deleted_partner', {
    key: 'lk_deleted_partner',
    tokenLifetimeSeconds: 3600,
    state: 'deleted',
  });

  let txnCounter = 0;
  const txnPrefix = rng.token(4);
  const nextTxnId = (): string => `txn_${txnPrefix}${(txnCounter += 1).toString(36).padStart(6, '0')}`;
  const realInstitutions = institutions.filter((i) => i.institutionType !== 'Test Bank');

  const addConnection = (
    userId: string,
    institution: InstitutionRecord,
    status: string,
    profileShape: 'full' | 'partial' | 'empty',
    accountCount: number,
  ): ConnectionRecord => {
    const person = drawPerson(rng);
    const connection: ConnectionRecord = {
      id: ids.next('connection'),
      userId,
      institutionId: institution.id,
      status,
      createdDate: new Date(createdMs - rng.int(460, 900) * DAY_MS).toISOString(),
      lastUsed: new Date(createdMs - rng.int(1, 48) * 3_600_000).toISOString(),
      mfaEnabled: rng.chance(0.4),
      profile: drawProfile(rng, person, profileShape),
      accountIds: [],
      loginId: `login-${rng.token(6)}`,
      password: `pw-${rng.token(10)}`,
    };
    for (let i = 0; i < accountCount; i += 1) {
      const [classType, product] = ACCOUNT_PRODUCTS[i % ACCOUNT_PRODUCTS.length] ?? [
        'transaction',
        'Everyday Account',
      ];
      const account: AccountRecord = {
        id: ids.next('account'),
        userId,
        connectionId: connection.id,
        institutionId: institution.id,
        accountNo: `${rng.token(3, '0123456789')}-${rng.token(3, '0123456789')} ${rng.token(8, '0123456789')}`,
        name: product,
        currency: institution.country === 'NZ' ? 'NZD' : institution.country === 'GB' ? 'GBP' : 'AUD',
        balanceCents: 0,
        availableCents: 0,
        lastUpdated: new Date(createdMs - rng.int(1, 3_600) * 1000).toISOString(),
        classType,
        product,
        status: 'available',
      };
      world.accounts.set(account.id, account);
      connection.accountIds.push(account.id);
    }
    world.connections.set(connection.id, connection);
    return connection;
  };

  const addUser = (): string => {
    const person = drawPerson(rng);
    const id = ids.next('user');
    world.users.set(id, {
      id,
      email: person.email,
      mobile: person.mobile,
      firstName: person.firstName,
      lastName: person.lastName,
    });
    world.transactionsByUser.set(id, []);
    return id;
  };

  const fill = (userId: string, accounts: AccountRecord[], total: number): TransactionRecord[] => {
    // Every account gets at least one transaction, the rest is spread at random.
    const counts = accounts.map(() => 1);
    for (let left = total - accounts.length; left > 0; left -= 1) {
      const slot = rng.int(0, counts.length - 1);
      counts[slot] = (counts[slot] ?? 0) + 1;
    }
    const all = accounts.flatMap((account, i) =>
      generateAccountTransactions(rng, account, counts[i] ?? 0, createdMs, nextTxnId),
    );
    world.transactionsByUser.set(userId, all);
    return all;
  };

  // The fixture user: two or three connections with transactions.
  const userId = addUser();
  const mainInstitution = rng.pick(realInstitutions);
  const profileShape = rng.pick(['full', 'full', 'partial', 'empty'] as const);
  const main = addConnection(userId, mainInstitution, 'active', profileShape, rng.int(2, 3));
  const second = addConnection(
    userId,
    rng.pick(realInstitutions),
    rng.pick(['active', 'invalid-credentials']),
    'partial',
    rng.int(1, 2),
  );
  const extra = rng.chance(0.5)
    ? [addConnection(userId, rng.pick(realInstitutions), 'active', 'empty', 1)]
    : [];
  const userAccounts = [main, second, ...extra]
    .flatMap((c) => c.accountIds.map((id) => world.accounts.get(id)))
    .filter((a): a is AccountRecord => a !== undefined);
  const total = SNAPSHOT_SIZES[Math.abs(Math.trunc(seed)) % SNAPSHOT_SIZES.length] ?? 1234;
  const userTransactions = fill(userId, userAccounts, total);

  const affordabilityId = ids.next('affordability');
  world.affordability.set(affordabilityId, {
    id: affordabilityId,
    userId,
    transactions: [...userTransactions].sort(compareForAffordability),
  });
  const emptyAffordabilityId = ids.next('affordability');
  world.affordability.set(emptyAffordabilityId, { id: emptyAffordabilityId, userId, transactions: [] });

  // Other users: one with a small world of its own, one with nothing at all.
  const otherId = addUser();
  const other = addConnection(otherId, rng.pick(realInstitutions), 'active', 'full', 1);
  const otherTransactions = fill(
    otherId,
    other.accountIds.map((id) => world.accounts.get(id)).filter((a): a is AccountRecord => a !== undefined),
    rng.int(5, 40),
  );
  const otherSnapshot = ids.next('affordability');
  world.affordability.set(otherSnapshot, {
    id: otherSnapshot,
    userId: otherId,
    transactions: [...otherTransactions].sort(compareForAffordability),
  });
  addUser();

  const merchant = rng.pick(MERCHANTS);
  return {
    world,
    fixtures: {
      apiKey,
      expiringApiKey,
      userId,
      connectionId: main.id,
      connectionPassword: main.password,
      institutionId: rng.pick(institutions).id,
      affordabilityId,
      emptyAffordabilityId,
      enrich: {
        institution: mainInstitution.id,
        country: merchant.country,
        matchingQuery: `${merchant.keyword} ${merchant.location.suburb.toUpperCase()} ${rng.token(4, '0123456789')}`,
        noMatchQuery: `${rng.pick(NO_MATCH_WORDS)} ${rng.token(4, '0123456789')}`,
      },
    },
  };
}
