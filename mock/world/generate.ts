import { Faker, en, en_AU } from '@faker-js/faker';
import {
  accountProducts,
  atmOperators,
  categoryOf,
  countries,
  employers,
  institutionBrands,
  merchantSeeds,
  places,
  type AccountType,
  type MerchantCategory,
  type Country,
  type HecClass,
  type InstitutionBrand,
  type MerchantSeed,
  type Place,
} from './reference-data.ts';
import { affordabilityOrder } from './order.ts';
import type { AffordabilityClass } from '../../src/types/resources.generated.ts';
import type {
  AccountRecord,
  AffordabilitySnapshot,
  ConnectionRecord,
  InstitutionRecord,
  MerchantRecord,
  ProfileRecord,
  TransactionRecord,
  World,
  WorldUser,
} from './world.ts';

/** The world's "now": every timestamp is at or before it, and its month is the current month. */
export const worldNow = '2026-11-27T09:30:00Z';
export const worldCurrentMonth = '2026-11';
/** Months of transaction history up to and including the current month. */
export const historyMonths = 14;
const userCount = 6;

const now = Date.parse(worldNow);
const day = 86_400_000;
const [nowYear, nowMonth] = worldCurrentMonth.split('-').map(Number) as [number, number];

/** The world as stored in fixtures/world/world.json: pretty-printed, so that a change reads as a diff. */
export function serializeWorld(world: World): string {
  return `${JSON.stringify(world, null, 2)}\n`;
}

/** A world built only from the seed: the same seed gives the same world, byte for byte. */
export function generateWorld(seed: number): World {
  const faker = new Faker({ locale: [en_AU, en] });
  faker.seed(seed);
  faker.setDefaultRefDate(worldNow);
  const r = new Random(faker);

  const institutions = buildInstitutions(r);
  const merchants = buildMerchants(r);
  const people = buildPeople(r, institutions, merchants);

  const fixtureUser = people.users[0]!;
  const fixtureConnection = people.connections.find((c) => c.userId === fixtureUser.id)!;
  // Drawn last, so the rest of the world is what the seed gave before it existed.
  const emptySnapshot: AffordabilitySnapshot = { id: r.uuid(), userId: fixtureUser.id, transactions: [] };
  return {
    seed,
    currentMonth: worldCurrentMonth,
    institutions: institutions.map((i) => i.record),
    merchants: merchants.map((m) => m.record),
    users: people.users,
    connections: people.connections,
    accounts: people.accounts,
    affordability: [...people.affordability, emptySnapshot],
    fixture: {
      userId: fixtureUser.id,
      connectionId: fixtureConnection.id,
      connectionPassword: fixtureConnection.password,
      affordabilityId: people.affordability[0]!.id,
      emptyAffordabilityId: emptySnapshot.id,
      institutionId: fixtureConnection.institutionId,
    },
  };
}

// --- Randomness --------------------------------------------------------------------------------------------

/** Every random choice goes through the seeded faker, never Math.random or the clock. */
class Random {
  constructor(readonly faker: Faker) {}

  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  pick<T>(items: readonly T[]): T {
    return this.faker.helpers.arrayElement(items);
  }

  some<T>(items: readonly T[], count: number): T[] {
    return this.faker.helpers.arrayElements(items, count);
  }

  chance(probability: number): boolean {
    return this.faker.datatype.boolean({ probability });
  }

  weighted<T>(items: readonly { weight: number; value: T }[]): T {
    return this.faker.helpers.weightedArrayElement(items);
  }

  uuid(): string {
    return this.faker.string.uuid();
  }

  digits(length: number): string {
    return this.faker.string.numeric({ length, allowLeadingZeros: true });
  }

  /** A whole-second instant in [from, to]. */
  instant(from: number, to: number): number {
    return from + this.int(0, Math.max(0, Math.floor((to - from) / 1000))) * 1000;
  }

  /** A whole-second instant on the day starting at dayStart, not after now; null when the day is to come. */
  onDay(dayStart: number): number | null {
    if (dayStart > now) return null;
    return this.instant(dayStart, Math.min(dayStart + day - 1000, now));
  }
}

// --- Formatting --------------------------------------------------------------------------------------------

/** ISO 8601 in UTC without milliseconds: 2026-11-27T09:30:00Z. */
function iso(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** Cents as a decimal string with two places: -1234 -> '-12.34'. */
function money(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Start of the month `offset` months before the current one (0 = current). */
function monthStart(offset: number): number {
  return Date.UTC(nowYear, nowMonth - 1 - offset, 1);
}

function title(text: string): string {
  return text.toUpperCase();
}

/** An 11-digit Australian Business Number whose check digits are valid (weighted sum divisible by 89). */
function abn(r: Random): string {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const tail = r.digits(9);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(tail[i]) * weights[i + 2]!;
  const lead = (89 - (sum % 89)) % 89; // 10 * (first digit - 1) + second digit
  return `${Math.floor(lead / 10) + 1}${lead % 10}${tail}`;
}

// --- Institutions ------------------------------------------------------------------------------------------

/** An institution record with the brand it was made from: the generator picks fixtures, MFA and account numbers by the brand. */
interface BrandedInstitution {
  record: InstitutionRecord;
  brand: InstitutionBrand;
}

const allProfileFields = [
  'fullName',
  'firstName',
  'lastName',
  'middleName',
  'phoneNumbers',
  'emailAddresses',
  'physicalAddresses',
];

function features(brand: InstitutionBrand): InstitutionRecord['features'] {
  const major = brand.tier === '1' || brand.tier === '2' || brand.no === 0;
  const get = (fields: string[]): Record<string, string[]> =>
    Object.fromEntries(fields.map((field) => [field, ['get']]));
  const accountFields = ['accountNo', 'name', 'balance', 'availableFunds', 'currency', 'class', 'status'];
  const transactionFields = ['description', 'amount', 'balance', 'direction', 'class', 'status', 'postDate'];
  const profileFields = major
    ? allProfileFields
    : brand.tier === '3'
      ? ['fullName', 'firstName', 'lastName', 'phoneNumbers', 'emailAddresses']
      : ['fullName', 'firstName', 'lastName'];
  return {
    login: ['loginId', 'password', ...(brand.login ?? [])],
    accounts: get(
      major ? [...accountFields, 'lastUpdated', 'accountHolder'] : [...accountFields, 'lastUpdated'],
    ),
    transactions: get(brand.tier === '4' ? transactionFields : [...transactionFields, 'transactionDate']),
    profile: get(profileFields),
  };
}

function buildInstitutions(r: Random): BrandedInstitution[] {
  const institutions: BrandedInstitution[] = [];
  for (const brand of institutionBrands) {
    for (const serviceType of ['personal', 'business'] as const) {
      const serviceName = brand[serviceType];
      if (serviceName === undefined) continue;
      const id = `${brand.country}${String(brand.no * 100 + (serviceType === 'business' ? 1 : 0)).padStart(5, '0')}`;
      const verifyCredentials = r.int(2500, 14000);
      const retrieveAccounts = r.int(1500, 9000);
      const retrieveTransactions = r.int(4000, 45000);
      const retrieveMeta = r.int(800, 6000);
      const assets = `https://assets.fds-mock.example/institutions/${id}`;
      institutions.push({
        brand,
        record: {
          id,
          name: serviceType === 'business' ? `${brand.name} (Business)` : brand.name,
          shortName: brand.shortName,
          institutionType: brand.institutionType,
          country: brand.country,
          serviceName,
          serviceType,
          loginIdCaption: brand.loginIdCaption,
          passwordCaption: brand.passwordCaption,
          tier: brand.tier,
          authorization: brand.authorization,
          features: features(brand),
          forgottenPasswordUrl: `https://www.${brand.domain}/${r.pick(['forgotten-password', 'reset-password', 'help/forgotten-login-details', 'online-banking/forgot-password'])}`,
          stage: 'live',
          status: 'available',
          stats: {
            averageDurationMs: {
              verifyCredentials,
              retrieveAccounts,
              retrieveTransactions,
              retrieveMeta,
              total: verifyCredentials + retrieveAccounts + retrieveTransactions + retrieveMeta,
            },
          },
          logo: {
            type: 'image',
            colors: brand.color === null ? null : { primary: brand.color },
            links: {
              square: `${assets}/square.png`,
              full: `${assets}/full.${r.chance(0.7) ? 'svg' : 'png'}`,
            },
          },
        },
      });
    }
  }
  // Beta and maintenance stay away from the tier 1 banks, which are the fixture's pool, and the demo bank.
  const eligible = institutions.filter((i) => i.brand.tier !== '1' && i.brand.no !== 0);
  const beta = r.some(eligible, r.int(2, 3));
  for (const i of beta) i.record.stage = 'beta';
  const maintenance = r.some(
    eligible.filter((i) => !beta.includes(i)),
    r.int(2, 3),
  );
  for (const i of maintenance) i.record.status = 'under-maintenance';
  return institutions;
}

// --- Merchants ---------------------------------------------------------------------------------------------

interface Merchant {
  record: MerchantRecord;
  seed: MerchantSeed;
  place: Place;
  category: MerchantCategory;
  /** Store number on card descriptions. */
  store: string;
}

function phone(r: Random, place: Place): { local: string; international: string } {
  const { area, lead } = place.phone;
  const dial = countries[place.country].dialCode;
  if (place.country === 'AU') {
    const number = `${lead}${r.digits(3)} ${r.digits(4)}`;
    return { local: `(0${area}) ${number}`, international: `+${dial} ${area} ${number}` };
  }
  if (place.country === 'NZ') {
    const number = `${lead}${r.digits(2)} ${r.digits(4)}`;
    return { local: `(0${area}) ${number}`, international: `+${dial} ${area} ${number}` };
  }
  const number =
    area.length === 2 ? `${lead}${r.digits(3)} ${r.digits(4)}` : `${lead}${r.digits(2)} ${r.digits(4)}`;
  return { local: `0${area} ${number}`, international: `+${dial} ${area} ${number}` };
}

function businessNumber(r: Random, country: Country): string {
  if (country === 'AU') return abn(r);
  if (country === 'NZ') return `94${r.digits(11)}`; // NZBN
  return `0${r.digits(7)}`; // Companies House number
}

function buildMerchants(r: Random): Merchant[] {
  const merchants = merchantSeeds.map((seed): Merchant => {
    const place =
      seed.suburb === undefined
        ? r.pick(places.filter((p) => p.country === seed.country))
        : places.find((p) => p.suburb === seed.suburb)!;
    const category = categoryOf(seed.category);
    const routeNo = String(r.int(1, 420));
    const route = r.pick(countries[seed.country].streets);
    const region =
      seed.country === 'AU'
        ? `${place.suburb} ${place.state} ${place.postcode}`
        : `${place.suburb} ${place.postcode}`;
    const jitter = (): number => r.int(-15000, 15000) / 1_000_000;
    const { division, subdivision, group, class: cls } = category.anzsic;
    return {
      seed,
      place,
      category,
      store: r.digits(4),
      record: {
        id: r.uuid(),
        businessName: seed.name,
        ABN: businessNumber(r, seed.country),
        website: `https://www.${seed.domain}`,
        phoneNumber: phone(r, place),
        keywords: [...seed.keywords],
        country: seed.country,
        location: {
          routeNo,
          route,
          postalCode: place.postcode,
          suburb: place.suburb,
          state: place.state,
          country: seed.country,
          formattedAddress: `${routeNo} ${route}, ${region}, ${countries[seed.country].name}`,
          geometry: { lat: (place.lat + jitter()).toFixed(6), lng: (place.lng + jitter()).toFixed(6) },
        },
        anzsic: {
          division: { ...division },
          subdivision: { ...subdivision },
          group: { ...group },
          class: { ...cls },
        },
        logo: { master: null, thumb: null },
      },
    };
  });

  // Logos: a few merchants have none, a few a master only, the rest both; all five formats appear.
  const order = r.faker.helpers.shuffle(merchants.map((_, i) => i));
  const none = r.int(5, 7);
  const masterOnly = r.int(5, 7);
  const formats = ['svg', 'png', 'jpg', 'jpeg', 'gif'];
  order.forEach((index, position) => {
    const merchant = merchants[index]!;
    const id = merchant.record.id;
    if (position < none) return;
    const both = position >= none + masterOnly;
    const k = position - none - masterOnly;
    const master = both && k < formats.length ? formats[k]! : r.weighted(formatWeights);
    merchant.record.logo = {
      master: `${id}-master.${master}`,
      thumb: both ? `${id}-thumb.${r.weighted(thumbWeights)}` : null,
    };
  });
  return merchants;
}

const formatWeights = [
  { weight: 5, value: 'svg' },
  { weight: 4, value: 'png' },
  { weight: 1, value: 'jpg' },
  { weight: 1, value: 'jpeg' },
  { weight: 0.5, value: 'gif' },
];
const thumbWeights = [
  { weight: 8, value: 'png' },
  { weight: 1, value: 'jpg' },
  { weight: 0.5, value: 'gif' },
];

// --- Users, connections, accounts --------------------------------------------------------------------------

interface People {
  users: WorldUser[];
  connections: ConnectionRecord[];
  accounts: AccountRecord[];
  affordability: AffordabilitySnapshot[];
}

type ProfileKind = 'full' | 'masked' | 'empty';

function buildPeople(r: Random, institutions: BrandedInstitution[], merchants: Merchant[]): People {
  const keywords = merchants.flatMap((m) => m.record.keywords);
  const clean = (text: string): boolean => {
    const lower = text.toLowerCase();
    return !keywords.some((k) => lower.includes(k));
  };
  const connectable = institutions.filter(
    (i) =>
      i.record.country === 'AU' &&
      i.record.serviceType === 'personal' &&
      i.record.stage === 'live' &&
      i.record.status === 'available',
  );
  const plainLogin = connectable.filter((i) => i.record.features.login.length === 2);
  const fullProfile = plainLogin.filter(
    (i) => i.brand.tier <= '2' && Object.keys(i.record.features.profile).length === allProfileFields.length,
  );

  const users: WorldUser[] = [];
  const homes: Place[] = [];
  for (let n = 0; n < userCount; n++) {
    let firstName: string;
    let lastName: string;
    do {
      firstName = r.faker.person.firstName();
      lastName = r.faker.person.lastName();
    } while (!clean(`${firstName} ${lastName}`));
    users.push({
      id: r.uuid(),
      email: r.faker.internet.email({ firstName, lastName }).toLowerCase(),
      mobile: `+614${r.digits(8)}`,
      firstName,
      lastName,
    });
    homes.push(r.pick(places.filter((p) => p.country === 'AU')));
  }

  const connections: ConnectionRecord[] = [];
  const accounts: AccountRecord[] = [];
  const institutionOf = new Map<string, BrandedInstitution>();
  const kinds: ProfileKind[] = [];
  users.forEach((user, n) => {
    let chosen: BrandedInstitution[];
    let accountTypes: AccountType[][];
    if (n === 0) {
      const first = r.pick(fullProfile);
      chosen = [first, r.pick(plainLogin.filter((i) => i !== first))];
      accountTypes = [['transaction', 'savings', 'credit-card'], ['mortgage']];
      kinds.push('full', 'masked');
    } else {
      chosen = r.some(connectable, r.int(1, 2));
      accountTypes = chosen.map((_, k) =>
        k === 0
          ? ['transaction', ...r.some(['savings', 'credit-card'] as const, r.int(0, 2))]
          : r.some(['transaction', 'savings', 'credit-card', 'mortgage', 'loan'] as const, r.int(1, 2)),
      );
      for (const _ of chosen) {
        kinds.push(
          kinds.length === 2
            ? 'empty'
            : kinds.length === 3
              ? 'masked'
              : r.weighted([
                  { weight: 2, value: 'full' as const },
                  { weight: 1, value: 'masked' as const },
                  { weight: 1, value: 'empty' as const },
                ]),
        );
      }
    }
    chosen.forEach((institution, k) => {
      const lastUsed = r.instant(now - 3 * day, now - 3600_000);
      const connection: ConnectionRecord = {
        id: r.uuid(),
        userId: user.id,
        institutionId: institution.record.id,
        status: 'active',
        createdDate: iso(r.instant(now - 700 * day, now - 30 * day)),
        lastUsed: iso(lastUsed),
        mfaEnabled: institution.brand.authorization.startsWith('user-mfa') || r.chance(0.15),
        profile: profile(r, user, institution, kinds[connections.length]!, homes[n]!),
        password: r.faker.internet.password({ length: r.int(10, 16) }),
      };
      connections.push(connection);
      institutionOf.set(connection.id, institution);
      for (const type of accountTypes[k]!) {
        const product = r.pick(accountProducts[type]);
        accounts.push({
          id: r.uuid(),
          connectionId: connection.id,
          accountNo: accountNumber(r, type, institution.brand),
          name: product.name,
          currency: 'AUD',
          balance: '0.00',
          availableFunds: '0.00',
          lastUpdated: connection.lastUsed,
          class: { type, product: product.product },
          status: 'available',
        });
      }
    });
  });
  // A couple of connections elsewhere need their credentials again; the fixture user's stay active.
  for (const c of r.some(
    connections.filter((c) => c.userId !== users[0]!.id),
    2,
  ))
    c.status = 'credentials-invalid';

  const affordability = users.map((user, n): AffordabilitySnapshot => {
    const own = accounts.filter((a) => connections.find((c) => c.id === a.connectionId)!.userId === user.id);
    const transactions = history(r, {
      accounts: own,
      busy: n === 0,
      home: homes[n]!,
      merchants,
      clean,
      institutionOf: (account) => institutionOf.get(account.connectionId)!.record.id,
    });
    return { id: r.uuid(), userId: user.id, transactions };
  });
  return { users, connections, accounts, affordability };
}

function accountNumber(r: Random, type: AccountType, brand: InstitutionBrand): string {
  if (type === 'credit-card') return `${r.pick(['4', '5'])}${r.digits(3)} xxxx xxxx ${r.digits(4)}`;
  return `${brand.bsb ?? r.digits(3)}-${r.digits(3)} ${r.digits(8)}`;
}

function profile(
  r: Random,
  user: WorldUser,
  institution: BrandedInstitution,
  kind: ProfileKind,
  home: Place,
): ProfileRecord {
  if (kind === 'empty') return {};
  const middleName = r.faker.person.middleName();
  const mobile = `0${user.mobile.slice(3)}`; // +61412345678 -> 0412345678
  const [local, domain] = user.email.split('@') as [string, string];
  const routeNo = String(r.int(1, 250));
  const addressLine1 = `${r.chance(0.3) ? `${r.int(1, 40)}/` : ''}${routeNo} ${r.pick(countries.AU.streets)}`;
  const addressLine2 = `${home.suburb} ${home.state} ${home.postcode}`;
  const full: ProfileRecord = {
    fullName: `${user.firstName} ${middleName} ${user.lastName}`,
    firstName: user.firstName,
    lastName: user.lastName,
    middleName,
    phoneNumbers:
      kind === 'masked'
        ? [`04xx xxx ${mobile.slice(7)}`]
        : [`${mobile.slice(0, 4)} ${mobile.slice(4, 7)} ${mobile.slice(7)}`],
    emailAddresses: kind === 'masked' ? [`${local.charAt(0)}*****@${domain}`] : [user.email],
    physicalAddresses: [
      {
        addressLine1,
        addressLine2,
        addressLine3: null,
        postcode: home.postcode,
        city: r.chance(0.7) ? home.suburb : null,
        state: home.state,
        country: 'Australia',
        countryCode: 'AU',
        formattedAddress: `${addressLine1}, ${addressLine2}, Australia`,
      },
    ],
  };
  const offered = new Set(Object.keys(institution.record.features.profile));
  return Object.fromEntries(Object.entries(full).filter(([key]) => offered.has(key))) as ProfileRecord;
}

// --- Transactions ------------------------------------------------------------------------------------------

interface HistoryInput {
  accounts: AccountRecord[];
  /** The fixture user: fourteen months, every class, pending transactions on every account. */
  busy: boolean;
  home: Place;
  merchants: Merchant[];
  /** True when a text holds no merchant keyword. */
  clean: (text: string) => boolean;
  institutionOf: (account: AccountRecord) => string;
}

interface Draft {
  id: string;
  account: AccountRecord;
  cents: number;
  class: AffordabilityClass;
  description: string;
  at: number;
  subClass: HecClass | null;
  /** Days between the transaction and its posting. */
  lag: number;
  merchant?: Merchant;
}

function history(r: Random, input: HistoryInput): TransactionRecord[] {
  const { accounts, busy, home, merchants } = input;
  const months = busy ? historyMonths : r.int(3, 6);
  const start = monthStart(months - 1);
  const byType = (type: AccountType): AccountRecord[] => accounts.filter((a) => a.class.type === type);
  const spending = accounts.filter((a) => a.class.type === 'transaction' || a.class.type === 'credit-card');
  const main = byType('transaction')[0]!;
  const cards = byType('credit-card');
  const loans = accounts.filter((a) => a.class.type === 'mortgage' || a.class.type === 'loan');
  const last4 = (a: AccountRecord): string => a.accountNo.slice(-4);
  const drafts: Draft[] = [];
  const add = (
    account: AccountRecord,
    at: number,
    cents: number,
    cls: AffordabilityClass,
    description: string,
    subClass: HecClass | null = null,
    lag = 0,
  ): Draft => {
    const draft: Draft = { id: r.uuid(), account, cents, class: cls, description, at, subClass, lag };
    drafts.push(draft);
    return draft;
  };
  /** Day `d` (1-based) of each month in the window, when it has come. */
  const monthly = (d: number, each: (at: number, offset: number) => void): void => {
    for (let offset = months - 1; offset >= 0; offset--) {
      const at = r.onDay(monthStart(offset) + (d - 1) * day);
      if (at !== null) each(at, offset);
    }
  };
  const every = (days: number, each: (at: number) => void): void => {
    for (let t = start + r.int(0, days - 1) * day; t <= now; t += days * day) {
      const at = r.onDay(t);
      if (at !== null) each(at);
    }
  };
  const lastDay = (offset: number): number => monthStart(offset - 1) - day;
  const opening = new Map<string, number>();

  // Income: fortnightly salary, its amount settled once the spending is known.
  const employer = r.pick(employers);
  const salaryText = busy
    ? `SALARY ${employer}`
    : r.pick([`SALARY ${employer}`, `PAY ${employer}`, `${employer} PAYROLL`]);
  const salaries: Draft[] = [];
  every(14, (at) => salaries.push(add(main, at, 0, 'direct-credit', salaryText)));

  if (busy || r.chance(0.5)) {
    const fee = r.pick([400, 500, 600]);
    monthly(1, (at) => add(main, at, -fee, 'bank-fee', 'MONTHLY ACCOUNT FEE'));
  }

  for (const saver of byType('savings')) {
    const amount = r.int(busy ? 100 : 50, busy ? 300 : 500) * 100;
    const pair = (at: number): void => {
      add(main, at, -amount, 'internal-transfer', `TRANSFER TO ${title(saver.name)} ${last4(saver)}`);
      add(saver, at, amount, 'internal-transfer', `TRANSFER FROM ${title(main.name)} ${last4(main)}`);
    };
    if (busy) every(7, pair);
    else monthly(r.int(1, 28), pair);
    const rate = r.int(800, 6000);
    for (let offset = months - 1; offset >= 0; offset--) {
      const at = r.onDay(lastDay(offset));
      if (at !== null) add(saver, at, rate + r.int(-300, 300), 'interest', 'CREDIT INTEREST');
    }
    for (let k = busy ? 2 : r.chance(0.3) ? 1 : 0; k > 0; k--) {
      const at = r.instant(start, now);
      const back = r.int(2, 20) * 100 * 100;
      add(saver, at, -back, 'internal-transfer', `TRANSFER TO ${title(main.name)} ${last4(main)}`);
      add(main, at, back, 'internal-transfer', `TRANSFER FROM ${title(saver.name)} ${last4(saver)}`);
    }
    opening.set(saver.id, r.int(2000, 40000) * 100);
  }

  // Credit cards: repaid in full each month (amounts once the spending is known), an annual fee.
  const repayments: { card: AccountRecord; offset: number; from: Draft; to: Draft }[] = [];
  const repaid = new Set<Draft>();
  for (const card of cards) {
    const repayDay = r.int(12, 20);
    monthly(repayDay, (at, offset) => {
      const from = add(main, at, 0, 'internal-transfer', `PAYMENT TO CREDIT CARD ${last4(card)}`);
      const to = add(card, at, 0, 'internal-transfer', 'PAYMENT RECEIVED, THANK YOU');
      repayments.push({ card, offset, from, to });
      repaid.add(to);
    });
    if (busy || r.chance(0.3))
      add(card, r.instant(start, now), -r.pick([9900, 14900, 29900]), 'bank-fee', 'ANNUAL FEE');
    opening.set(card.id, -r.int(500, 2500) * 100);
  }

  // Loans: interest charged monthly, repaid from the main account.
  for (const loan of loans) {
    const mortgage = loan.class.type === 'mortgage';
    const principal = mortgage ? r.int(250_000, 750_000) * 100 : r.int(5_000, 35_000) * 100;
    opening.set(loan.id, -principal);
    const interest = Math.round((principal * (mortgage ? r.int(580, 660) : r.int(900, 1300))) / 10000 / 12);
    for (let offset = months - 1; offset >= 0; offset--) {
      const at = r.onDay(lastDay(offset));
      if (at !== null)
        add(loan, at, -Math.round((interest * r.int(97, 103)) / 100), 'loan-interest', 'INTEREST CHARGED');
    }
    const monthlyRepayment = Math.round(interest * (mortgage ? 1.35 : 1.8));
    const repay = (amount: number) => (at: number) => {
      add(main, at, -amount, 'internal-transfer', `TRANSFER TO ${title(loan.name)} ${last4(loan)}`);
      add(loan, at, amount, 'loan-repayment', 'LOAN REPAYMENT');
    };
    if (busy && mortgage) every(7, repay(Math.round((monthlyRepayment * 12) / 52)));
    else monthly(r.int(1, 28), repay(monthlyRepayment));
  }

  // Cash, transfers to and from other people, other credits.
  const friends: string[] = [];
  while (friends.length < 4) {
    const name = title(`${r.faker.person.firstName().charAt(0)} ${r.faker.person.lastName()}`);
    if (input.clean(name)) friends.push(name);
  }
  const nearby = places.filter((p) => p.country === 'AU' && p.state === home.state);
  const auPlaces = places.filter((p) => p.country === 'AU');
  monthly(1, (_, offset) => {
    const from = monthStart(offset);
    const to = Math.min(monthStart(offset - 1) - 1000, now);
    for (let k = busy ? r.int(1, 3) : r.int(0, 1); k > 0; k--) {
      const at = r.instant(from, to);
      const place = r.chance(0.8) ? r.pick(nearby) : r.pick(auPlaces);
      const operator = r.pick(atmOperators);
      add(
        main,
        at,
        -r.pick([20, 40, 50, 100, 100, 200, 300]) * 100,
        'cash-withdrawal',
        `ATM WITHDRAWAL ${operator} ${title(place.suburb)} ${place.stateCode}`,
      );
      if (r.chance(0.25))
        add(main, Math.min(at + 1000, now), -r.int(250, 350), 'bank-fee', 'ATM OPERATOR FEE');
    }
    for (let k = busy ? r.int(1, 3) : r.int(0, 1); k > 0; k--) {
      const friend = r.pick(friends);
      const memo = r.pick(['RENT', 'DINNER', 'BILLS', 'GIFT', 'HOLIDAY', 'TICKETS']);
      add(
        main,
        r.instant(from, to),
        -r.int(20, 600) * 100,
        'external-transfer',
        r.pick([`TRANSFER TO ${friend}`, `OSKO PAYMENT TO ${friend} ${memo}`]),
      );
    }
    for (let k = busy ? r.int(1, 2) : r.int(0, 1); k > 0; k--) {
      const friend = r.pick(friends);
      add(
        main,
        r.instant(from, to),
        r.int(10, 400) * 100,
        'external-transfer',
        r.pick([`TRANSFER FROM ${friend}`, `OSKO DEPOSIT FROM ${friend}`]),
      );
    }
  });
  const taxTime = Date.UTC(2026, 7, r.int(5, 28));
  if (busy && taxTime >= start)
    add(main, r.onDay(taxTime)!, r.int(300, 2500) * 100 + r.int(0, 99), 'direct-credit', 'ATO TAX REFUND');
  for (let k = busy ? r.int(1, 3) : r.chance(0.3) ? 1 : 0; k > 0; k--)
    add(main, r.instant(start, now), r.int(3000, 12000), 'direct-credit', 'MEDICARE BENEFIT');

  // Payments: bills on a schedule, a trip abroad, everyday shopping.
  const payFrom = (): AccountRecord =>
    r.weighted(
      spending.map((a) => ({ weight: a === main ? 3 : a.class.type === 'credit-card' ? 2 : 1, value: a })),
    );
  const card4 = r.digits(4);
  const describe = (merchant: Merchant, account: AccountRecord): string => {
    const d = merchant.seed.descriptor;
    const suburb = title(merchant.place.suburb);
    const st = merchant.place.stateCode;
    if (merchant.seed.country !== 'AU') return `${d} ${suburb} ${countries[merchant.seed.country].alpha3}`;
    if (account.class.type === 'credit-card') return r.pick([`${d} ${suburb} ${st}`, `${d} ${suburb} AU`]);
    return r.pick([
      `${d} ${merchant.store} ${suburb} ${st} AUS`,
      `EFTPOS ${d} ${suburb}`,
      `VISA DEBIT PURCHASE CARD ${card4} ${d} ${suburb}`,
      `${d} ${suburb} AU`,
    ]);
  };
  const amountOf = (merchant: Merchant): number => {
    const [min, max] = merchant.category.amount;
    const cents = r.int(min * 100, max * 100);
    return merchant.category.amount[1] <= 30 ? Math.round(cents / 10) * 10 : cents;
  };
  const pay = (
    merchant: Merchant,
    account: AccountRecord,
    at: number,
    cents: number,
    description?: string,
  ): Draft => {
    const draft = add(
      account,
      at,
      -cents,
      'payment',
      description ?? describe(merchant, account),
      { ...merchant.category.hec },
      r.int(0, 2),
    );
    draft.merchant = merchant;
    return draft;
  };

  const au = merchants.filter((m) => m.seed.country === 'AU');
  const billers = au.filter((m) => m.category.recurring === true);
  const bills: Merchant[] = [];
  const billOf = (key: string): Merchant[] => billers.filter((m) => m.seed.category === key);
  if (busy) {
    bills.push(
      r.pick(billOf('telcoMobile')),
      r.pick([...billOf('isp'), ...billOf('telcoWired')]),
      r.pick(billOf('electricity')),
    );
    bills.push(...r.some([...billOf('streaming'), ...billOf('payTv')], 2), r.pick(billOf('gym')));
    bills.push(r.pick(billOf('healthInsurance')), r.pick(billOf('generalInsurance')));
  } else {
    bills.push(...r.some(billers, r.int(1, 3)));
  }
  for (const bill of bills) {
    const account = cards.length > 0 && r.chance(0.6) ? r.pick(cards) : main;
    const base = amountOf(bill);
    const variable = bill.seed.category === 'electricity';
    const text = ['streaming', 'payTv', 'gym'].includes(bill.seed.category)
      ? `${bill.seed.descriptor} ${title(bill.place.suburb)} AU`
      : r.pick([
          `DIRECT DEBIT ${bill.seed.descriptor} ${r.digits(7)}`,
          `BPAY ${bill.seed.descriptor} ${r.digits(8)}`,
        ]);
    monthly(r.int(1, 28), (at) =>
      pay(bill, account, at, variable ? Math.round((base * r.int(70, 130)) / 100) : base, text),
    );
  }

  if (busy) {
    const abroad = r.pick(['NZ', 'GB'] as const);
    const there = merchants.filter((m) => m.seed.country === abroad);
    const leave = monthStart(r.int(3, 10)) + r.int(0, 20) * day;
    const airline = r.pick(au.filter((m) => m.seed.category === 'airline'));
    const fare = r.int(abroad === 'GB' ? 1400 : 450, abroad === 'GB' ? 2600 : 1100) * 100;
    pay(airline, payFrom(), r.instant(leave - 60 * day, leave - 20 * day), fare);
    const card = cards[0] ?? main;
    for (let k = r.int(6, 12); k > 0; k--) {
      const merchant = r.pick(there);
      const at = r.instant(leave, leave + 9 * day);
      const cents = amountOf(merchant);
      pay(merchant, card, at, cents);
      add(
        card,
        at + 1000,
        -Math.max(1, Math.round(cents * 0.03)),
        'bank-fee',
        'INTERNATIONAL TRANSACTION FEE',
      );
    }
  }

  const refunds = busy ? r.int(4, 8) : r.int(0, 2);
  const target = busy
    ? r.int(1250, 1450)
    : Math.min(200, Math.max(r.int(20, 200), drafts.length + refunds + 5));
  const favourites = new Set(
    r.some(
      au.filter((m) => m.category.recurring !== true),
      25,
    ),
  );
  const inCategory = new Map<string, number>();
  for (const merchant of au)
    inCategory.set(merchant.seed.category, (inCategory.get(merchant.seed.category) ?? 0) + 1);
  const shops = au
    .filter(
      (m) => m.category.recurring !== true && (m.seed.suburb === undefined || m.place.state === home.state),
    )
    .map((m) => ({
      value: m,
      weight:
        (m.category.weight * (favourites.has(m) ? 6 : 0.4) * (m.place.state === home.state ? 1 : 0.2)) /
        inCategory.get(m.seed.category)!,
    }));
  for (let k = target - drafts.length - refunds; k > 0; k--) {
    const merchant = r.weighted(shops);
    pay(merchant, payFrom(), r.instant(start, now), amountOf(merchant));
  }

  const refundable = drafts.filter(
    (d) => d.merchant !== undefined && d.merchant.category.recurring !== true && d.at < now - 15 * day,
  );
  for (const bought of r.some(refundable, Math.min(refunds, refundable.length))) {
    const merchant = bought.merchant!;
    const cents = r.chance(0.6) ? -bought.cents : Math.round((-bought.cents * r.int(10, 90)) / 100);
    const text = r.pick([
      `REFUND ${merchant.seed.descriptor} ${title(merchant.place.suburb)}`,
      `${merchant.seed.descriptor} REFUND ${title(merchant.place.suburb)} ${merchant.place.stateCode}`,
    ]);
    add(
      bought.account,
      r.instant(bought.at + day, bought.at + 14 * day),
      Math.max(cents, 100),
      'refund',
      text,
    );
  }

  // Settle the amounts that depend on the rest. Cards: the first repayment leaves part of the opening debt
  // carried (so a card always owes something), later ones repay the previous month's spending; a month with
  // (almost) nothing owed has no repayment.
  const dropped = new Set<Draft>();
  for (const repayment of repayments) {
    const from = monthStart(repayment.offset + 1);
    const to = monthStart(repayment.offset);
    const owed =
      repayment.offset === months - 1
        ? Math.round((-opening.get(repayment.card.id)! * r.int(40, 80)) / 100)
        : -drafts
            .filter((d) => d.account === repayment.card && d.at >= from && d.at < to && !repaid.has(d))
            .reduce((sum, d) => sum + d.cents, 0);
    if (owed < 1000) {
      dropped.add(repayment.from).add(repayment.to);
      continue;
    }
    repayment.from.cents = -owed;
    repayment.to.cents = owed;
  }
  const kept = drafts.filter((d) => !dropped.has(d));
  const flows = kept
    .filter((d) => d.account === main && !salaries.includes(d))
    .reduce((sum, d) => sum + d.cents, 0);
  const growth = r.int(busy ? 500 : 100, busy ? 4000 : 1500) * 100;
  const salary = Math.max(150_000, Math.ceil((growth - flows) / salaries.length / 100) * 100 + r.int(0, 99));
  for (const pay of salaries) pay.cents = salary;

  return settle(r, input, kept, opening);
}

/** Pending flags, running balances, account balances; the records in the affordability order. */
function settle(
  r: Random,
  input: HistoryInput,
  drafts: Draft[],
  opening: Map<string, number>,
): TransactionRecord[] {
  const records: TransactionRecord[] = [];
  for (const account of input.accounts) {
    const own = drafts
      .filter((d) => d.account === account)
      // Oldest first, and within one second by id descending: exactly the reverse of the affordability order.
      .sort((a, b) => a.at - b.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const type = account.class.type;
    const spending = type === 'transaction' || type === 'credit-card';
    const pendingCount = Math.min(
      own.length,
      input.busy ? (spending ? r.int(8, 15) : r.int(5, 7)) : spending ? r.int(0, 3) : 0,
    );
    // Accounts that hold money never dip below zero: the opening balance covers the lowest point.
    let lowest = 0;
    let running = 0;
    for (const d of own) {
      running += d.cents;
      lowest = Math.min(lowest, running);
    }
    let balance = opening.get(account.id) ?? r.int(500, 6000) * 100;
    if (type === 'transaction' || type === 'savings')
      balance = Math.max(balance, -lowest + r.int(50, 800) * 100);
    own.forEach((d, index) => {
      balance += d.cents;
      const pending = index >= own.length - pendingCount;
      const transactionDay = iso(d.at - d.lag * day).slice(0, 10);
      records.push({
        id: d.id,
        status: pending ? 'pending' : 'posted',
        description: d.description,
        amount: money(d.cents),
        account: account.id,
        balance: money(balance),
        direction: d.cents < 0 ? 'debit' : 'credit',
        class: d.class,
        institution: input.institutionOf(account),
        transactionDate: !pending && r.chance(0.03) ? '' : transactionDay,
        postDate: iso(d.at),
        subClass: d.subClass,
      });
    });
    account.balance = money(balance);
    account.availableFunds =
      type === 'credit-card'
        ? money(r.int(6, 20) * 1000 * 100 + balance)
        : type === 'mortgage'
          ? money(r.int(0, 250) * 100 * 100)
          : type === 'loan'
            ? '0.00'
            : money(balance);
  }
  return records.sort(affordabilityOrder);
}
