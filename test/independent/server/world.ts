// Over 400 lines: the blind implementation (test/independent/README.md) is kept as its author wrote it,
// apart from the suite, so that its readings stay its own.
/** Builds the whole seeded world: partners, users, connections, accounts, transactions, snapshots. */
import {
  BASIC_LOGIN,
  NameMaker,
  countryByCode,
  generateInstitutions,
  generateMerchants,
} from './catalogue.ts';
import type {
  Account,
  Connection,
  Country,
  Direction,
  Institution,
  Merchant,
  Partner,
  Profile,
  Snapshot,
  Transaction,
  TransactionClass,
  User,
  World,
} from './model.ts';
import { Rng } from './prng.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** About fifteen months, so the default fourteen-month expense range is always populated. */
const HISTORY_DAYS = 455;
/** Transactions this recent may still be pending. */
const PENDING_WINDOW_DAYS = 3;
/** Fixture snapshot sizes: around the 500 page size and its multiples, plus small and large ones. */
const FIXTURE_TRANSACTION_COUNTS = [37, 499, 500, 501, 999, 1000, 1001, 1337, 1600];
const NO_MATCH_QUERY = 'XYZZY UNKNOWN PAYEE 0000';

const FIRST_NAMES = ['Olivia', 'Jack', 'Mia', 'Noah', 'Amelia', 'Leo', 'Isla', 'Oscar', 'Ava', 'Henry'];
const MIDDLE_NAMES = ['James', 'Rose', 'Lee', 'Grace', ''];
const LAST_NAMES = ['Smith', 'Nguyen', 'Patel', 'Brown', 'Wilson', 'Taylor', 'Kelly', 'Singh', 'Walker'];

interface Pick {
  cls: TransactionClass;
  direction: Direction;
}
const EVERYDAY_MIX: readonly [Pick, number][] = [
  [{ cls: 'payment', direction: 'debit' }, 10],
  [{ cls: 'cash-withdrawal', direction: 'debit' }, 2],
  [{ cls: 'bank-fee', direction: 'debit' }, 1],
  [{ cls: 'internal-transfer', direction: 'debit' }, 1],
  [{ cls: 'external-transfer', direction: 'debit' }, 2],
  [{ cls: 'direct-credit', direction: 'credit' }, 3],
  [{ cls: 'refund', direction: 'credit' }, 1],
  [{ cls: 'internal-transfer', direction: 'credit' }, 1],
  [{ cls: 'external-transfer', direction: 'credit' }, 1],
];
const SAVINGS_MIX: readonly [Pick, number][] = [
  [{ cls: 'interest', direction: 'credit' }, 3],
  [{ cls: 'internal-transfer', direction: 'credit' }, 3],
  [{ cls: 'internal-transfer', direction: 'debit' }, 2],
  [{ cls: 'external-transfer', direction: 'debit' }, 1],
  [{ cls: 'bank-fee', direction: 'debit' }, 1],
];
const LOAN_MIX: readonly [Pick, number][] = [
  [{ cls: 'loan-interest', direction: 'debit' }, 3],
  [{ cls: 'loan-repayment', direction: 'credit' }, 3],
  [{ cls: 'bank-fee', direction: 'debit' }, 1],
];

const AMOUNT_RANGES: Record<TransactionClass, [number, number]> = {
  payment: [300, 25000],
  'cash-withdrawal': [2000, 50000],
  'bank-fee': [250, 1500],
  'internal-transfer': [5000, 200000],
  'external-transfer': [5000, 150000],
  'loan-interest': [20000, 150000],
  refund: [300, 10000],
  'direct-credit': [150000, 600000],
  interest: [5, 5000],
  'loan-repayment': [100000, 300000],
};

const ACCOUNT_KINDS: readonly { type: string; product: string; mix: readonly [Pick, number][] }[] = [
  { type: 'transaction', product: 'Everyday Account', mix: EVERYDAY_MIX },
  { type: 'savings', product: 'Bonus Saver', mix: SAVINGS_MIX },
  { type: 'credit-card', product: 'Low Rate Card', mix: EVERYDAY_MIX },
  { type: 'loan', product: 'Personal Loan', mix: LOAN_MIX },
  { type: 'mortgage', product: 'Home Loan', mix: LOAN_MIX },
];

function weighted<T>(rng: Rng, items: readonly [T, number][]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.int(1, total);
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll <= 0) return item;
  }
  throw new Error('weighted pick fell through');
}

/** The list order of affordability transactions: by account, pending first, then newest posted first. */
function compareForListing(a: Transaction, b: Transaction): number {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  if (a.status !== b.status) return a.status === 'pending' ? -1 : 1;
  if (a.postDate !== b.postDate) return a.postDate < b.postDate ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function emptyProfile(): Profile {
  return {
    fullName: '',
    firstName: '',
    lastName: '',
    middleName: '',
    phoneNumbers: [],
    emailAddresses: [],
    physicalAddresses: [],
  };
}

function generateProfile(rng: Rng, institution: Institution, user: User): Profile {
  const country = countryByCode(institution.country);
  const firstName = user.firstName ?? rng.pick(FIRST_NAMES);
  const lastName = user.lastName ?? rng.pick(LAST_NAMES);
  const middleName = rng.pick(MIDDLE_NAMES);
  const digits = rng.digits(8);
  // Institutions often mask contact details; the masked form is passed through untouched.
  const masked = rng.chance(0.4);
  const phone = masked ? `+${country.dialCode} 4** *** ${digits.slice(5)}` : `+${country.dialCode}4${digits}`;
  const email = masked
    ? `${firstName.charAt(0).toLowerCase()}***@example.com`
    : `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`;
  const line1 = `${rng.int(1, 200)} ${rng.pick(['Park', 'Station', 'Beach', 'Hill'])} ${rng.pick(['Street', 'Road'])}`;
  const suburb = rng.pick(country.suburbs);
  const state = rng.pick(country.states);
  const postcode = rng.digits(4);
  return {
    fullName: [firstName, middleName, lastName].filter((part) => part !== '').join(' '),
    firstName,
    lastName,
    middleName,
    phoneNumbers: [phone],
    emailAddresses: [email],
    physicalAddresses: [
      {
        addressLine1: line1,
        addressLine2: suburb,
        addressLine3: null,
        postcode,
        city: rng.chance(0.5) ? suburb : null,
        state,
        country: country.name,
        countryCode: country.code,
        formattedAddress: `${line1}, ${suburb} ${state} ${postcode}, ${country.name}`,
      },
    ],
  };
}

function describe(
  rng: Rng,
  cls: TransactionClass,
  direction: Direction,
  merchant: Merchant | null,
  country: Country,
): string {
  const suburb = (merchant ? merchant.location.suburb : rng.pick(country.suburbs)).toUpperCase();
  switch (cls) {
    case 'payment':
      return `${rng.pick(['EFTPOS ', 'VISA PURCHASE ', ''])}${merchant?.key ?? 'STORE'} ${merchant?.category.nameSuffix.toUpperCase() ?? ''} ${suburb}`;
    case 'refund':
      return `REFUND ${merchant?.key ?? 'STORE'} ${merchant?.category.nameSuffix.toUpperCase() ?? ''}`.trim();
    case 'cash-withdrawal':
      return `ATM WITHDRAWAL ${suburb}`;
    case 'bank-fee':
      return rng.pick(['MONTHLY ACCOUNT FEE', 'OVERDRAWN FEE', 'INTERNATIONAL TRANSACTION FEE']);
    case 'internal-transfer':
      return direction === 'debit'
        ? 'INTERNET TRANSFER TO LINKED ACCOUNT'
        : 'INTERNET TRANSFER FROM LINKED ACCOUNT';
    case 'external-transfer':
      return `${direction === 'debit' ? 'TRANSFER TO' : 'TRANSFER FROM'} ${rng.pick(FIRST_NAMES).toUpperCase()} ${rng.pick(LAST_NAMES).toUpperCase()}`;
    case 'loan-interest':
      return 'LOAN INTEREST CHARGED';
    case 'loan-repayment':
      return 'LOAN REPAYMENT RECEIVED';
    case 'direct-credit':
      return `SALARY ${rng.pick(['ACME PTY LTD', 'NORTHWIND', 'CONTOSO'])}`;
    case 'interest':
      return 'CREDIT INTEREST';
  }
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Creates `count` transactions for an account and settles its balance and available funds. */
function fillAccount(
  rng: Rng,
  account: Account,
  mix: readonly [Pick, number][],
  merchants: readonly Merchant[],
  country: Country,
  count: number,
  anchorMs: number,
): Transaction[] {
  const drafts: Transaction[] = [];
  for (let i = 0; i < count; i += 1) {
    const { cls, direction } = weighted(rng, mix);
    const [low, high] = AMOUNT_RANGES[cls];
    const magnitude =
      cls === 'cash-withdrawal' ? rng.int(low / 1000, high / 1000) * 1000 : rng.int(low, high);
    const merchant = cls === 'payment' || cls === 'refund' ? rng.pick(merchants) : null;
    const postMs = anchorMs - rng.int(1, HISTORY_DAYS * 24 * 60) * 60 * 1000;
    drafts.push({
      id: rng.uuid(),
      accountId: account.id,
      institutionId: account.institutionId,
      status: 'posted',
      description: describe(rng, cls, direction, merchant, country),
      amountCents: direction === 'debit' ? -magnitude : magnitude,
      balanceCents: 0,
      direction,
      class: cls,
      transactionDate: rng.chance(0.1) ? '' : isoDate(postMs - rng.int(0, 2) * DAY_MS),
      postDate: new Date(postMs).toISOString(),
      merchantId: merchant?.id ?? null,
    });
  }
  drafts.sort((a, b) => (a.postDate < b.postDate ? -1 : a.postDate > b.postDate ? 1 : 0));
  let balance = account.balanceCents;
  let pending = 0;
  for (const tx of drafts) {
    const recent = Date.parse(tx.postDate) > anchorMs - PENDING_WINDOW_DAYS * DAY_MS;
    if (recent && rng.chance(0.5)) {
      // Pending transactions have not touched the ledger balance yet, only the available funds.
      tx.status = 'pending';
      pending += tx.amountCents;
    } else {
      balance += tx.amountCents;
    }
    tx.balanceCents = balance;
  }
  account.balanceCents = balance;
  account.availableCents = balance + pending;
  return drafts;
}

export function generateWorld(seed: number, now: Date): World {
  const rng = new Rng(seed);
  const names = new NameMaker(rng);
  const anchorMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  const partners: Partner[] = [
    {
      apiKey: rng.hex(40),
      name: 'primary',
      state: 'active',
      tokenLifetimeSeconds: 3600,
      enrichEnabled: true,
    },
    {
      apiKey: rng.hex(40),
      name: 'short-lived',
      state: 'active',
      tokenLifetimeSeconds: 2,
      enrichEnabled: true,
    },
    {
      apiKey: rng.hex(40),
      name: 'no-enrich',
      state: 'active',
      tokenLifetimeSeconds: 3600,
      enrichEnabled: false,
    },
    {
      apiKey: rng.hex(40),
      name: 'disabled',
      state: 'disabled',
      tokenLifetimeSeconds: 3600,
      enrichEnabled: true,
    },
    {
      apiKey: rng.hex(40),
      name: 'deleted',
      state: 'deleted',
      tokenLifetimeSeconds: 3600,
      enrichEnabled: true,
    },
  ];

  const institutionList = generateInstitutions(rng, names);
  const institutions = new Map(institutionList.map((i) => [i.id, i]));
  const countries = [...new Set(institutionList.map((i) => i.country))];
  const merchants = generateMerchants(rng, names, countries);

  const users = new Map<string, User>();
  const connections = new Map<string, Connection>();
  const accounts = new Map<string, Account>();
  const transactions = new Map<string, Transaction>();
  const transactionsByAccount = new Map<string, Transaction[]>();
  const snapshots = new Map<string, Snapshot>();

  const fixtureInstitution = institutionList[0];
  if (!fixtureInstitution || fixtureInstitution.login !== BASIC_LOGIN) {
    throw new Error('catalogue must start with a basic-login institution');
  }
  const fixtureCount = rng.pick(FIXTURE_TRANSACTION_COUNTS);
  const userCount = rng.int(2, 5);

  for (let u = 0; u < userCount; u += 1) {
    const isFixture = u === 0;
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const contact = rng.int(0, 2);
    const user: User = {
      id: rng.uuid(),
      email:
        contact !== 1
          ? `${firstName.toLowerCase()}.${lastName.toLowerCase()}${rng.digits(3)}@example.com`
          : undefined,
      mobile: contact !== 0 ? `+614${rng.digits(8)}` : undefined,
      firstName,
      lastName,
      connectionIds: [],
    };
    users.set(user.id, user);

    const userAccounts: {
      account: Account;
      mix: readonly [Pick, number][];
      merchants: Merchant[];
      country: Country;
    }[] = [];
    const connectionCount = isFixture ? rng.int(1, 3) : rng.int(0, 3);
    for (let c = 0; c < connectionCount; c += 1) {
      const institution = isFixture && c === 0 ? fixtureInstitution : rng.pick(institutionList);
      const mfaEnabled = rng.chance(0.2);
      const hidden = mfaEnabled || rng.chance(0.15);
      const connection: Connection = {
        id: rng.uuid(),
        userId: user.id,
        institutionId: institution.id,
        status: isFixture && c === 0 ? 'active' : rng.pick(['active', 'active', 'active', 'invalid']),
        createdDate: new Date(anchorMs - rng.int(30, 400) * DAY_MS).toISOString(),
        lastUsed: new Date(anchorMs - rng.int(0, 29) * DAY_MS).toISOString(),
        mfaEnabled,
        profile: hidden ? emptyProfile() : generateProfile(rng, institution, user),
        password: `pw-${rng.hex(10)}`,
        accountIds: [],
      };
      connections.set(connection.id, connection);
      user.connectionIds.push(connection.id);
      const country = countryByCode(institution.country);
      const countryMerchants = merchants.filter((m) => m.country === institution.country);
      const accountCount = rng.int(1, 3);
      for (let a = 0; a < accountCount; a += 1) {
        const kind = a === 0 ? ACCOUNT_KINDS[0] : rng.pick(ACCOUNT_KINDS);
        if (!kind) throw new Error('account kinds missing');
        const start =
          kind.type === 'transaction' || kind.type === 'savings'
            ? rng.int(50000, 2000000)
            : -rng.int(0, kind.type === 'credit-card' ? 300000 : 50000000);
        const account: Account = {
          id: rng.uuid(),
          userId: user.id,
          connectionId: connection.id,
          institutionId: institution.id,
          accountNo: `${rng.digits(6)}-${rng.digits(8)}`,
          name: `${institution.shortName} ${kind.product}`,
          currency: country.currency,
          balanceCents: start,
          availableCents: start,
          lastUpdated: new Date(anchorMs).toISOString(),
          classType: kind.type,
          product: kind.product,
          status: 'available',
        };
        accounts.set(account.id, account);
        connection.accountIds.push(account.id);
        userAccounts.push({ account, mix: kind.mix, merchants: countryMerchants, country });
      }
    }

    // The fixture user holds exactly `fixtureCount` transactions, at least one per account.
    const counts = userAccounts.map(() => (isFixture ? 1 : rng.int(0, 80)));
    if (isFixture) {
      const weights = userAccounts.map(() => rng.int(1, 10));
      const totalWeight = weights.reduce((sum, w) => sum + w, 0);
      const spare = fixtureCount - userAccounts.length;
      let given = 0;
      weights.forEach((w, i) => {
        const share = Math.floor((spare * w) / totalWeight);
        counts[i] = (counts[i] ?? 0) + share;
        given += share;
      });
      counts[0] = (counts[0] ?? 0) + spare - given;
    }
    const userTransactions: Transaction[] = [];
    userAccounts.forEach(({ account, mix, merchants: local, country }, i) => {
      const list = fillAccount(rng, account, mix, local, country, counts[i] ?? 0, anchorMs);
      transactionsByAccount.set(account.id, list);
      for (const tx of list) {
        transactions.set(tx.id, tx);
        userTransactions.push(tx);
      }
    });
    userTransactions.sort(compareForListing);
    const snapshot: Snapshot = {
      id: rng.uuid(),
      userId: user.id,
      transactionIds: userTransactions.map((t) => t.id),
    };
    snapshots.set(snapshot.id, snapshot);
    if (isFixture) {
      // A snapshot taken before any account was shared: it has no transactions at all.
      const empty: Snapshot = { id: rng.uuid(), userId: user.id, transactionIds: [] };
      snapshots.set(empty.id, empty);
    }
  }

  const fixtureUser = [...users.values()][0];
  const fixtureConnectionId = fixtureUser?.connectionIds[0];
  const fixtureConnection = fixtureConnectionId ? connections.get(fixtureConnectionId) : undefined;
  const [mainSnapshot, emptySnapshot] = [...snapshots.values()];
  const enrichMerchant = merchants.find((m) => m.country === fixtureInstitution.country);
  if (!fixtureUser || !fixtureConnection || !mainSnapshot || !emptySnapshot || !enrichMerchant) {
    throw new Error('seeded world is missing its fixtures');
  }

  return {
    institutions,
    merchants,
    users,
    connections,
    accounts,
    transactions,
    transactionsByAccount,
    snapshots,
    jobs: new Map(),
    partners,
    fixtures: {
      userId: fixtureUser.id,
      connectionId: fixtureConnection.id,
      connectionPassword: fixtureConnection.password,
      institutionId: fixtureInstitution.id,
      affordabilityId: mainSnapshot.id,
      emptyAffordabilityId: emptySnapshot.id,
      enrich: {
        institution: fixtureInstitution.id,
        country: fixtureInstitution.country,
        matchingQuery: `EFTPOS ${enrichMerchant.key} ${enrichMerchant.category.nameSuffix.toUpperCase()} ${enrichMerchant.location.suburb.toUpperCase()}`,
        noMatchQuery: NO_MATCH_QUERY,
      },
    },
  };
}
