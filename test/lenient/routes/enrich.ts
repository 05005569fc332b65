import type { Context, Reply } from '../server/context.ts';
import { invalid } from '../server/errors.ts';
import { link } from '../server/links.ts';
import type { Route } from '../server/router.ts';
import { MERCHANTS } from '../world/merchants.ts';
import type { Merchant } from '../world/merchants.ts';

const ACCOUNT_TYPES = ['transaction', 'credit-card', 'savings', 'mortgage', 'loan', 'foreign'];

function required(ctx: Context, name: string): string {
  const value = ctx.query.get(name);
  if (value === null || value.trim() === '') throw invalid(name, `Query parameter ${name} is required.`);
  return value;
}

/** Whole-word containment on an upper-cased, punctuation-free description. */
function findMerchant(q: string, country: string): Merchant | null {
  const normal = ` ${q
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()} `;
  return MERCHANTS.find((m) => m.country === country && normal.includes(` ${m.keyword} `)) ?? null;
}

/** Class from the description and amount sign; only used when both accountType and amount are given. */
function classify(
  q: string,
  amount: number,
  accountType: string,
): { direction: 'debit' | 'credit'; class: string } {
  const text = q.toUpperCase();
  const direction = amount < 0 ? 'debit' : 'credit';
  if (direction === 'debit') {
    if (/\bATM\b|\bCASH\b/.test(text)) return { direction, class: 'cash-withdrawal' };
    if (/\bFEE\b/.test(text)) return { direction, class: 'bank-fee' };
    if (/\bINTEREST\b/.test(text)) return { direction, class: 'loan-interest' };
    if (/\bTRANSFER\b|\bOSKO\b/.test(text)) return { direction, class: 'transfer' };
    return { direction, class: 'payment' };
  }
  if (/\bREFUND\b/.test(text)) return { direction, class: 'refund' };
  if (/\bINTEREST\b/.test(text)) return { direction, class: 'interest' };
  if (/\bTRANSFER\b|\bOSKO\b/.test(text)) return { direction, class: 'transfer' };
  if (accountType === 'loan' || accountType === 'mortgage') return { direction, class: 'loan-repayment' };
  return { direction, class: 'direct-credit' };
}

function enrich(ctx: Context): Reply {
  const q = required(ctx, 'q');
  if ([...q].length < 3) throw invalid('q', 'q must be at least 3 characters long.');
  const institution = required(ctx, 'institution').trim();
  if (!ctx.world.institutionById.has(institution.toLowerCase()))
    throw invalid('institution', `Institution "${institution}" is not recognised.`);
  const countryRaw = required(ctx, 'country').trim();
  // Two letters in either case; an unassigned code simply finds nothing.
  if (!/^[A-Za-z]{2}$/.test(countryRaw))
    throw invalid('country', 'country must be an ISO 3166 alpha-2 code.');
  const country = countryRaw.toUpperCase();
  const accountTypeRaw = ctx.query.get('accountType');
  const accountType =
    accountTypeRaw === null || accountTypeRaw.trim() === '' ? null : accountTypeRaw.trim().toLowerCase();
  if (accountType !== null && !ACCOUNT_TYPES.includes(accountType))
    throw invalid('accountType', `accountType must be one of ${ACCOUNT_TYPES.join(', ')}.`);
  const amountRaw = ctx.query.get('amount');
  const amountText = amountRaw === null || amountRaw.trim() === '' ? null : amountRaw.trim();
  if (amountText !== null && !/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(amountText))
    throw invalid('amount', 'amount must be a signed decimal.');
  // mcc is accepted as any string and not used for matching.

  const kind =
    accountType !== null && amountText !== null
      ? classify(q, Number(amountText), accountType)
      : { direction: 'debit' as const, class: 'payment' };
  const merchant = findMerchant(q, country);
  const queryAt = ctx.target.indexOf('?');
  return {
    status: 200,
    body: {
      type: 'enrich',
      direction: kind.direction,
      class: kind.class,
      data: {
        merchant: merchant && {
          id: merchant.id,
          businessName: merchant.businessName,
          ABN: merchant.ABN,
          website: merchant.website,
          phoneNumber: merchant.phoneNumber,
        },
        location: merchant && merchant.location,
        category: merchant && { anzsic: merchant.anzsic },
      },
      links: {
        self: link(`/enrich${queryAt === -1 ? '' : ctx.target.slice(queryAt)}`),
        'logo-master': merchant?.logoMaster ?? null,
        'logo-thumb': merchant?.logoThumb ?? null,
      },
    },
  };
}

export const enrichRoutes: Route[] = [
  { method: 'GET', pattern: '/enrich', auth: true, clientAccess: true, handle: enrich },
];
