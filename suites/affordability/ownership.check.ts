// @module-tag walks

import { check, NotExercised } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { describeAnswer, expectThat, Failure } from '../../src/checks/failures.ts';
import { api, runSettings } from '../../src/checks/run-context.ts';
import { linkNames } from '../shared/links.ts';
import { otherUsers } from '../shared/other-users.ts';
import { asRecord, isClientError, transactionsPath } from './support.ts';
import { expectNoFinding } from './walk-findings.ts';
import { allWalks, snapshotWalks, walkCheckOptions } from './walks.ts';

// Object-level authorisation. The path names a user and a snapshot of that user's; another user's path
// names no snapshot of theirs.

/** The ids of a page's transactions. */
function transactionIds(body: unknown): string[] {
  const data = asRecord(body)?.data;
  return Array.isArray(data)
    ? data.map((t) => asRecord(t)?.id).filter((id): id is string => typeof id === 'string')
    : [];
}

check(
  "GET /users/{user.id}/affordability/{affordability.id}/transactions never serves a snapshot under another user's path: refused, or none of its transactions",
  ['AFFORD-37', 'ERR-11'],
  async () => {
    const first = await api().get(transactionsPath());
    const own = new Set(first.response?.status === 200 ? transactionIds(first.response.body) : []);
    if (own.size === 0)
      throw new NotExercised(
        `the fixture snapshot's first page shows no transactions to look for (${describeAnswer(first)})`,
      );
    const snapshot = encodeURIComponent(runSettings().profile.fixtures.affordabilityId ?? '');
    for (const other of await otherUsers()) {
      const exchange = await api().get(
        `/users/${encodeURIComponent(other.id)}/affordability/${snapshot}/transactions`,
      );
      if (isClientError(exchange)) {
        expectErrorList(exchange, { status: [exchange.response?.status ?? 0] });
        continue;
      }
      if (exchange.response?.status !== 200)
        throw new Failure(
          `the fixture snapshot asked for under ${other.what}'s path must be refused with a client error or list none of its transactions, got ${describeAnswer(exchange)}`,
          exchange,
          exchange.response && exchange.response.status >= 500 ? ['AFFORD-37', 'ERR-11'] : undefined,
        );
      const leaked = transactionIds(exchange.response.body).filter((id) => own.has(id));
      expectThat(
        leaked.length === 0,
        `the fixture snapshot asked for under ${other.what}'s path lists ${leaked.length} of its transactions (${leaked.slice(0, 3).join(', ')})`,
        exchange,
      );
    }
  },
  walkCheckOptions,
);

check(
  "A transaction's links.institution names no other institution of the catalogue than its own, and its links.account no other account of the snapshot, on every page of every walk",
  ['AFFORD-38'],
  async () => {
    // links.account, judged by every walk on every entry against the accounts the walk saw.
    for (const walk of await snapshotWalks(allWalks))
      expectNoFinding(
        walk,
        'AFFORD-38',
        "every transaction's links.account names no other account than its own",
      );
    const [first, catalogue] = await Promise.all([api().get(transactionsPath()), api().get('/institutions')]);
    const data = asRecord(first.response?.body)?.data;
    const institutions = asRecord(catalogue.response?.body)?.data;
    const ids = (Array.isArray(institutions) ? institutions : [])
      .map((institution) => asRecord(institution)?.id)
      .filter((id): id is string => typeof id === 'string' && id !== '');
    if (!Array.isArray(data) || data.length === 0 || ids.length === 0)
      throw new NotExercised(
        'no transactions on the first page, or no institution in the catalogue, to compare',
      );
    for (const item of data) {
      const transaction = asRecord(item);
      const link = asRecord(transaction?.links)?.institution;
      const named = ids.filter((id) => id !== transaction?.institution && linkNames(link, id));
      expectThat(
        named.length === 0,
        `transaction ${String(transaction?.id)} of institution ${String(transaction?.institution)} links to the institution ${named.join(', ')} (${String(link)})`,
        first,
      );
    }
  },
  walkCheckOptions,
);
