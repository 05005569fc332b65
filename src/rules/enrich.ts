import { preview } from '../validation/validator.ts';
import { decide, type Verdict } from './verdict.ts';

// Spec: Endpoints > GET {base_url}/enrich — "when they are not provided the query is treated as a payment
// transaction and categorised accordingly."

/**
 * ENRICH-15: asked without accountType and amount, the result's class is "payment"; asked with either, the
 * rule says nothing (AMB-ENRICH-10), nor of a class that is no string (ENRICH-03's).
 */
export function paymentWithoutAccountTypeAndAmount(
  body: unknown,
  asked: { accountType: boolean; amount: boolean },
): Verdict {
  const type = (body as { class?: unknown } | null | undefined)?.class;
  if (asked.accountType || asked.amount || typeof type !== 'string') return undefined;
  return decide(
    type === 'payment',
    () => `neither accountType nor amount was given, so class must be "payment"; got ${preview(type)}`,
  );
}
