import countries from 'i18n-iso-countries';
import { parameterNotValid } from '../errors.ts';
import type { MockContext, Route } from '../router.ts';
import type { MerchantRecord } from '../world/world.ts';

const accountTypes = new Set(['transaction', 'credit-card', 'savings', 'mortgage', 'loan', 'foreign']);
const signedDecimal = /^[-+]?[0-9]+(\.[0-9]+)?$/;
const mcc = /^[0-9]{4}$/;

/** Invalid enrich parameters are 400 parameter-not-valid naming the parameter (spec: Errors, Enrich). */
function refuse(parameter: string, detail: string, context: MockContext): never {
  if (context.fault('enrich-error-without-parameter')) throw parameterNotValid('', detail);
  throw parameterNotValid(parameter, detail);
}

interface Classification {
  direction: 'debit' | 'credit';
  class: string;
}

/**
 * Direction and class follow amount and accountType; without both the query is treated as a payment
 * (spec: GET /enrich). The description's words refine the class the way a bank's categoriser would.
 */
function classify(
  description: string,
  amount: string | null,
  accountType: string | null,
  merchant: unknown,
): Classification {
  if (amount === null || accountType === null) return { direction: 'debit', class: 'payment' };
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
): MerchantRecord | undefined {
  const words = new Set(description.toLowerCase().split(/[^a-z0-9-]+/));
  return merchants.find((m) => m.country === country && m.keywords.some((k) => words.has(k)));
}

/** GET /enrich (spec: Endpoints > GET {base_url}/enrich, Enrich result). */
export const enrich: Route = {
  method: 'GET',
  path: '/enrich',
  auth: 'bearer',
  handle(request, context) {
    const { query } = request;
    const q = query.get('q');
    const minLength = context.fault('enrich-short-q-accepted')
      ? 1
      : context.fault('enrich-three-char-q-refused')
        ? 4
        : 3;
    if (q === null || q.length < minLength) refuse('q', 'q must be at least 3 characters', context);
    if (context.fault('enrich-non-ascii-q-refused') && /[^\x20-\x7e]/.test(q))
      refuse('q', 'q must hold printable ASCII characters only', context);
    const institution = query.get('institution');
    const recognised = institution !== null && context.world.institutions.some((i) => i.id === institution);
    if (!recognised && !(institution !== null && context.fault('enrich-institution-not-checked'))) {
      refuse('institution', 'institution must be a recognised institution identifier', context);
    }
    const country = query.get('country');
    const countryValid = country !== null && /^[A-Z]{2}$/.test(country) && countries.isValid(country);
    const countryOptional = country === null && context.fault('enrich-country-optional');
    if (!countryValid && !countryOptional && !context.fault('enrich-country-not-checked')) {
      refuse('country', 'country must be an ISO 3166 alpha-2 code', context);
    }
    if (context.fault('enrich-other-country-refused')) {
      const home = context.world.institutions.find((i) => i.id === institution)?.country;
      if (home !== undefined && country !== home)
        refuse('country', `country must be the institution's country, ${home}`, context);
    }
    const code = query.get('mcc');
    if (code !== null && !mcc.test(code))
      refuse('mcc', 'mcc must be a four-digit merchant category code', context);
    if (code !== null && context.fault('enrich-mcc-refused')) refuse('mcc', 'mcc is not supported', context);
    const accountType = query.get('accountType');
    if (
      accountType !== null &&
      !accountTypes.has(accountType) &&
      !context.fault('enrich-account-type-not-checked')
    ) {
      refuse('accountType', `accountType must be one of ${[...accountTypes].join(', ')}`, context);
    }
    if (accountType === 'foreign' && context.fault('enrich-foreign-account-type-refused'))
      refuse(
        'accountType',
        'accountType must be one of transaction, credit-card, savings, mortgage, loan',
        context,
      );
    const amount = query.get('amount');
    if (amount !== null && !signedDecimal.test(amount) && !context.fault('enrich-amount-not-checked')) {
      refuse('amount', 'amount must be a signed decimal', context);
    }
    if (amount?.startsWith('-') && context.fault('enrich-negative-amount-refused'))
      refuse('amount', 'amount must be a positive decimal', context);

    const merchant = findMerchant(context.world.merchants, q, country ?? '');
    const classification = classify(q, amount, accountType, merchant);
    if (context.fault('enrich-default-not-payment') && (amount === null || accountType === null)) {
      classification.class = 'transfer';
    }
    return {
      status: 200,
      body: enrichResult(merchant, classification, `${context.baseUrl}/enrich?${query}`, context),
    };
  },
};

function enrichResult(
  merchant: MerchantRecord | undefined,
  classification: Classification,
  self: string,
  context: MockContext,
) {
  if (!merchant) {
    const logo = context.fault('enrich-no-match-has-logo') ? `${context.baseUrl}/logos/unknown.png` : null;
    return {
      type: 'enrich',
      ...classification,
      data: { merchant: null, location: null, category: null },
      links: { self, 'logo-master': logo, 'logo-thumb': logo },
    };
  }
  const { id, businessName, ABN, website, phoneNumber, location, anzsic, logo } = merchant;
  const master = logo.master === null ? null : `${context.baseUrl}/logos/${logo.master}`;
  // When no thumbnail exists the master logo is given for both (spec: Enrich result, Links).
  let thumb = logo.thumb === null ? master : `${context.baseUrl}/logos/${logo.thumb}`;
  if (context.fault('enrich-thumb-null-with-master')) thumb = null;
  return {
    type: 'enrich',
    ...classification,
    data: { merchant: { id, businessName, ABN, website, phoneNumber }, location, category: { anzsic } },
    links: { self, 'logo-master': master, 'logo-thumb': thumb },
  };
}
