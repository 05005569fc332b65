/** GET /enrich: description to merchant, location and category. */
import { ApiError, invalidParameter, missingParameter } from '../errors.ts';
import { queryParam, sendJson } from '../http.ts';
import type { Context } from '../http.ts';
import { links } from '../links.ts';
import type { Direction, Merchant } from '../model.ts';

const ACCOUNT_TYPES = ['transaction', 'credit-card', 'savings', 'mortgage', 'loan', 'foreign'];
const MIN_QUERY_LENGTH = 3;
/** Bank descriptions are short; a cap keeps matching cheap. */
const MAX_QUERY_LENGTH = 200;

function required(url: URL, name: string): string {
  const value = queryParam(url, name);
  if (value === undefined || value === '') throw missingParameter(name);
  return value;
}

function words(text: string): string[] {
  return text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w !== '');
}

/** Keyword classification; only used when both accountType and amount are known. */
function classify(
  description: string[],
  accountType: string,
  amount: string,
): { direction: Direction; cls: string } {
  const has = (...keys: string[]) => keys.some((k) => description.includes(k));
  const direction: Direction = Number(amount) > 0 ? 'credit' : 'debit';
  const lending = accountType === 'loan' || accountType === 'mortgage';
  if (direction === 'debit') {
    if (has('ATM', 'CASH', 'WITHDRAWAL')) return { direction, cls: 'cash-withdrawal' };
    if (has('FEE', 'FEES')) return { direction, cls: 'bank-fee' };
    if (has('INTEREST')) return { direction, cls: lending ? 'loan-interest' : 'bank-fee' };
    if (has('TRANSFER', 'TFR')) return { direction, cls: 'transfer' };
    return { direction, cls: 'payment' };
  }
  if (has('REFUND')) return { direction, cls: 'refund' };
  if (has('INTEREST')) return { direction, cls: 'interest' };
  if (has('TRANSFER', 'TFR')) return { direction, cls: 'transfer' };
  if (lending) return { direction, cls: 'loan-repayment' };
  return { direction, cls: 'direct-credit' };
}

/** Whole-word match on the merchant's distinctive name; ties prefer the given MCC, then the longer name. */
function findMerchant(
  merchants: readonly Merchant[],
  description: string[],
  country: string,
  mcc: string | undefined,
): Merchant | null {
  const candidates = merchants.filter((m) => m.country === country && description.includes(m.key));
  candidates.sort((a, b) => {
    const mccA = a.category.mcc === mcc ? 0 : 1;
    const mccB = b.category.mcc === mcc ? 0 : 1;
    return mccA - mccB || b.key.length - a.key.length;
  });
  return candidates[0] ?? null;
}

export function getEnrich(ctx: Context): void {
  const { url, world, grant } = ctx;
  if (grant && !grant.partner.enrichEnabled) {
    throw new ApiError(
      403,
      'access-denied',
      'Access denied',
      'This partner is not enabled for the enrich service.',
    );
  }
  const q = required(url, 'q');
  if (q.trim().length < MIN_QUERY_LENGTH) {
    throw invalidParameter('q', `q must hold at least ${MIN_QUERY_LENGTH} characters.`);
  }
  if (q.length > MAX_QUERY_LENGTH)
    throw invalidParameter('q', `q must hold at most ${MAX_QUERY_LENGTH} characters.`);
  const institution = required(url, 'institution');
  if (!world.institutions.has(institution)) {
    throw invalidParameter('institution', 'institution is not a recognised institution identifier.');
  }
  const country = required(url, 'country');
  if (!/^[A-Z]{2}$/.test(country)) {
    throw invalidParameter('country', 'country must be an ISO 3166 alpha-2 code such as AU.');
  }
  const mcc = queryParam(url, 'mcc');
  if (mcc !== undefined && !/^\d{4}$/.test(mcc)) throw invalidParameter('mcc', 'mcc must be four digits.');
  const accountType = queryParam(url, 'accountType');
  if (accountType !== undefined && !ACCOUNT_TYPES.includes(accountType)) {
    throw invalidParameter('accountType', `accountType must be one of ${ACCOUNT_TYPES.join(', ')}.`);
  }
  const amount = queryParam(url, 'amount');
  if (amount !== undefined && !/^[+-]?\d+(\.\d+)?$/.test(amount)) {
    throw invalidParameter('amount', 'amount must be a signed decimal such as -12.50.');
  }

  const description = words(q);
  const { direction, cls } =
    accountType !== undefined && amount !== undefined
      ? classify(description, accountType, amount)
      : { direction: 'debit' as const, cls: 'payment' };
  // Only purchases and their refunds involve a merchant; other classes never match one.
  const merchant =
    cls === 'payment' || cls === 'refund' ? findMerchant(world.merchants, description, country, mcc) : null;

  sendJson(ctx.res, 200, {
    type: 'enrich',
    direction,
    class: cls,
    data: {
      merchant: merchant && {
        id: merchant.id,
        businessName: merchant.businessName,
        ABN: merchant.abn,
        website: merchant.website,
        phoneNumber: { local: merchant.phoneLocal, international: merchant.phoneInternational },
      },
      location: merchant && {
        routeNo: merchant.location.routeNo,
        route: merchant.location.route,
        postalCode: merchant.location.postalCode,
        suburb: merchant.location.suburb,
        state: merchant.location.state,
        country: merchant.location.country,
        formattedAddress: merchant.location.formattedAddress,
        geometry: { lat: merchant.location.lat, lng: merchant.location.lng },
      },
      category: merchant && {
        anzsic: {
          division: { code: merchant.category.divisionCode, title: merchant.category.divisionTitle },
          subdivision: { code: merchant.category.subdivisionCode, title: merchant.category.subdivisionTitle },
          group: { code: merchant.category.groupCode, title: merchant.category.groupTitle },
          class: { code: merchant.category.classCode, title: merchant.category.classTitle },
        },
      },
    },
    links: {
      self: links.request(ctx.baseUrl, url),
      'logo-master': merchant?.logoMaster ?? null,
      'logo-thumb': merchant?.logoThumb ?? null,
    },
  });
}
