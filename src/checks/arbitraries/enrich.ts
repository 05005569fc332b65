import fc from 'fast-check';
import { countries } from '../../types/countries.ts';

/**
 * Arbitraries for GET /enrich (spec: Endpoints > GET {base_url}/enrich). Valid values follow the
 * parameter table exactly and stay clear of what the spec leaves open (how q's length is counted,
 * trimming of blanks, lower-case country codes, user-assigned codes, a leading `+` or no fraction on
 * amounts, empty optional parameters: src/requirements/ambiguities/enrich.json), so a conformant server
 * never fails them; invalid values are invalid by every reading.
 */

/** The six account types of the parameter table. */
export const accountTypes = ['transaction', 'credit-card', 'savings', 'mortgage', 'loan', 'foreign'] as const;

/**
 * ISO 3166-1 alpha-2 codes officially assigned to a country. XK (Kosovo) is a user-assigned code that
 * some libraries list; whether a service takes user-assigned codes is not shown, so it is left out.
 */
export const countryCodes: string[] = Object.keys(countries.getAlpha2Codes()).filter(
  (code) => /^[A-Z]{2}$/.test(code) && code !== 'XK',
);

/** Merchant category codes (ISO 18245) of common kinds: grocery, restaurant, fuel, taxi, misc. retail. */
export const merchantCategoryCodes = ['5411', '5812', '5541', '4121', '5999'] as const;

/**
 * Characters of bank descriptions: letters, digits, URL-reserved and other punctuation, and non-ASCII
 * letters and symbols (precomposed only, so every count of characters agrees on the length).
 */
const descriptionCharacters = [
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  ...`&=+#%/?;:@$!,'*()-._~[]`,
  ...'ÉéÜüÑñØøßÅåÇç東京€£¥',
];

const word = fc
  .array(fc.constantFrom(...descriptionCharacters), { minLength: 1, maxLength: 10 })
  .map((chars) => chars.join(''));

/**
 * A transaction description: words joined by single spaces, no leading or trailing blank, at least three
 * characters that are not blanks and at least one letter or digit. The spec asks only for three
 * characters; the rest keeps clear of trimming and of descriptions that hold no text at all.
 */
export const description: fc.Arbitrary<string> = fc
  .array(word, { minLength: 1, maxLength: 5 })
  .map((words) => words.join(' '))
  .filter((q) => [...q.replaceAll(' ', '')].length >= 3 && /[\p{L}\p{N}]/u.test(q));

/** A description, sometimes one of the profile's own (which match or match nothing). */
export function descriptionOrFixture(fixtureQueries: string[]): fc.Arbitrary<string> {
  return fixtureQueries.length > 0
    ? fc.oneof(
        { arbitrary: description, weight: 3 },
        { arbitrary: fc.constantFrom(...fixtureQueries), weight: 1 },
      )
    : description;
}

export const countryCode: fc.Arbitrary<string> = fc.constantFrom(...countryCodes);

export const accountType: fc.Arbitrary<string> = fc.constantFrom(...accountTypes);

/**
 * A signed decimal: an optional minus, an integer part without leading zeros, and one or two decimals.
 * A leading `+` and an integer without fraction are left out: whether "signed decimal" admits them is
 * not shown (AMB-ENRICH-08).
 */
export const signedDecimal: fc.Arbitrary<string> = fc
  .record({
    negative: fc.boolean(),
    units: fc.oneof(fc.nat(999), fc.nat(9_999_999)),
    decimals: fc.constantFrom(1, 2),
    fraction: fc.nat(99),
  })
  .map(({ negative, units, decimals, fraction }) => {
    const digits = String(fraction).padStart(2, '0').slice(0, decimals);
    return `${negative ? '-' : ''}${units}.${digits}`;
  });

/** The optional parameters of one valid query: each present or absent. */
export interface OptionalEnrichParameters {
  accountType?: string;
  amount?: string;
  mcc?: string;
}

export const optionalParameters: fc.Arbitrary<OptionalEnrichParameters> = fc.record(
  {
    accountType,
    amount: signedDecimal,
    mcc: fc.constantFrom(...merchantCategoryCodes),
  },
  { requiredKeys: [] },
);

/**
 * Country values of no ISO 3166 alpha-2 form, whatever codes a service recognises and in whatever case.
 * Each is invalid under every reading because its form is not two letters.
 */
export const invalidCountries = [
  'AUS', // three letters: the alpha-3 code of Australia
  'A1', // a letter and a digit
  '036', // the numeric code of Australia
  'Australia', // a name
  'New Zealand', // a name with a blank
  'United Kingdom', // a name with a blank
  'A-U', // three characters, one of them punctuation
  'AU1', // three characters, a digit among them
] as const;

/**
 * accountType values outside the six, each differing from every listed value in its letters (not only in
 * case or separators, AMB-ENRICH-07), so no reading of "one of" takes them.
 */
export const invalidAccountTypes = [
  'checking', // a US word for a transaction account, not one of the six
  'cheque', // a UK word for a transaction account
  'current', // another word for a transaction account
  'business', // a kind of customer, not of account
  'investment', // a kind of account the spec does not list
] as const;

/**
 * amount values that no reading of "signed decimal" takes: no base-ten number can be read from them.
 */
export const invalidAmounts = [
  'abc', // letters only
  '--5', // a doubled sign
  '+-5', // two signs
  '-', // a sign and no digits
  '+', // a sign and no digits
  '0x1A', // hexadecimal, not decimal
] as const;

/** One parameter of a query made invalid, with the value that makes it so. */
export interface InvalidParameter {
  parameter: 'q' | 'institution' | 'country' | 'accountType' | 'amount';
  value: string;
}

/**
 * Characters a form encoder sends as they are (application/x-www-form-urlencoded leaves letters, digits,
 * `-`, `.`, `_` and `*` alone), so a q made of them has one length however it is counted: characters,
 * UTF-16 units, UTF-8 bytes, or the characters of its URL-encoded form.
 */
const unescapedCharacters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.'];

/**
 * q of one or two such characters, no blank among them. Why invalid under every reading: shorter than the
 * 3 characters the spec states, however its length is counted (AMB-ENRICH-02, encoded or decoded) and
 * whether blanks are trimmed (AMB-ENRICH-03). Empty is left to "missing".
 */
const shortQ = fc
  .array(fc.constantFrom(...unescapedCharacters), { minLength: 1, maxLength: 2 })
  .map((chars) => chars.join(''));

/**
 * Identifiers no institution list holds. Why invalid under every reading: the spec asks for "a recognised
 * institution identifier", and these carry this suite's name, so no service has handed them out.
 */
const unknownInstitution = fc
  .stringMatching(/^[a-z0-9]{1,12}$/)
  .map((suffix) => `fds-conformance-unknown-${suffix}`);

const alpha3Codes = Object.keys(countries.getAlpha3Codes());

/**
 * Countries that are not ISO 3166 alpha-2 codes by their form. Why invalid under every reading: an alpha-2
 * code is two letters whatever list of codes a service recognises and whatever case it reads them in.
 * Two letters in either case, assigned or not, are left out: whether a service refuses those is open
 * (AMB-ENRICH-04, AMB-ENRICH-05), and open-values.check.ts judges them.
 */
const invalidCountry = fc.oneof(
  // Three letters: an alpha-3 code, another standard's code for a country.
  fc.constantFrom(...alpha3Codes),
  // One letter.
  fc.stringMatching(/^[A-Z]$/),
  // Two characters with a digit: no alpha-2 code holds one.
  fc.stringMatching(/^([A-Z][0-9]|[0-9][A-Z]|[0-9]{2})$/),
  // Names, punctuation, three characters, a numeric code.
  fc.constantFrom(...invalidCountries),
);

/** Letters alone, lower case: two spellings that differ only in separators or case come out the same. */
const lettersOf = (value: string) => value.toLowerCase().replace(/[^a-z]/g, '');

/**
 * Anything but the six values. Why invalid under every reading: the spec lists the six; these are lower
 * case like them and differ from each in more than separators, so neither case folding (AMB-ENRICH-07)
 * nor a service that reads `creditcard` or `credit_card` as credit-card maps one onto a listed value.
 */
const invalidAccountType = fc
  .oneof(fc.constantFrom(...invalidAccountTypes), fc.stringMatching(/^[a-z][a-z-]{0,14}$/))
  .filter((value) => !accountTypes.some((listed) => lettersOf(listed) === lettersOf(value)));

/**
 * Words decimal libraries read as numbers though they name none (Python's Decimal and float, JavaScript's
 * Number): whether "signed decimal" admits them is a reading, so no random word is one of them.
 */
const numberWords = /^(s?nan|inf|infinity)$/i;

/**
 * Amounts that no reading of "signed decimal" takes (the fixed ones, and words of letters). Forms that some
 * decimal parser reads (an exponent, a decimal comma, digit grouping even as loose as 1.2.3, a currency
 * sign, NaN, Infinity) are left out: open-values.check.ts judges them, accepting either answer.
 */
const invalidAmount = fc.oneof(
  fc.constantFrom(...invalidAmounts),
  fc.stringMatching(/^[a-zA-Z]{1,8}$/).filter((word) => !numberWords.test(word)),
);

export const invalidParameter: fc.Arbitrary<InvalidParameter> = fc.oneof(
  shortQ.map((value) => ({ parameter: 'q' as const, value })),
  unknownInstitution.map((value) => ({ parameter: 'institution' as const, value })),
  invalidCountry.map((value) => ({ parameter: 'country' as const, value })),
  invalidAccountType.map((value) => ({ parameter: 'accountType' as const, value })),
  invalidAmount.map((value) => ({ parameter: 'amount' as const, value })),
);
