import { createHash } from 'node:crypto';
import { countries } from '../../src/types/countries.ts';
import { detail, MockError, parameterNotValid, quoted } from '../errors.ts';
import { credential } from '../auth.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import type { EnrichPolicy } from '../policy/enrich.ts';
import type { MerchantRecord } from '../world/world.ts';

/** Invalid enrich parameters are 400 parameter-not-valid naming the parameter (spec: Errors, Enrich). */
function refuse(parameter: string, detail: string, policy: EnrichPolicy): never {
  throw parameterNotValid(policy.refusalNamesParameter ? parameter : '', detail);
}

/**
 * A required parameter left out: refused like an invalid value, or with its own code (the spec fixes the
 * code of invalid values only).
 */
function refuseMissing(parameter: string, policy: EnrichPolicy): never {
  if (policy.missingParameterCode === 'parameter-required')
    throw new MockError(
      400,
      'parameter-required',
      'Parameter required',
      detail.missing(parameter),
      parameter,
    );
  refuse(parameter, detail.missing(parameter), policy);
}

/** Length of q as the policy counts it: characters or UTF-8 bytes, blanks around it trimmed or not. */
function lengthOfQ(q: string, { length, trimmed }: EnrichPolicy['q']): number {
  const text = trimmed ? q.trim() : q;
  return length === 'bytes' ? Buffer.byteLength(text) : [...text].length;
}

interface Classification {
  direction: 'debit' | 'credit';
  class: string;
}

/**
 * Direction and class follow amount and accountType; without both the query is treated as a payment
 * (spec: GET /enrich). The description's words refine the class the way a bank's categoriser would. Where
 * one of the two classifies alone, an amount classifies as if on a transaction account, an account type
 * as if for a debit.
 */
function classify(
  description: string,
  amount: string | null,
  accountType: string | null,
  merchant: unknown,
  policy: EnrichPolicy,
): Classification {
  if (amount === null && accountType === null) return { direction: 'debit', class: policy.defaultClass };
  if (amount === null || accountType === null) {
    if (!policy.halfPairClassifies) return { direction: 'debit', class: policy.defaultClass };
    return classify(description, amount ?? '-1.00', accountType ?? 'transaction', merchant, policy);
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

/** The merchant the description names in the country asked for, or in any under the country fallback. */
function findMerchant(
  merchants: MerchantRecord[],
  description: string,
  country: string,
  policy: EnrichPolicy,
): MerchantRecord | undefined {
  const words = new Set(description.toLowerCase().split(/[^a-z0-9-]+/));
  const named = (m: MerchantRecord) => m.keywords.some((k) => words.has(k));
  const found = merchants.find((m) => m.country === country && named(m));
  return found ?? (policy.country.fallback ? merchants.find(named) : undefined);
}

/** GET /enrich (spec: Endpoints > GET {base_url}/enrich, Enrich result). */
export const enrich: RouteHandler = {
  handle(request, context) {
    const { query } = request;
    const policy = context.policy.enrich;
    // The partner is judged before its input: a partner without the service gets nothing of it.
    const token = context.state.tokens.get(credential(request.headers, 'bearer') ?? '');
    if (token?.enrichDenied && policy.partnerChecked)
      throw new MockError(
        403,
        'access-denied',
        'Access denied',
        'the partner account is not enabled for the enrich service',
      );
    if (policy.unruledInputRefused) refuseUnruledInput(query, policy);
    const q = query.get('q');
    if (q === null) refuseMissing('q', policy);
    if (q.length > policy.q.longestServed)
      throw new MockError(500, 'internal-server-error', 'Internal server error', 'description too long');
    if (lengthOfQ(q, policy.q) < policy.q.minLength)
      refuse(
        'q',
        q === '' ? detail.empty('q') : detail.malformed('q', 'at least 3 characters', quoted(q)),
        policy,
      );
    if (policy.q.asciiOnly && /[^\x20-\x7e]/.test(q))
      refuse('q', 'q must hold printable ASCII characters only', policy);
    const institution = query.get('institution');
    if (institution === null) refuseMissing('institution', policy);
    const recognised = context.world.institutions.some((i) => i.id === institution);
    if (!recognised && policy.institutionChecked) {
      const said =
        institution === ''
          ? detail.empty('institution')
          : detail.unknown('institution', quoted(institution), 'no institution has this id');
      refuse('institution', said, policy);
    }
    const country = countryOf(query.get('country'), policy);
    if (policy.country.institutionsOnly) {
      const home = context.world.institutions.find((i) => i.id === institution)?.country;
      if (home !== undefined && country !== home)
        refuse('country', `country must be the institution's country, ${home}`, policy);
    }
    const optional = (name: string): string | null => {
      const value = query.get(name);
      return value === '' && policy.emptyOptional === 'absent' ? null : value;
    };
    const code = optional('mcc');
    if (code !== null && policy.mcc.format !== undefined && !policy.mcc.format.test(code))
      refuse('mcc', detail.malformed('mcc', 'a four-digit merchant category code', quoted(code)), policy);
    if (code !== null && !policy.mcc.accepted) refuse('mcc', 'mcc is not supported', policy);
    const givenType = optional('accountType');
    const accountType =
      givenType !== null && policy.accountType.caseInsensitive ? givenType.toLowerCase() : givenType;
    if (
      accountType !== null &&
      !policy.accountType.known.includes(accountType) &&
      policy.accountType.checked
    ) {
      const known = `the account types are ${policy.accountType.known.join(', ')}`;
      refuse('accountType', detail.unknown('accountType', quoted(givenType), known), policy);
    }
    const amount = optional('amount');
    const amountChecked =
      policy.amount.checked === 'always' ||
      (policy.amount.checked === 'beside-account-type' && accountType !== null);
    if (amount !== null && !policy.amount.format.test(amount) && amountChecked)
      refuse('amount', detail.malformed('amount', 'a signed decimal such as -12.50', quoted(amount)), policy);
    if (amount?.startsWith('-') && !policy.amount.negativeAccepted)
      refuse('amount', 'amount must be a positive decimal', policy);
    if ((amount === null) !== (accountType === null) && policy.halfPairRefused)
      refuse(amount === null ? 'amount' : 'accountType', 'accountType and amount go together', policy);

    const merchant = findMerchant(context.world.merchants, q, country ?? '', policy);
    const classification = classify(q, amount, accountType, merchant, policy);
    return {
      status: 200,
      body: enrichResult(merchant, classification, selfLink(query, context), context, {
        classified: amount !== null && accountType !== null,
      }),
    };
  },
};

/**
 * Where input the spec sets no rule for is refused: a parameter given twice, a q longer than 1,000
 * characters, or one holding control characters or U+FFFD (a percent-encoding that decodes to no UTF-8
 * text).
 */
function refuseUnruledInput(query: URLSearchParams, policy: EnrichPolicy): void {
  const names = [...query.keys()];
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) {
    const received = `${query.getAll(repeated).length} values`;
    refuse(repeated, detail.malformed(repeated, 'given once', received), policy);
  }
  const q = query.get('q') ?? '';
  if (q.length > 1000)
    refuse('q', detail.malformed('q', 'at most 1,000 characters', `${q.length} characters`), policy);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\ufffd]/u.test(q))
    refuse('q', detail.malformed('q', 'text without control characters', quoted(q)), policy);
}

/**
 * The country the query names, as the policy reads it: an assigned ISO 3166 alpha-2 code in capitals;
 * under the readings lower case taken as the code, or any two letters taken as a country that matches
 * nothing.
 */
function countryOf(given: string | null, policy: EnrichPolicy): string | null {
  const { required, lowerCase, unassigned, checked } = policy.country;
  if (given === null) {
    if (!required) return null;
    refuseMissing('country', policy);
  }
  if (/^[a-z]{2}$/.test(given) && lowerCase === 'unprocessable')
    throw new MockError(422, 'unprocessable-entity', 'Unprocessable', 'country is in lower case', 'country');
  const country = lowerCase === 'code' ? given.toUpperCase() : given;
  const valid = /^[A-Z]{2}$/.test(country) && (countries.isValid(country) || unassigned === 'accepted');
  if (!valid && checked) refuse('country', countryDetail(given, country), policy);
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
 * links.self, a "reference link to the original query": the enrich address with the query as received;
 * percent-encoded in reverse order, or a link to the query kept by the service, as the policy reads it.
 */
function selfLink(query: URLSearchParams, context: MockContext): string {
  const form = context.policy.enrich.selfLink;
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

/** A logo's address: the file's, or with its extension in capitals and a cache-busting query. */
function logoLink(file: string, context: MockContext): string {
  if (context.policy.enrich.logoLinks === 'plain') return `${context.baseUrl}/logos/${file}`;
  return `${context.baseUrl}/logos/${file.replace(/\.([a-z]+)$/, (extension) => extension.toUpperCase())}?v=3`;
}

/** Members the service does not know: given, null, or left out. */
function withUnknown<T extends object>(record: T, members: (keyof T)[], policy: EnrichPolicy): T {
  if (policy.unknownMembers === 'given') return record;
  const result = { ...record } as Record<string, unknown>;
  for (const member of members) {
    if (policy.unknownMembers === 'null') result[member as string] = null;
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
  const policy = context.policy.enrich;
  if (!merchant) {
    const placeholder = policy.noMatchLogo === 'every' || (classified && policy.noMatchLogo === 'classified');
    const logo = placeholder ? `${context.baseUrl}/logos/unknown.png` : null;
    return {
      type: 'enrich',
      ...classification,
      data: { merchant: null, location: null, category: null },
      links: { self, 'logo-master': logo, 'logo-thumb': logo },
    };
  }
  const { id, businessName, ABN, website, phoneNumber, anzsic, logo } = merchant;
  const location =
    policy.locationCountry === 'name'
      ? { ...merchant.location, country: countries.getName(merchant.location.country, 'en') }
      : merchant.location;
  const master = logo.master === null ? null : logoLink(logo.master, context);
  // When no thumbnail exists the master logo is given for both (spec: Enrich result, Links).
  const thumb = policy.thumb === 'null' ? null : logo.thumb === null ? master : logoLink(logo.thumb, context);
  return {
    type: 'enrich',
    ...classification,
    data: {
      merchant: withUnknown(
        { id, businessName, ABN, website, phoneNumber },
        ['ABN', 'website', 'phoneNumber'],
        policy,
      ),
      location: withUnknown(location, ['routeNo', 'route', 'postalCode'], policy),
      category: { anzsic },
    },
    links: { self, 'logo-master': master, 'logo-thumb': thumb },
  };
}
