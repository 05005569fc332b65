import type { Rng } from '../util/prng.ts';
import { EXPENSE_CLASSES } from './expense-classes.ts';
import { MERCHANTS } from './merchants.ts';
import type { AccountRecord, ExpenseClass, TransactionRecord } from './types.ts';

const DAY_MS = 86_400_000;

interface Draft {
  status: 'posted' | 'pending';
  description: string;
  amountCents: number;
  direction: 'debit' | 'credit';
  class: string;
  postMs: number;
  expenseClass: ExpenseClass | null;
}

const EVERYDAY_MIX: ReadonlyArray<readonly [string, number]> = [
  ['payment', 50],
  ['direct-credit', 8],
  ['bank-fee', 5],
  ['cash-withdrawal', 7],
  ['internal-transfer', 7],
  ['external-transfer', 10],
  ['refund', 4],
  ['interest', 3],
  ['loan-interest', 3],
  ['loan-repayment', 3],
];
const SAVINGS_MIX: ReadonlyArray<readonly [string, number]> = [
  ['interest', 30],
  ['internal-transfer', 40],
  ['external-transfer', 20],
  ['direct-credit', 10],
];

function weighted(rng: Rng, mix: ReadonlyArray<readonly [string, number]>): string {
  const total = mix.reduce((sum, [, w]) => sum + w, 0);
  let roll = rng.next() * total;
  for (const [name, w] of mix) {
    roll -= w;
    if (roll < 0) return name;
  }
  return mix[0]?.[0] ?? 'payment';
}

const GENERIC_PAYEES = [
  'CORNER STORE',
  'CITY PARKING',
  'NETSTREAM SUBSCR',
  'POWERGRID ENERGY',
  'METRO TRANSIT',
  'THREADS APPAREL',
  'TELCO MOBILE',
];

function draftFor(rng: Rng, className: string, postMs: number): Omit<Draft, 'status'> {
  const card = rng.token(4, '0123456789');
  const base = { class: className, postMs, expenseClass: null };
  switch (className) {
    case 'payment': {
      if (rng.chance(0.6)) {
        const m = rng.pick(MERCHANTS);
        return {
          ...base,
          description: `${m.keyword} ${m.location.suburb.toUpperCase()} CARD ${card}`,
          amountCents: -rng.int(300, 25_000),
          direction: 'debit',
          expenseClass: m.expenseClass,
        };
      }
      return {
        ...base,
        description: `${rng.pick(GENERIC_PAYEES)} CARD ${card}`,
        amountCents: -rng.int(200, 40_000),
        direction: 'debit',
        expenseClass: rng.pick(EXPENSE_CLASSES),
      };
    }
    case 'direct-credit':
      return {
        ...base,
        description: rng.pick(['SALARY ACME PTY LTD', 'DIVIDEND PAYMENT', 'GOVT BENEFIT']),
        amountCents: rng.int(20_000, 450_000),
        direction: 'credit',
      };
    case 'bank-fee':
      return {
        ...base,
        description: rng.pick(['MONTHLY ACCOUNT FEE', 'INTERNATIONAL TXN FEE', 'OVERDRAWN FEE']),
        amountCents: -rng.int(100, 1_500),
        direction: 'debit',
      };
    case 'cash-withdrawal':
      return {
        ...base,
        description: `ATM WITHDRAWAL ${card}`,
        amountCents: -rng.int(2, 40) * 1000,
        direction: 'debit',
      };
    case 'refund':
      return {
        ...base,
        description: `REFUND ${rng.pick(MERCHANTS).keyword}`,
        amountCents: rng.int(300, 9_000),
        direction: 'credit',
      };
    case 'interest':
      return { ...base, description: 'CREDIT INTEREST', amountCents: rng.int(1, 3_000), direction: 'credit' };
    case 'loan-interest':
      return {
        ...base,
        description: 'LOAN INTEREST CHARGED',
        amountCents: -rng.int(5_000, 90_000),
        direction: 'debit',
      };
    case 'loan-repayment':
      return {
        ...base,
        description: 'LOAN REPAYMENT RECEIVED',
        amountCents: rng.int(50_000, 250_000),
        direction: 'credit',
      };
    default: {
      // internal-transfer / external-transfer go either way.
      const debit = rng.chance(0.6);
      const label = className === 'internal-transfer' ? 'INTERNAL TRANSFER' : 'OSKO PAYMENT';
      return {
        ...base,
        description: `${label} ${debit ? 'TO' : 'FROM'} REF ${card}`,
        amountCents: (debit ? -1 : 1) * rng.int(1_000, 150_000),
        direction: debit ? 'debit' : 'credit',
      };
    }
  }
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Generates `count` transactions for one account and sets its balance. Pending
 * ones are stamped within the last hours, posted ones at least a day back, so
 * "pending first" and "postDate descending" never disagree.
 */
export function generateAccountTransactions(
  rng: Rng,
  account: AccountRecord,
  count: number,
  nowMs: number,
  nextId: () => string,
): TransactionRecord[] {
  const pending = Math.min(count, rng.int(0, 2));
  const mix = account.classType === 'savings' ? SAVINGS_MIX : EVERYDAY_MIX;
  const drafts: Draft[] = [];
  for (let i = 0; i < count; i += 1) {
    const isPending = i < pending;
    const postMs = isPending
      ? nowMs - rng.int(60_000, 6 * 3_600_000)
      : nowMs - DAY_MS - rng.int(0, 455) * DAY_MS - rng.int(0, DAY_MS - 1);
    drafts.push({
      ...draftFor(rng, weighted(rng, mix), Math.floor(postMs / 1000) * 1000),
      status: isPending ? 'pending' : 'posted',
    });
  }
  drafts.sort((a, b) => a.postMs - b.postMs);
  // Opening balance large enough that the running balance never goes negative.
  let balance =
    drafts.reduce((sum, d) => sum + (d.amountCents < 0 ? -d.amountCents : 0), 0) + rng.int(10_000, 500_000);
  const out: TransactionRecord[] = [];
  for (const d of drafts) {
    balance += d.amountCents;
    out.push({
      id: nextId(),
      userId: account.userId,
      accountId: account.id,
      institutionId: account.institutionId,
      status: d.status,
      description: d.description,
      amountCents: d.amountCents,
      balanceCents: balance,
      direction: d.direction,
      class: d.class,
      // Some institutions do not report a transaction date; the spec allows "".
      transactionDate: rng.chance(0.15) ? '' : isoDate(d.postMs - rng.int(0, 2) * DAY_MS),
      postDate: new Date(d.postMs).toISOString(),
      postMs: d.postMs,
      expenseClass: d.class === 'payment' ? d.expenseClass : null,
      emptySubClassAsObject: rng.chance(0.3),
    });
  }
  account.balanceCents = balance;
  // The running balance already includes pending entries, so both figures agree.
  account.availableCents = balance;
  return out;
}

/** The documented order: by account, then pending first, then postDate descending. */
export function compareForAffordability(a: TransactionRecord, b: TransactionRecord): number {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  if (a.status !== b.status) return a.status === 'pending' ? -1 : 1;
  if (a.postMs !== b.postMs) return b.postMs - a.postMs;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
