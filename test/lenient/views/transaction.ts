import { enc, link } from '../server/links.ts';
import { formatCents } from '../util/money.ts';
import type { TransactionRecord } from '../world/types.ts';

/** subClass: {title, code} for payments; for the rest null or an empty object, both allowed. */
export function transactionView(t: TransactionRecord): Record<string, unknown> {
  const subClass = t.expenseClass
    ? { title: t.expenseClass.classTitle, code: t.expenseClass.classCode }
    : t.emptySubClassAsObject
      ? {}
      : null;
  return {
    type: 'transaction',
    id: t.id,
    status: t.status,
    description: t.description,
    amount: formatCents(t.amountCents),
    account: t.accountId,
    balance: formatCents(t.balanceCents),
    direction: t.direction,
    class: t.class,
    institution: t.institutionId,
    transactionDate: t.transactionDate,
    postDate: t.postDate,
    subClass,
    links: {
      account: link(`/users/${enc(t.userId)}/accounts/${enc(t.accountId)}`),
      institution: link(`/institutions/${enc(t.institutionId)}`),
    },
  };
}
