import { createHash } from 'node:crypto';
import { countries } from '../../src/types/countries.ts';
import { detail, MockError, parameterNotValid, quoted } from '../errors.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import type { EnrichVariants } from '../variants/types.ts';
import type { MerchantRecord } from '../world/world.ts';

const accountTypes = new Set(['transaction', 'credit-card', 'savings', 'mortgage', 'loan', 'foreign']);
const mcc = /^[0-9]{4}$/;

/**
 * What a "signed decimal" amount is, by the amount variant: by default an optional sign, digits and an
 * optional fractional part; `strict` wants the fractional part and no `+`; `lenient` also takes `.5`.
 */
const signedDecimal: Record<NonNullable<EnrichVariants['amount']> | 'default', RegExp> = {
  default: /^[-+]?[0-9]+(\.[0-9]+)?$/,
  strict: /^-?[0-9]+\.[0-9]+$/,
  lenient: /^[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/,
};

/** Invalid enrich parameters are 400 parameter-not-valid naming the parameter (spec: Errors, Enrich). */
function refuse(parameter: string, detail: string, context: MockContext): never {
  if (context.fault('enrich-error-without-parameter')) throw parameterNotValid('', detail);
  throw parameterNotValid(parameter, detail);
}

/**
 * A required parameter left out: refused like an invalid value by default, or with its own code under the
 * missingParameter variant (the spec fixes the code of invalid values only).
 */
function refuseMissing(parameter: string, context: MockContext): never {
  if (context.options.variants.enrich?.missingParameter === 'parameter-required')
    throw new MockError(
      400,
      'parameter-required',
      'Parameter required',
      detail.missing(parameter),
      parameter,
    );
  refuse(parameter, detail.missing(parameter), context);
}

/** Length of q as the variants count it: characters by default, UTF-8 bytes, blanks around it trimmed or not. */
function lengthOfQ(q: string, variants: EnrichVariants): number {
  const text = variants.qTrimmed ? q.trim() : q;
  return variants.qLength === 'bytes' ? Buffer.byteLength(text) : [...text].length;
}

interface Classification {
  direction: 'debit' | 'credit';
  class: string;
}

/**
 * Direction and class follow amount and accountType; without both the query is treated as a payment
 * (spec: GET /enrich). The description's words refine the class the way a bank's categoriser would. Under
 * the partialClassification variant one of the two classifies alone: an amount as if on a transaction
 * account, an account type as if for a debit.
 */
function classify(
  description: string,
  amount: string | null,
  accountType: string | null,
  merchant: unknown,
  variants: EnrichVariants,
): Classification {
  if (amount === null && accountType === null) return { direction: 'debit', class: 'payment' };
  if (amount === null || accountType === null) {
    if (variants.partialClassification !== 'classified') return { direction: 'debit', class: 'payment' };
    return classify(description, amount ?? '-1.00', accountType ?? 'transaction', merchant, variants);
  }
  const text = description.toLowerCase();
  if (amount.startsWith('-')) {
    if (/\batm\b|withdrawal/.test(text)) return { direction: 'debit', class: 'cash-withdrawal' };
    if (/\bfee\b/.test(text)) return { direction: 'debit', class: 'bank-fee' };
    if (/interest/.test(text)) return { direction: 'debit', class: 'loan-interest' };
    if (/transfer/.test(text) && !merchant) return { direction: 'debit', class: 'transfer' };
    return { direction: 'debit', class: 'payment' };
  }
  if (/interest/.test(text)) return { direction: 'credit', class: 'interest' };
  if (accountType === 'loan' || accountType === 'mortgage')
    return { direction: 'credit', class: 'loan-repayment' };
  return { direction: 'credit', class: merchant ? 'refund' : 'direct-credit' };
}

function findMerchant(
  merchants: MerchantRecord[],
  description: string,
  country: string,
  context: MockContext,
): MerchantRecord | undefined {
  const words = new Set(description.toLowerCase().split(/[^a-z0-9-]+/));
  const named = (m: MerchantRecord) => m.keywords.some((k) => words.has(k));
  const found = merchants.find((m) => m.country === country && named(m));
  // The fault falls back on a merchant of any country when none matches in the one asked for.
  return found ?? (context.fault('enrich-country-fallback') ? merchants.find(named) : undefined);
}

/** GET /enrich (spec: Endpoints > GET {base_url}/enrich, Enrich result). */
export const enrich: RouteHandler = {
  handle(request, context) {
    const { query } = request;
    const variants = context.options.variants.enrich ?? {};
    if (variants.strictInput) refuseUnruledInput(query, context);
    const q = query.get('q');
    if (q === null) refuseMissing('q', context);
    // A naive service whose description store breaks on long input.
    if (q.length > 1000 && context.fault('enrich-long-q-fails'))
      throw new MockError(500, 'internal-server-error', 'Internal server error', 'description too long');
    const minLength = context.fault('enrich-short-q-accepted')
      ? 1
      : context.fault('enrich-three-char-q-refused')
        ? 4
        : 3;
    if (lengthOfQ(q, variants) < minLength)
      refuse(
        'q',
        q === '' ? detail.empty('q') : detail.malformed('q', 'at least 3 characters', quoted(q)),
        context,
      );
    if (context.fault('enrich-non-ascii-q-refused') && /[^\x20-\x7e]/.test(q))
      refuse('q', 'q must hold printable ASCII characters only', context);
    const institution = query.get('institution');
    if (institution === null) refuseMissing('institution', context);
    const recognised = context.world.institutions.some((i) => i.id === institution);
    if (!recognised && !context.fault('enrich-institution-not-checked')) {
      const said =
        institution === ''
          ? detail.empty('institution')
          : detail.unknown('institution', quoted(institution), 'no institution has this id');
      refuse('institution', said, context);
    }
    const country = countryOf(query.get('country'), variants, context);
    if (context.fault('enrich-other-country-refused')) {
      const home = context.world.institutions.find((i) => i.id === institution)?.country;
      if (home !== undefined && country !== home)
        refuse('country', `country must be the institution's country, ${home}`, context);
    }
    // An empty optional parameter is one not given under the emptyOptional variant, a value otherwise.
    const optional = (name: string): string | null => {
      const value = query.get(name);
      return value === '' && variants.emptyOptional === 'absent' ? null : value;
    };
    const code = optional('mcc');
    if (code !== null && variants.mcc !== 'any' && !mcc.test(code))
      refuse('mcc', detail.malformed('mcc', 'a four-digit merchant category code', quoted(code)), context);
    if (code !== null && context.fault('enrich-mcc-refused')) refuse('mcc', 'mcc is not supported', context);
    const givenType = optional('accountType');
    const accountType =
      givenType !== null && variants.accountTypeCase === 'insensitive' ? givenType.toLowerCase() : givenType;
    if (
      accountType !== null &&
      !accountTypes.has(accountType) &&
      !context.fault('enrich-account-type-not-checked')
    ) {
      const known = `the account types are ${[...accountTypes].join(', ')}`;
      refuse('accountType', detail.unknown('accountType', quoted(givenType), known), context);
    }
    if (accountType === 'foreign' && context.fault('enrich-foreign-account-type-refused'))
      refuse(
        'accountType',
        'accountType must be one of transaction, credit-card, savings, mortgage, loan',
        context,
      );
    const amount = optional('amount');
    if (
      amount !== null &&
      !signedDecimal[variants.amount ?? 'default'].test(amount) &&
      !context.fault('enrich-amount-not-checked') &&
      // The fault checks the amount only where it classifies, beside an accountType.
      !(accountType === null && context.fault('enrich-amount-unchecked-without-account-type'))
    ) {
      refuse(
        'amount',
        detail.malformed('amount', 'a signed decimal such as -12.50', quoted(amount)),
        context,
      );
    }
    if (amount?.startsWith('-') && context.fault('enrich-negative-amount-refused'))
      refuse('amount', 'amount must be a positive decimal', context);
    // A service that misreads "both are needed" as "give both or neither".
    if ((amount === null) !== (accountType === null) && context.fault('enrich-one-of-pair-refused'))
      refuse(amount === null ? 'amount' : 'accountType', 'accountType and amount go together', context);

    const merchant = findMerchant(context.world.merchants, q, country ?? '', context);
    const classification = classify(q, amount, accountType, merchant, variants);
    if (context.fault('enrich-default-not-payment') && (amount === null || accountType === null)) {
      classification.class = 'transfer';
    }
    return {
      status: 200,
      body: enrichResult(merchant, classification, selfLink(query, context), context, {
        classified: amount !== null && accountType !== null,
      }),
    };
  },
};

/**
 * Under the strictInput variant, input the spec sets no rule for is refused: a parameter given twice, a q
 * longer than 1,000 characters, or one holding control characters or U+FFFD (a percent-encoding that
 * decodes to no UTF-8 text).
 */
function refuseUnruledInput(query: URLSearchParams, context: MockContext): void {
  const names = [...query.keys()];
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) {
    const received = `${query.getAll(repeated).length} values`;
    refuse(repeated, detail.malformed(repeated, 'given once', received), context);
  }
  const q = query.get('q') ?? '';
  if (q.length > 1000)
    refuse('q', detail.malformed('q', 'at most 1,000 characters', `${q.length} characters`), context);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\ufffd]/u.test(q))
    refuse('q', detail.malformed('q', 'text without control characters', quoted(q)), context);
}

/**
 * The country the query names, as the variants read it: an assigned ISO 3166 alpha-2 code in capitals by
 * default; lower case taken as the code, or any two letters taken as a country that matches nothing.
 */
function countryOf(given: string | null, variants: EnrichVariants, context: MockContext): string | null {
  if (given === null) {
    if (context.fault('enrich-country-optional')) return null;
    refuseMissing('country', context);
  }
  // A service that takes a lower-case code for neither a country nor an invalid value.
  if (/^[a-z]{2}$/.test(given) && context.fault('enrich-lower-case-country-422'))
    throw new MockError(422, 'unprocessable-entity', 'Unprocessable', 'country is in lower case', 'country');
  const country = variants.countryCase === 'insensitive' ? given.toUpperCase() : given;
  const valid =
    /^[A-Z]{2}$/.test(country) && (countries.isValid(country) || variants.unassignedCountry === 'accepted');
  if (!valid && !context.fault('enrich-country-not-checked'))
    refuse('country', countryDetail(given, country), context);
  return country;
}

/** Why a country is refused: sent empty, not two capital letters, or a code ISO 3166 does not assign. */
function countryDetail(given: string, country: string): string {
  if (given === '') return detail.empty('country');
  if (!/^[A-Z]{2}$/.test(country))
    return detail.malformed('country', 'an ISO 3166 alpha-2 code (two capital letters)', quoted(given));
  return detail.unknown('country', quoted(given), 'ISO 3166 assigns no country this code');
}

/**
 * links.self, a "reference link to the original query": the enrich address with the query as received
 * by default; percent-encoded in reverse order, or a link to the query kept by the service, by variant.
 */
function selfLink(query: URLSearchParams, context: MockContext): string {
  const form = context.options.variants.enrich?.selfLink;
  if (form === 'stored') {
    const key = createHash('sha256').update(String(query)).digest('base64url').slice(0, 16);
    return `${context.baseUrl}/enrich/queries/${key}`;
  }
  if (form === 'reordered') {
    const pairs = [...query].reverse().map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`);
    return `${context.baseUrl}/enrich?${pairs.join('&')}`;
  }
  return `${context.baseUrl}/enrich?${query}`;
}

/** A logo's address; under the logoLinks variant its extension in capitals and a cache-busting query. */
function logoLink(file: string, context: MockContext): string {
  if (context.options.variants.enrich?.logoLinks !== 'upper-case-query')
    return `${context.baseUrl}/logos/${file}`;
  return `${context.baseUrl}/logos/${file.replace(/\.([a-z]+)$/, (extension) => extension.toUpperCase())}?v=3`;
}

/** Members the service does not know under the unknownMembers variant: null, or left out. */
function withUnknown<T extends object>(record: T, members: (keyof T)[], variants: EnrichVariants): T {
  if (!variants.unknownMembers) return record;
  const result = { ...record } as Record<string, unknown>;
  for (const member of members) {
    if (variants.unknownMembers === 'null') result[member as string] = null;
    else delete result[member as string];
  }
  return result as T;
}

function enrichResult(
  merchant: MerchantRecord | undefined,
  classification: Classification,
  self: string,
  context: MockContext,
  { classified }: { classified: boolean },
) {
  if (!merchant) {
    // One fault gives every no-match result a placeholder logo; another only a classified one's.
    const placeholder =
      context.fault('enrich-no-match-has-logo') ||
      (classified && context.fault('enrich-classified-no-match-has-logo'));
    const logo = placeholder ? `${context.baseUrl}/logos/unknown.png` : null;
    return {
      type: 'enrich',
      ...classification,
      data: { merchant: null, location: null, category: null },
      links: { self, 'logo-master': logo, 'logo-thumb': logo },
    };
  }
  const variants = context.options.variants.enrich ?? {};
  const { id, businessName, ABN, website, phoneNumber, anzsic, logo } = merchant;
  const location =
    variants.locationCountry === 'name'
      ? { ...merchant.location, country: countries.getName(merchant.location.country, 'en') }
      : merchant.location;
  const master = logo.master === null ? null : logoLink(logo.master, context);
  // When no thumbnail exists the master logo is given for both (spec: Enrich result, Links).
  let thumb = logo.thumb === null ? master : logoLink(logo.thumb, context);
  if (context.fault('enrich-thumb-null-with-master')) thumb = null;
  return {
    type: 'enrich',
    ...classification,
    data: {
      merchant: withUnknown(
        { id, businessName, ABN, website, phoneNumber },
        ['ABN', 'website', 'phoneNumber'],
        variants,
      ),
      location: withUnknown(location, ['routeNo', 'route', 'postalCode'], variants),
      category: { anzsic },
    },
    links: { self, 'logo-master': master, 'logo-thumb': thumb },
  };
}
