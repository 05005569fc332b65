import { createdTransactionsOf, deletedAccountIds } from '../holdings.ts';
import type { MockContext, MockRequest, MockReply, RouteHandler } from '../router.ts';
import { affordabilityOrder } from '../world/order.ts';
import type { TransactionRecord, World } from '../world/world.ts';
import { accountsOfConnection, requireAccount } from './accounts.ts';
import { affordabilityListPage } from './affordability.ts';
import { requireConnection, requireUser } from './connections.ts';

/*
 * The mock's own transaction lists (docs/mock.md#what-the-mock-adds). The spec shows no transaction list but the
 * affordability one, whose transactions "extend the transaction resource": so each list here is the
 * affordability list envelope of affordability transactions, paged as that list is.
 */

/**
 * The user's transactions. The world holds transactions only in affordability snapshots, "the full
 * snapshot of transactions", so a user's transactions are those of all the user's snapshots; one listed
 * in several snapshots is the same transaction and is listed once (by id). They are in the affordability
 * list's order (by account, then posted date descending, pending first), the one order the spec gives a
 * list of transactions. Those of a connection deleted through this mock are gone, and those of one
 * created through it come in (mock/holdings.ts).
 */
export function transactionsOfUser(userId: string, context: MockContext): readonly TransactionRecord[] {
  const { world, state } = context;
  const fromWorld = worldTransactionsOfUser(userId, world);
  if (!state.connectionsChanged) return fromWorld;
  const deleted = deletedAccountIds(context);
  const template = worldTransactionsOfUser(world.fixture.userId, world);
  const ofTemplate = (accountId: string) => template.filter((t) => t.account === accountId);
  return [
    ...fromWorld.filter((t) => !deleted.has(t.account)),
    ...createdTransactionsOf(userId, ofTemplate, context),
  ].sort(affordabilityOrder);
}

/**
 * The user's transactions in the world. The snapshots never change, so the list is made once per world
 * and user (every expense summary reads it); callers read it and never change it.
 */
function worldTransactionsOfUser(userId: string, world: World): readonly TransactionRecord[] {
  let byUser = listed.get(world);
  if (!byUser) listed.set(world, (byUser = new Map()));
  let transactions = byUser.get(userId);
  if (!transactions) {
    const byId = new Map<string, TransactionRecord>();
    for (const snapshot of world.affordability) {
      if (snapshot.userId !== userId) continue;
      for (const transaction of snapshot.transactions)
        if (!byId.has(transaction.id)) byId.set(transaction.id, transaction);
    }
    byUser.set(userId, (transactions = [...byId.values()].sort(affordabilityOrder)));
  }
  return transactions;
}

const listed = new WeakMap<World, Map<string, readonly TransactionRecord[]>>();

/** A page of the list at `path` (the list's link without its query) of these transactions of the user. */
function page(
  transactions: readonly TransactionRecord[],
  path: string,
  userId: string,
  request: MockRequest,
  context: MockContext,
): MockReply {
  return { status: 200, body: affordabilityListPage(transactions, path, userId, request.query, context) };
}

/** GET /users/{user.id}/transactions: every transaction of the user. */
export const listTransactions: RouteHandler = {
  handle(request, context) {
    const userId = requireUser(request.params.userId, context);
    const path = `${context.baseUrl}/users/${userId}/transactions`;
    return page(transactionsOfUser(userId, context), path, userId, request, context);
  },
};

/** GET /users/{user.id}/accounts/{account.id}/transactions: where an account's links.transactions points. */
export const listAccountTransactions: RouteHandler = {
  handle(request, context) {
    const { account, connection } = requireAccount(request, context);
    const { userId } = connection;
    const transactions = transactionsOfUser(userId, context).filter((t) => t.account === account.id);
    const path = `${context.baseUrl}/users/${userId}/accounts/${account.id}/transactions`;
    return page(transactions, path, userId, request, context);
  },
};

/**
 * GET /users/{user.id}/connections/{connection.id}/transactions: where a connection's links.transactions
 * and its job's retrieve-transactions result point; the transactions of the connection's accounts.
 */
export const listConnectionTransactions: RouteHandler = {
  handle(request, context) {
    const connection = requireConnection(request, context);
    const { userId } = connection;
    const accounts = new Set(accountsOfConnection(connection, context).map((a) => a.id));
    const transactions = transactionsOfUser(userId, context).filter((t) => accounts.has(t.account));
    const path = `${context.baseUrl}/users/${userId}/connections/${connection.id}/transactions`;
    return page(transactions, path, userId, request, context);
  },
};
