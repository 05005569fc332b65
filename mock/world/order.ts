import type { TransactionRecord } from './world.ts';

/** The members of a transaction the affordability order looks at (records and response objects both have them). */
export type AffordabilityOrdered = Pick<TransactionRecord, 'id' | 'account' | 'status' | 'postDate'>;

/**
 * Order of an affordability snapshot's transactions (spec: "by account, then posted date descending, pending
 * transactions first"): account id ascending; within an account pending before posted, then postDate newest
 * first; ties broken by id ascending so the order is total. Comparisons are by code unit, not locale.
 */
export function affordabilityOrder(a: AffordabilityOrdered, b: AffordabilityOrdered): number {
  if (a.account !== b.account) return a.account < b.account ? -1 : 1;
  const pendingA = a.status === 'pending' ? 0 : 1;
  const pendingB = b.status === 'pending' ? 0 : 1;
  if (pendingA !== pendingB) return pendingA - pendingB;
  if (a.postDate !== b.postDate) {
    const timeA = Date.parse(a.postDate);
    const timeB = Date.parse(b.postDate);
    if (!Number.isNaN(timeA) && !Number.isNaN(timeB) && timeA !== timeB) return timeB - timeA;
    if (Number.isNaN(timeA) !== Number.isNaN(timeB)) return Number.isNaN(timeA) ? 1 : -1;
    return a.postDate > b.postDate ? -1 : 1;
  }
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}
