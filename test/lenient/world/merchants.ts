import { EXPENSE_CLASSES } from './expense-classes.ts';
import type { ExpenseClass } from './types.ts';

interface Code {
  code: string;
  title: string;
}

export interface Merchant {
  /** Upper-case word(s) that must appear in a description for a match. */
  keyword: string;
  country: string;
  id: string;
  businessName: string;
  ABN: string;
  website: string;
  phoneNumber: { local: string; international: string };
  location: {
    routeNo: string;
    route: string;
    postalCode: string;
    suburb: string;
    state: string;
    country: string;
    formattedAddress: string;
    geometry: { lat: string; lng: string };
  };
  anzsic: { division: Code; subdivision: Code; group: Code; class: Code };
  logoMaster: string | null;
  logoThumb: string | null;
  expenseClass: ExpenseClass;
}

const RETAIL = { code: 'G', title: 'Retail Trade' };
const FOOD_SERVICES = { code: 'H', title: 'Accommodation and Food Services' };

function cls(index: number): ExpenseClass {
  const found = EXPENSE_CLASSES[index];
  if (!found) throw new Error(`no expense class ${index}`);
  return found;
}

function merchant(
  keyword: string,
  country: string,
  businessName: string,
  place: [string, string, string, string, string, string, string],
  anzsic: Merchant['anzsic'],
  logos: 'both' | 'master' | 'none',
  expenseClass: ExpenseClass,
): Merchant {
  const [routeNo, route, suburb, state, postalCode, lat, lng] = place;
  const slug = keyword.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const local = `0${String(2 + (keyword.length % 7))} ${String(9000 + keyword.length * 37).padStart(4, '0')} ${String(1000 + keyword.length * 101).slice(0, 4)}`;
  const cc = country === 'NZ' ? '64' : '61';
  return {
    keyword,
    country,
    id: `mrc_${slug}`,
    businessName,
    ABN:
      country === 'AU'
        ? `${String(10 + keyword.length)} 004 ${String(100 + keyword.length * 13).slice(0, 3)} 417`
        : '',
    website: `https://www.${slug}.example`,
    phoneNumber: { local, international: `+${cc} ${local.slice(1)}` },
    location: {
      routeNo,
      route,
      postalCode,
      suburb,
      state,
      country: country === 'NZ' ? 'New Zealand' : 'Australia',
      formattedAddress: `${routeNo} ${route}, ${suburb} ${state} ${postalCode}`,
      geometry: { lat, lng },
    },
    anzsic,
    logoMaster: logos === 'none' ? null : `https://cdn.lenient.invalid/merchants/${slug}/master.svg`,
    // Without a thumbnail the master logo is given for both, as the spec says.
    logoThumb:
      logos === 'none'
        ? null
        : logos === 'both'
          ? `https://cdn.lenient.invalid/merchants/${slug}/thumb.png`
          : `https://cdn.lenient.invalid/merchants/${slug}/master.svg`,
    expenseClass,
  };
}

const SUPERMARKET = {
  division: RETAIL,
  subdivision: { code: '41', title: 'Food Retailing' },
  group: { code: '411', title: 'Supermarket and Grocery Stores' },
  class: { code: '4110', title: 'Supermarket and Grocery Stores' },
};
const CAFE = {
  division: FOOD_SERVICES,
  subdivision: { code: '45', title: 'Food and Beverage Services' },
  group: { code: '451', title: 'Cafes, Restaurants and Takeaway Food Services' },
  class: { code: '4511', title: 'Cafes and Restaurants' },
};
const FUEL = {
  division: RETAIL,
  subdivision: { code: '40', title: 'Fuel Retailing' },
  group: { code: '400', title: 'Fuel Retailing' },
  class: { code: '4000', title: 'Fuel Retailing' },
};
const PHARMACY = {
  division: RETAIL,
  subdivision: { code: '42', title: 'Other Store-Based Retailing' },
  group: { code: '427', title: 'Pharmaceutical and Other Store-Based Retailing' },
  class: { code: '4271', title: 'Pharmaceutical, Cosmetic and Toiletry Goods Retailing' },
};

export const MERCHANTS: readonly Merchant[] = [
  merchant(
    'GREENGROCER CO',
    'AU',
    'Greengrocer Co Pty Ltd',
    ['12', 'George Street', 'Sydney', 'NSW', '2000', '-33.8688', '151.2093'],
    SUPERMARKET,
    'both',
    cls(0),
  ),
  merchant(
    'BEANSTALK CAFE',
    'AU',
    'Beanstalk Cafe',
    ['88', 'Collins Street', 'Melbourne', 'VIC', '3000', '-37.8136', '144.9631'],
    CAFE,
    'master',
    cls(1),
  ),
  merchant(
    'BLUEFLAME FUEL',
    'AU',
    'Blueflame Fuel Australia',
    ['301', 'Ann Street', 'Brisbane City', 'QLD', '4000', '-27.4698', '153.0251'],
    FUEL,
    'none',
    cls(2),
  ),
  merchant(
    'KIWI PANTRY',
    'NZ',
    'Kiwi Pantry Limited',
    ['5', 'Queen Street', 'Auckland', 'AUK', '1010', '-36.8485', '174.7633'],
    SUPERMARKET,
    'both',
    cls(0),
  ),
  merchant(
    'HEALWELL CHEMIST',
    'AU',
    'Healwell Chemist',
    ['44', 'Hay Street', 'Perth', 'WA', '6000', '-31.9523', '115.8613'],
    PHARMACY,
    'both',
    cls(7),
  ),
];

/** Description words never used by any merchant, for queries that must not match. */
export const NO_MATCH_WORDS: readonly string[] = ['QZXV PAYEE', 'ZZYZX HOLDINGS', 'XQJ UNKNOWN TRADER'];
