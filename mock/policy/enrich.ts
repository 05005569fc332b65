import type { EnrichVariants } from '../variants/types.ts';
import type { PolicyInputs } from './inputs.ts';

/** The account types of the spec (GET /enrich, accountType). */
const accountTypes = ['transaction', 'credit-card', 'savings', 'mortgage', 'loan', 'foreign'];

/**
 * What a "signed decimal" amount is, by the amount reading: by default an optional sign, digits and an
 * optional fractional part; `strict` wants the fractional part and no `+`; `lenient` also takes `.5`.
 */
const signedDecimal: Record<NonNullable<EnrichVariants['amount']> | 'default', RegExp> = {
  default: /^[-+]?[0-9]+(\.[0-9]+)?$/,
  strict: /^-?[0-9]+\.[0-9]+$/,
  lenient: /^[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/,
};

/** A merchant category code (ISO 18245): four digits. */
const mcc = /^[0-9]{4}$/;

/** How GET /enrich answers: the spec's rules, as the readings read them and the faults bend them. */
export interface EnrichPolicy {
  /** Whether a partner not enabled for the enrich service is refused (spec: "Only partners enabled … may call it"). */
  partnerChecked: boolean;
  /** Input the spec sets no rule for (a repeated parameter, an overlong or garbled q) is refused. */
  unruledInputRefused: boolean;
  /** The code a required parameter left out is refused with. */
  missingParameterCode: 'parameter-not-valid' | 'parameter-required';
  /** Whether a refusal names the parameter it refuses (spec: Errors, Enrich). */
  refusalNamesParameter: boolean;
  q: {
    /** The fewest characters q may hold (spec: at least 3). */
    minLength: number;
    /** What q's length counts: its characters, or the bytes of its UTF-8 encoding. */
    length: 'characters' | 'bytes';
    /** Whether blanks around q are trimmed before its length is counted. */
    trimmed: boolean;
    /** Whether q is refused unless printable ASCII. */
    asciiOnly: boolean;
    /** The longest q the service answers; a longer one breaks it (500). */
    longestServed: number;
  };
  /** Whether an institution id no institution has is refused. */
  institutionChecked: boolean;
  country: {
    required: boolean;
    /** A lower-case code: an invalid value, read as the code, or answered 422. */
    lowerCase: 'invalid' | 'code' | 'unprocessable';
    /** Two capital letters ISO 3166 does not assign: refused, or a country that matches nothing. */
    unassigned: 'refused' | 'accepted';
    /** Whether a country that is not a code is refused. */
    checked: boolean;
    /** Whether a country other than the institution's own is refused. */
    institutionsOnly: boolean;
    /** Whether the search falls back on a merchant of any country when none matches in the one asked. */
    fallback: boolean;
  };
  /** An empty optional parameter: a value like any other, or one not given. */
  emptyOptional: 'value' | 'absent';
  mcc: {
    /** The form an mcc must have; undefined: any. */
    format: RegExp | undefined;
    /** Whether an mcc is taken at all. */
    accepted: boolean;
  };
  accountType: {
    /** The account types taken. */
    known: readonly string[];
    caseInsensitive: boolean;
    /** Whether an accountType outside `known` is refused. */
    checked: boolean;
  };
  amount: {
    format: RegExp;
    /** When an amount not in `format` is refused: always, only beside an accountType, or never. */
    checked: 'always' | 'beside-account-type' | 'never';
    negativeAccepted: boolean;
  };
  /** Whether one of accountType and amount given without the other is refused. */
  halfPairRefused: boolean;
  /** Whether one of accountType and amount classifies on its own. */
  halfPairClassifies: boolean;
  /** The class of a query without accountType and amount (spec: treated as a payment). */
  defaultClass: 'payment' | 'transfer';
  /** links.self: the query as received, percent-encoded in reverse order, or a link to the kept query. */
  selfLink: 'as-received' | 'reordered' | 'stored';
  /** Logo links: as the files are named, or the extension in capitals with a cache-busting query. */
  logoLinks: 'plain' | 'upper-case-query';
  /** Which results that match no merchant carry a placeholder logo. */
  noMatchLogo: 'none' | 'every' | 'classified';
  /** logo-thumb: the thumbnail, or the master logo without one (spec: Enrich result, Links); or null. */
  thumb: 'thumbnail-or-master' | 'null';
  /** location.country: the code, or the country's English name. */
  locationCountry: 'code' | 'name';
  /** Merchant and location members the service does not know: given, null or left out. */
  unknownMembers: 'given' | 'null' | 'absent';
}

export function enrichPolicy({ variants: all, fault }: PolicyInputs): EnrichPolicy {
  const variants = all.enrich ?? {};
  return {
    partnerChecked: !fault('enrich-partner-not-enabled-served'),
    unruledInputRefused: variants.strictInput === true,
    missingParameterCode: variants.missingParameter ?? 'parameter-not-valid',
    refusalNamesParameter: !fault('enrich-error-without-parameter'),
    q: {
      minLength: fault('enrich-short-q-accepted') ? 1 : fault('enrich-three-char-q-refused') ? 4 : 3,
      length: variants.qLength ?? 'characters',
      trimmed: variants.qTrimmed === true,
      asciiOnly: fault('enrich-non-ascii-q-refused'),
      longestServed: fault('enrich-long-q-fails') ? 1000 : Infinity,
    },
    institutionChecked: !fault('enrich-institution-not-checked'),
    country: {
      required: !fault('enrich-country-optional'),
      lowerCase: fault('enrich-lower-case-country-422')
        ? 'unprocessable'
        : variants.countryCase === 'insensitive'
          ? 'code'
          : 'invalid',
      unassigned: variants.unassignedCountry ?? 'refused',
      checked: !fault('enrich-country-not-checked'),
      institutionsOnly: fault('enrich-other-country-refused'),
      fallback: fault('enrich-country-fallback'),
    },
    emptyOptional: variants.emptyOptional ?? 'value',
    mcc: { format: variants.mcc === 'any' ? undefined : mcc, accepted: !fault('enrich-mcc-refused') },
    accountType: {
      known: fault('enrich-foreign-account-type-refused')
        ? accountTypes.filter((type) => type !== 'foreign')
        : accountTypes,
      caseInsensitive: variants.accountTypeCase === 'insensitive',
      checked: !fault('enrich-account-type-not-checked'),
    },
    amount: {
      format: signedDecimal[variants.amount ?? 'default'],
      checked: fault('enrich-amount-not-checked')
        ? 'never'
        : fault('enrich-amount-unchecked-without-account-type')
          ? 'beside-account-type'
          : 'always',
      negativeAccepted: !fault('enrich-negative-amount-refused'),
    },
    halfPairRefused: fault('enrich-one-of-pair-refused'),
    halfPairClassifies: variants.partialClassification === 'classified',
    defaultClass: fault('enrich-default-not-payment') ? 'transfer' : 'payment',
    selfLink: variants.selfLink ?? 'as-received',
    logoLinks: variants.logoLinks ?? 'plain',
    noMatchLogo: fault('enrich-no-match-has-logo')
      ? 'every'
      : fault('enrich-classified-no-match-has-logo')
        ? 'classified'
        : 'none',
    thumb: fault('enrich-thumb-null-with-master') ? 'null' : 'thumbnail-or-master',
    locationCountry: variants.locationCountry ?? 'code',
    unknownMembers: variants.unknownMembers ?? 'given',
  };
}
