import type { AffordabilityClass } from './resources.generated.ts';

/**
 * The classes of the affordability class tables (spec: Debit classes, Credit classes; the `class` enum of
 * schemas/affordability-transaction.schema.json), the debit classes first, each once.
 */
export const affordabilityClasses = [
  'bank-fee',
  'payment',
  'cash-withdrawal',
  'internal-transfer',
  'external-transfer',
  'loan-interest',
  'refund',
  'direct-credit',
  'interest',
  'loan-repayment',
] as const satisfies readonly AffordabilityClass[];

/** A class of the schema missing from the list above: `never`, or the typecheck fails just below. */
type Unlisted = Exclude<AffordabilityClass, (typeof affordabilityClasses)[number]>;
export const everyClassListed: [Unlisted] extends [never] ? true : false = true;
