import { preview } from '../validation/validator.ts';
import { decide, type Verdict } from './verdict.ts';
import { asRecord } from './values.ts';

// Spec: Endpoints > GET {base_url}/users/{user.id}/affordability/transactions, and Resources and their
// fields > Affordability transaction.

/**
 * AFFORD-06, AFFORD-07, AFFORD-09: a page holds at most `maximum` transactions, the most what was asked
 * allows (500 without limit or above it, N for limit=N); which pages a maximum binds is the caller's.
 */
export function pageWithin(size: number, maximum: number): Verdict {
  return decide(size <= maximum, () => `a page of ${size} transactions, more than ${maximum}`);
}

/**
 * AFFORD-11: a walk visits each transaction once: a page repeats no id of its own nor of the walk's earlier
 * pages (`seen`).
 */
export function repeatsNoTransaction(ids: readonly string[], seen: (id: string) => boolean): Verdict {
  const own = new Set<string>();
  let repeated: string | undefined;
  for (const id of ids) {
    if (own.has(id) || seen(id)) repeated ??= id;
    own.add(id);
  }
  return decide(repeated === undefined, () => `transaction ${repeated ?? ''} is visited again`);
}

/**
 * AFFORD-12: ordered "by account", one account's transactions are contiguous: `account`, following a
 * transaction of `previous`, is not one whose run has `ended`.
 */
export function accountRunContiguous(
  ended: ReadonlySet<string>,
  previous: string | undefined,
  account: string,
): Verdict {
  return decide(
    account === previous || !ended.has(account),
    () =>
      `account ${account} appears again after the run of account ${previous ?? '?'}; its own run had ended earlier`,
  );
}

/** A subClass that is null, absent or empty (spec: "populated only for payment transactions, otherwise null or empty"). */
export function emptySubClass(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (asRecord(value) !== undefined && Object.keys(value as object).length === 0)
  );
}

/**
 * AFFORD-29: a transaction of a class other than payment has an empty subClass (a class that is no string is
 * the class rules').
 */
export function subClassOnlyOnPayment(transaction: unknown): Verdict {
  const t = asRecord(transaction);
  if (typeof t?.class !== 'string' || t.class === 'payment') return undefined;
  return decide(
    emptySubClass(t.subClass),
    () => `class ${preview(t.class)} with subClass ${preview(t.subClass)}`,
  );
}
