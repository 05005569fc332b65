/**
 * The fixed reference data the world generator draws from, kept as JSON under data/, one file per kind of
 * thing: institution brands, merchants, the merchants' categories with their ANZSIC 2006 classes and
 * household expenditure classes, countries, places, account products, employers and ATM operators. The
 * generator adds everything random (ids, numbers, addresses, amounts) from its seed. The files' types are
 * declared here and nowhere else.
 */
import { readFileSync } from 'node:fs';
import { anzsicClass, type Anzsic, type AnzsicTables } from './anzsic.ts';
import type { TransactionRecord } from './world.ts';

export type Country = 'AU' | 'NZ' | 'GB';

/** data/countries.json, by ISO alpha-2 code. */
export interface CountryData {
  name: string;
  /** ISO alpha-3 code, on foreign card descriptions (TESCO STORES LONDON GBR). */
  alpha3: string;
  dialCode: string;
  /** Street names common to most towns of the country, so any of them fits any place. */
  streets: readonly string[];
}

/** A household expenditure class, the subClass of payments (data/expenditure-classes.json, by key). */
export type HecClass = NonNullable<TransactionRecord['subClass']>;

/** A merchants' category: data/merchant-categories.json by key, there with anzsic and hec by code and key. */
export interface MerchantCategory {
  anzsic: Anzsic;
  hec: HecClass;
  /** Usual purchase, in whole dollars. */
  amount: readonly [number, number];
  /** How often a household shops in the category, relative to the others. */
  weight: number;
  /** Billed on a schedule (subscriptions, utilities, insurance) rather than bought at random. */
  recurring?: boolean;
}

/** data/places.json: towns that merchants trade in and users live in. */
export interface Place {
  suburb: string;
  state: string;
  /** How the state appears at the end of a card description (WOOLWORTHS 1234 SYDNEY NS AUS). */
  stateCode: string;
  postcode: string;
  lat: number;
  lng: number;
  country: Country;
  /** Local phone prefix and the digit local numbers start with. */
  phone: { area: string; lead: string };
}

/** data/merchants.json. */
export interface MerchantSeed {
  name: string;
  /** Lower-case words of the name that identify it; unique across all merchants, never inside another's text. */
  keywords: readonly string[];
  /** How the merchant appears on a bank statement; contains the keywords. */
  descriptor: string;
  /** Key of its category in data/merchant-categories.json. */
  category: string;
  domain: string;
  country: Country;
  /** A one-site business, in this place of data/places.json; chains are placed at random. */
  suburb?: string;
}

/** data/institution-brands.json. */
export interface InstitutionBrand {
  /** Brand number: the id is country + brand * 100 (personal) or brand * 100 + 1 (business), 5 digits. */
  no: number;
  name: string;
  shortName: string;
  institutionType: 'bank' | 'credit-union' | 'building-society';
  country: Country;
  tier: '1' | '2' | '3' | '4';
  /** Service names; a brand without one of them has no such institution. */
  personal?: string;
  business?: string;
  loginIdCaption: string;
  passwordCaption: string;
  /** Extra login fields beyond loginId and password. */
  login?: readonly string[];
  domain: string;
  color: string | null;
  /** Leading BSB digits of its account numbers (AU). */
  bsb?: string;
  authorization: 'user' | 'user-mfa' | 'user-mfa-intermittent' | 'other';
}

export type AccountType = 'transaction' | 'savings' | 'credit-card' | 'mortgage' | 'loan';

/** data/account-products.json: names and products of accounts, by account type. */
export type AccountProducts = Readonly<Record<AccountType, readonly { name: string; product: string }[]>>;

function read<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')) as T;
}

export const countries = read<Readonly<Record<Country, CountryData>>>('countries.json');
export const places = read<readonly Place[]>('places.json');
export const merchantSeeds = read<readonly MerchantSeed[]>('merchants.json');
export const institutionBrands = read<readonly InstitutionBrand[]>('institution-brands.json');
export const accountProducts = read<AccountProducts>('account-products.json');
/** Payers of salaries (SALARY ACME PTY LTD); they must not contain any merchant keyword. */
export const employers = read<readonly string[]>('employers.json');
/** ATM networks on withdrawal descriptions. */
export const atmOperators = read<readonly string[]>('atm-operators.json');

const expenditureClasses = read<Readonly<Record<string, HecClass>>>('expenditure-classes.json');
const anzsic = read<AnzsicTables>('anzsic.json');
type MerchantCategoryData = Omit<MerchantCategory, 'anzsic' | 'hec'> & { anzsic: string; hec: string };
const categories = new Map(
  Object.entries(read<Readonly<Record<string, MerchantCategoryData>>>('merchant-categories.json')).map(
    ([key, data]): [string, MerchantCategory] => {
      const hec = expenditureClasses[data.hec];
      if (hec === undefined) throw new Error(`category ${key}: no expenditure class ${data.hec}`);
      return [key, { ...data, anzsic: anzsicClass(anzsic, data.anzsic), hec }];
    },
  ),
);

/** The category of a merchant (MerchantSeed.category). */
export function categoryOf(key: string): MerchantCategory {
  const category = categories.get(key);
  if (category === undefined) throw new Error(`no merchant category ${key}`);
  return category;
}
