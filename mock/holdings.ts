import { createHash } from 'node:crypto';
import { stepStatuses } from './representations.ts';
import type { MockContext } from './router.ts';
import type { CreatedConnection } from './state.ts';
import type { AccountRecord, ConnectionRecord, TransactionRecord } from './world/world.ts';

/*
 * The connections, accounts and transactions one mock holds: the world's, less the connections deleted
 * through it, and those created through it (extensions of the mock, docs/mock.md#what-the-mock-adds), each
 * part once the step of its job that retrieves it has succeeded: the connection with verify-credentials,
 * its accounts with retrieve-accounts, its transactions with retrieve-transactions. The world never
 * changes: every mock of a seed shares it.
 */

/** The steps of a created connection's job that have succeeded at `now`. */
function succeeded(created: CreatedConnection, context: MockContext, now: number): number {
  return stepStatuses(created.job, context, now).filter((status) => status === 'success').length;
}

/** The created connections whose job has retrieved at least `steps` of them at `now`. */
function createdThrough(steps: number, context: MockContext, now: number): CreatedConnection[] {
  return [...context.state.createdConnections.values()].filter(
    (created) => succeeded(created, context, now) >= steps,
  );
}

/** Every connection the mock holds: the world's not deleted, then those created, in the order made. */
export function heldConnections(context: MockContext, now = Date.now()): ConnectionRecord[] {
  const { world, state } = context;
  if (!state.connectionsChanged) return world.connections;
  return [
    ...world.connections.filter((c) => !state.deletedConnections.has(c.id)),
    ...createdThrough(1, context, now).map((created) => created.connection),
  ];
}

/** Every account the mock holds: those of the world's connections not deleted, then those retrieved. */
export function heldAccounts(context: MockContext, now = Date.now()): AccountRecord[] {
  const { world, state } = context;
  if (!state.connectionsChanged) return world.accounts;
  return [
    ...world.accounts.filter((a) => !state.deletedConnections.has(a.connectionId)),
    ...createdThrough(2, context, now).flatMap((created) => created.accounts),
  ];
}

/** The ids of the accounts of the world's connections deleted through this mock. */
export function deletedAccountIds(context: MockContext): Set<string> {
  const { deletedConnections } = context.state;
  return new Set(
    context.world.accounts.filter((a) => deletedConnections.has(a.connectionId)).map((a) => a.id),
  );
}

/**
 * The transactions retrieved for the user's created connections: those of the world accounts each account
 * copies, under the copy's id and the connection's institution, each with an id of its own derived from
 * the connection's and the original's, so it is the same on every read.
 */
export function createdTransactionsOf(
  userId: string,
  worldTransactions: (templateAccountId: string) => readonly TransactionRecord[],
  context: MockContext,
  now = Date.now(),
): TransactionRecord[] {
  return createdThrough(3, context, now)
    .filter((created) => created.connection.userId === userId)
    .flatMap(({ connection, accounts, templateOf }) =>
      accounts.flatMap((account) =>
        worldTransactions(templateOf.get(account.id) ?? '').map((transaction) => ({
          ...transaction,
          id: derivedId(connection.id, transaction.id),
          account: account.id,
          institution: connection.institutionId,
        })),
      ),
    );
}

/** A UUID-shaped id that is a function of its parts (the version nibble says name-based, 8). */
function derivedId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\n')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
