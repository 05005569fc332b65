import { formatCents } from '../util/money.ts';
import { monthIndex } from '../util/months.ts';
import type { TransactionRecord } from '../world/types.ts';

/** Per-month sums, newest month first; months without activity are left out. */
function history(transactions: readonly TransactionRecord[]): Array<{ date: string; amount: string }> {
  const byMonth = new Map<string, number>();
  for (const t of transactions) {
    const month = t.postDate.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + t.amountCents);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([date, cents]) => ({ date, amount: formatCents(cents) }));
}

function sum(transactions: readonly TransactionRecord[]): number {
  return transactions.reduce((s, t) => s + t.amountCents, 0);
}

/**
 * Amounts keep the sign of the underlying transactions (spending is
 * negative); averages divide by every month of the range, active or not.
 */
export function summarise(
  transactions: readonly TransactionRecord[],
  fromMonth: string,
  toMonth: string,
): Record<string, unknown> {
  const months = Math.max(0, monthIndex(toMonth) - monthIndex(fromMonth) + 1);
  const avg = (cents: number): string => formatCents(months === 0 ? 0 : cents / months);
  const block = (className: string, direction: 'debit' | 'credit'): Record<string, unknown> => {
    const picked = transactions.filter((t) => t.class === className && t.direction === direction);
    return { avgMonthly: avg(sum(picked)), summary: 'monthly', changeHistory: history(picked) };
  };

  const payments = transactions.filter((t) => t.class === 'payment' && t.expenseClass !== null);
  const paymentTotal = Math.abs(sum(payments));
  const divisions = new Map<string, TransactionRecord[]>();
  for (const t of payments) {
    const key = t.expenseClass?.divisionTitle ?? '';
    divisions.set(key, [...(divisions.get(key) ?? []), t]);
  }
  const paymentEntries = [...divisions.entries()].map(([division, items]) => {
    const classes = new Map<string, TransactionRecord[]>();
    for (const t of items)
      classes.set(t.expenseClass?.classCode ?? '', [
        ...(classes.get(t.expenseClass?.classCode ?? '') ?? []),
        t,
      ]);
    const divisionCents = sum(items);
    return {
      division,
      avgMonthly: avg(divisionCents),
      percentageTotal:
        paymentTotal === 0 ? 0 : Math.round((Math.abs(divisionCents) / paymentTotal) * 10_000) / 100,
      subCategory: [...classes.values()].map((classItems) => {
        const cls = classItems[0]?.expenseClass;
        return {
          summary: 'monthly',
          category: {
            expenseClass: {
              classCode: cls?.classCode ?? '',
              classTitle: cls?.classTitle ?? '',
              divisionCode: cls?.divisionCode ?? '',
              divisionTitle: cls?.divisionTitle ?? '',
            },
          },
          changeHistory: history(classItems),
        };
      }),
    };
  });

  return {
    payments: paymentEntries,
    cashWithdrawals: block('cash-withdrawal', 'debit'),
    bankFees: block('bank-fee', 'debit'),
    externalTransfers: block('external-transfer', 'debit'),
    loanInterests: block('loan-interest', 'debit'),
    loanRepayments: block('loan-repayment', 'credit'),
  };
}

export function inRange(t: TransactionRecord, fromMonth: string, toMonth: string): boolean {
  const month = monthIndex(t.postDate.slice(0, 7));
  return month >= monthIndex(fromMonth) && month <= monthIndex(toMonth);
}
