import { enc, link } from '../server/links.ts';
import { formatCents } from '../util/money.ts';
import type { AccountRecord, ConnectionRecord } from '../world/types.ts';

export function accountView(account: AccountRecord): Record<string, unknown> {
  const base = `/users/${enc(account.userId)}`;
  return {
    type: 'account',
    id: account.id,
    accountNo: account.accountNo,
    name: account.name,
    currency: account.currency,
    balance: formatCents(account.balanceCents),
    availableFunds: formatCents(account.availableCents),
    lastUpdated: account.lastUpdated,
    class: { type: account.classType, product: account.product },
    status: account.status,
    // Extra member: which connection the account came from.
    connection: account.connectionId,
    links: {
      self: link(`${base}/accounts/${enc(account.id)}`),
      transactions: link(
        `${base}/transactions?filter=${encodeURIComponent(`account.id.eq('${account.id}')`)}`,
      ),
    },
  };
}

/**
 * List form: no mfaEnabled, profile or accounts (the spec ties them to single
 * retrieval). Single form adds them. Credentials are never part of either.
 */
export function connectionView(
  connection: ConnectionRecord,
  single: boolean,
  accounts: readonly AccountRecord[],
): Record<string, unknown> {
  const base = `/users/${enc(connection.userId)}`;
  const institutionLink = link(`/institutions/${enc(connection.institutionId)}`);
  return {
    type: 'connection',
    id: connection.id,
    status: connection.status,
    createdDate: connection.createdDate,
    lastUsed: connection.lastUsed,
    ...(single ? { mfaEnabled: connection.mfaEnabled, profile: connection.profile } : {}),
    institution: { type: 'institution', id: connection.institutionId, links: { self: institutionLink } },
    ...(single ? { accounts: { type: 'list', data: accounts.map(accountView) } } : {}),
    links: {
      self: link(`${base}/connections/${enc(connection.id)}`),
      accounts: link(`${base}/accounts?filter=${encodeURIComponent(`connection.id.eq('${connection.id}')`)}`),
      transactions: link(
        `${base}/transactions?filter=${encodeURIComponent(`connection.id.eq('${connection.id}')`)}`,
      ),
      institution: institutionLink,
    },
  };
}
