import fc from 'fast-check';
import countries from 'i18n-iso-countries';

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

/** One parameter of a query made invalid, with the value that makes it so. */
export interface InvalidParameter {
  parameter: 'q' | 'institution' | 'country' | 'accountType' | 'amount';
  value: string;
}

/**
 * q of one or two ASCII characters, no blank among them: shorter than the 3 the spec requires however its
 * length is counted (characters, UTF-16 units, bytes; AMB-ENRICH-02). Empty is left to "missing".
 */
const shortQ = fc
  .array(fc.constantFrom(...descriptionCharacters.filter((c) => /^[\x21-\x7e]$/.test(c))), {
    minLength: 1,
    maxLength: 2,
  })
  .map((chars) => chars.join(''));

/** Identifiers no institution list holds: they carry this suite's name. */
const unknownInstitution = fc
  .stringMatching(/^[a-z0-9]{1,12}$/)
  .map((suffix) => `fds-conformance-unknown-${suffix}`);

const alpha3Codes = Object.keys(countries.getAlpha3Codes());

/**
 * Countries that are not ISO 3166 alpha-2 codes by their form: three-letter (alpha-3) codes, one letter,
 * two characters with a digit, and names. Two upper-case letters (assigned or not) and lower case are
 * left out: the spec leaves open whether a service refuses those.
 */
const invalidCountry = fc.oneof(
  fc.constantFrom(...alpha3Codes),
  fc.stringMatching(/^[A-Z]$/),
  fc.stringMatching(/^([A-Z][0-9]|[0-9][A-Z]|[0-9]{2})$/),
  fc.constantFrom('Australia', 'New Zealand', 'United Kingdom', 'A-U', 'AU1', '036'),
);

/** Anything but the six values, lower case like them so that case-folding is never what is judged. */
const invalidAccountType = fc.oneof(
  fc.constantFrom('checking', 'cheque', 'current', 'creditcard', 'credit_card', 'business', 'investment'),
  fc
    .stringMatching(/^[a-z][a-z-]{0,14}$/)
    .filter((value) => !(accountTypes as readonly string[]).includes(value)),
);

/** Amounts that are no decimal number: a decimal comma, an exponent, letters, symbols. */
const invalidAmount = fc.oneof(
  fc.constantFrom(
    '12,50',
    'abc',
    '1e3',
    '-1E-2',
    '1.2.3',
    '$12.50',
    '12 50',
    '--5',
    'NaN',
    'Infinity',
    '0x1A',
    '1,000.00',
  ),
  fc.stringMatching(/^[a-zA-Z]{1,8}$/),
);

export const invalidParameter: fc.Arbitrary<InvalidParameter> = fc.oneof(
  shortQ.map((value) => ({ parameter: 'q' as const, value })),
  unknownInstitution.map((value) => ({ parameter: 'institution' as const, value })),
  invalidCountry.map((value) => ({ parameter: 'country' as const, value })),
  invalidAccountType.map((value) => ({ parameter: 'accountType' as const, value })),
  invalidAmount.map((value) => ({ parameter: 'amount' as const, value })),
);
