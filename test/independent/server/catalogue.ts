/** Seeded reference data: countries, ANZSIC classes, the institution catalogue and merchants. */
import type { AnzsicClass, Country, Institution, Location, Merchant } from './model.ts';
import type { Rng } from './prng.ts';

const COUNTRIES: readonly Country[] = [
  {
    code: 'AU',
    name: 'Australia',
    currency: 'AUD',
    dialCode: '61',
    states: ['NSW', 'VIC', 'QLD', 'WA'],
    suburbs: ['Parramatta', 'Fitzroy', 'Fortitude Valley', 'Fremantle', 'Newtown'],
    lat: -33.87,
    lng: 151.21,
  },
  {
    code: 'NZ',
    name: 'New Zealand',
    currency: 'NZD',
    dialCode: '64',
    states: ['Auckland', 'Wellington', 'Canterbury'],
    suburbs: ['Ponsonby', 'Te Aro', 'Riccarton', 'Newmarket'],
    lat: -36.85,
    lng: 174.76,
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    dialCode: '44',
    states: ['England', 'Scotland', 'Wales'],
    suburbs: ['Camden', 'Leith', 'Canton', 'Hackney'],
    lat: 51.51,
    lng: -0.13,
  },
];

export function countryByCode(code: string): Country {
  const country = COUNTRIES.find((c) => c.code === code);
  if (!country) throw new Error(`unknown country ${code}`);
  return country;
}

function anzsic(
  division: [string, string],
  subdivision: [string, string],
  group: [string, string],
  cls: [string, string],
  nameSuffix: string,
  mcc: string,
): AnzsicClass {
  return {
    divisionCode: division[0],
    divisionTitle: division[1],
    subdivisionCode: subdivision[0],
    subdivisionTitle: subdivision[1],
    groupCode: group[0],
    groupTitle: group[1],
    classCode: cls[0],
    classTitle: cls[1],
    nameSuffix,
    mcc,
  };
}

const RETAIL: [string, string] = ['G', 'Retail Trade'];
const FOOD_SERVICES: [string, string] = ['H', 'Accommodation and Food Services'];

const ANZSIC_CLASSES: readonly AnzsicClass[] = [
  anzsic(
    RETAIL,
    ['41', 'Food Retailing'],
    ['411', 'Supermarket and Grocery Stores'],
    ['4110', 'Supermarket and Grocery Stores'],
    'Supermarket',
    '5411',
  ),
  anzsic(
    RETAIL,
    ['42', 'Other Store-Based Retailing'],
    ['427', 'Pharmaceutical and Other Store-Based Retailing'],
    ['4271', 'Pharmaceutical, Cosmetic and Toiletry Goods Retailing'],
    'Pharmacy',
    '5912',
  ),
  anzsic(
    FOOD_SERVICES,
    ['45', 'Food and Beverage Services'],
    ['451', 'Cafes, Restaurants and Takeaway Food Services'],
    ['4511', 'Cafes and Restaurants'],
    'Cafe',
    '5812',
  ),
  anzsic(
    FOOD_SERVICES,
    ['45', 'Food and Beverage Services'],
    ['451', 'Cafes, Restaurants and Takeaway Food Services'],
    ['4512', 'Takeaway Food Services'],
    'Takeaway',
    '5814',
  ),
  anzsic(
    ['I', 'Transport, Postal and Warehousing'],
    ['46', 'Road Transport'],
    ['462', 'Road Passenger Transport'],
    ['4623', 'Taxi and Other Road Transport'],
    'Taxis',
    '4121',
  ),
  anzsic(
    ['D', 'Electricity, Gas, Water and Waste Services'],
    ['26', 'Electricity Supply'],
    ['263', 'Electricity Distribution'],
    ['2630', 'Electricity Distribution'],
    'Energy',
    '4900',
  ),
  anzsic(
    ['J', 'Information Media and Telecommunications'],
    ['58', 'Telecommunications Services'],
    ['580', 'Telecommunications Services'],
    ['5801', 'Wired Telecommunications Network Operation'],
    'Telecom',
    '4814',
  ),
  anzsic(
    ['R', 'Arts and Recreation Services'],
    ['91', 'Sports and Recreation Activities'],
    ['911', 'Sports and Physical Recreation Activities'],
    ['9111', 'Health and Fitness Centres and Gymnasia Operation'],
    'Fitness',
    '7997',
  ),
];

/**
 * Consonant-vowel syllables: names built from them can never spell the words
 * used in the "no match" enrich query, so that query is guaranteed to miss.
 */
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tu',
  'vo',
  'sa',
  'bel',
  'dor',
  'ni',
  'ra',
  'zu',
  'fi',
  'gan',
  'mor',
];

/** Hands out distinct capitalised invented words, e.g. "Kalomi". */
export class NameMaker {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Rng) {}

  next(): string {
    for (;;) {
      const parts = this.rng.int(2, 3);
      let word = '';
      for (let i = 0; i < parts; i += 1) word += this.rng.pick(SYLLABLES);
      const name = word.charAt(0).toUpperCase() + word.slice(1);
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }
}

export const BASIC_LOGIN = ['loginId', 'password'];
const LOGIN_VARIANTS: readonly string[][] = [
  BASIC_LOGIN,
  ['loginId', 'password', 'securityCode'],
  ['loginId', 'secondaryLoginId', 'password'],
];
const METHODS: readonly string[][] = [['web-scrape'], ['open-banking'], ['web-scrape', 'open-banking']];

export function generateInstitutions(rng: Rng, names: NameMaker): Institution[] {
  const count = rng.int(6, 14);
  const ids = new Set<string>();
  const out: Institution[] = [];
  for (let i = 0; i < count; i += 1) {
    // The first institution is always an ordinary, live, Australian bank so the fixtures have one to use.
    const country = i === 0 ? 'AU' : rng.pick(COUNTRIES).code;
    let id = `${country}${rng.digits(5)}`;
    while (ids.has(id)) id = `${country}${rng.digits(5)}`;
    ids.add(id);
    const shortName = names.next();
    const kind = i === 0 ? 'Bank' : rng.pick(['Bank', 'Credit Union', 'Building Society', 'Test Bank']);
    const business = rng.chance(0.3);
    const verify = rng.int(2000, 9000);
    const accounts = rng.int(1000, 5000);
    const transactions = rng.int(5000, 40000);
    const meta = rng.int(500, 3000);
    out.push({
      id,
      name: `${shortName} ${kind}`,
      shortName,
      institutionType: kind,
      country,
      serviceName: business ? 'Business Online Banking' : 'Personal Online Banking',
      serviceType: business ? 'Business Banking' : 'Personal Banking',
      loginIdCaption: rng.pick(['Customer ID', 'Username', 'Client Number']),
      passwordCaption: rng.pick(['Password', 'PIN']),
      tier: i === 0 ? '1' : String(rng.int(1, 4)),
      authorization: rng.pick(['user', 'user-mfa', 'other']),
      login: i === 0 ? BASIC_LOGIN : rng.pick(LOGIN_VARIANTS),
      accountFeatures: { accountNo: rng.pick(METHODS), name: rng.pick(METHODS), status: rng.pick(METHODS) },
      transactionFeatures: { description: rng.pick(METHODS), status: rng.pick(METHODS) },
      profileFeatures: { fullName: rng.pick(METHODS), firstName: rng.pick(METHODS) },
      forgottenPasswordUrl: `https://www.${shortName.toLowerCase()}.example.com/forgotten-password`,
      stage: i === 0 ? 'live' : rng.pick(['live', 'live', 'beta', 'alpha']),
      status:
        i === 0 ? 'operational' : rng.pick(['operational', 'operational', 'under-maintenance', 'degraded']),
      stats: {
        verifyCredentials: verify,
        retrieveAccounts: accounts,
        retrieveTransactions: transactions,
        retrieveMeta: meta,
        total: verify + accounts + transactions + meta,
      },
      logoColors: rng.chance(0.7) ? { primary: `#${rng.hex(6)}`, secondary: `#${rng.hex(6)}` } : null,
    });
  }
  return out;
}

function generateLocation(rng: Rng, country: Country): Location {
  const routeNo = String(rng.int(1, 400));
  const route = `${rng.pick(['George', 'King', 'Queen', 'High', 'Victoria', 'Church'])} ${rng.pick(['Street', 'Road', 'Avenue'])}`;
  const suburb = rng.pick(country.suburbs);
  const state = rng.pick(country.states);
  const postalCode = rng.digits(4);
  return {
    routeNo,
    route,
    postalCode,
    suburb,
    state,
    country: country.name,
    formattedAddress: `${routeNo} ${route}, ${suburb} ${state} ${postalCode}, ${country.name}`,
    lat: (country.lat + rng.int(-5000, 5000) / 10000).toFixed(6),
    lng: (country.lng + rng.int(-5000, 5000) / 10000).toFixed(6),
  };
}

/** Merchants for every country that has an institution, at least two per country. */
export function generateMerchants(rng: Rng, names: NameMaker, countries: readonly string[]): Merchant[] {
  const out: Merchant[] = [];
  for (const code of countries) {
    const country = countryByCode(code);
    const count = rng.int(2, 7);
    for (let i = 0; i < count; i += 1) {
      const id = rng.uuid();
      const name = names.next();
      const category = rng.pick(ANZSIC_CLASSES);
      const area = String(rng.int(2, 9));
      const number = `${rng.digits(4)} ${rng.digits(4)}`;
      // Three logo situations from the spec: both logos, master only (given for both), none.
      const logo = rng.int(0, 2);
      const master = logo === 2 ? null : `https://logos.example.com/merchants/${id}/master.svg`;
      const thumb = logo === 0 ? `https://logos.example.com/merchants/${id}/thumb.png` : master;
      out.push({
        id,
        key: name.toUpperCase(),
        businessName: `${name} ${category.nameSuffix}`,
        abn: rng.digits(11),
        website: `https://www.${name.toLowerCase()}.example.com`,
        phoneLocal: `0${area} ${number}`,
        phoneInternational: `+${country.dialCode} ${area} ${number}`,
        country: code,
        location: generateLocation(rng, country),
        category,
        logoMaster: master,
        logoThumb: thumb,
      });
    }
  }
  return out;
}
