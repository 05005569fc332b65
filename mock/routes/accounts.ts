import { filterOf } from '../../src/operations/table.ts';
import { detail, notFound, quoted } from '../errors.ts';
import { filterTest, parseFilter } from '../filters.ts';
import { heldAccounts, heldConnections } from '../holdings.ts';
import { accountResource } from '../representations.ts';
import type { MockContext, MockRequest, RouteHandler } from '../router.ts';
import type { AccountRecord, ConnectionRecord } from '../world/world.ts';
import { requireConnection, requireUser } from './connections.ts';

/*
 * The mock's own account routes (docs/mock.md#what-the-mock-adds). The spec shows accounts only embedded in a
 * connection ("the standalone account resource: not shown"), so an account is that embedded account and a
 * list of accounts is the connection's accounts envelope (`type` `list`, `data`) with links.self.
 */

/** An account with the connection that holds it, which its links need (the user it belongs to). */
interface HeldAccount {
  account: AccountRecord;
  connection: ConnectionRecord;
}

/** The accounts of a connection the mock holds (mock/holdings.ts), in the world's order. */
export function accountsOfConnection(connection: ConnectionRecord, context: MockContext): AccountRecord[] {
  return heldAccounts(context).filter((a) => a.connectionId === connection.id);
}

/** Every account of the user: those of each of the user's held connections, connection by connection. */
export function accountsOfUser(userId: string, context: MockContext): HeldAccount[] {
  return heldConnections(context)
    .filter((c) => c.userId === userId)
    .flatMap((connection) =>
      accountsOfConnection(connection, context).map((account) => ({ account, connection })),
    );
}

/** The account the path names, among the user's; throws the 404 of the first id that names nothing. */
export function requireAccount(request: MockRequest, context: MockContext): HeldAccount {
  const userId = requireUser(request.params.userId, context);
  const found = accountsOfUser(userId, context).find(
    ({ account }) => account.id === request.params.accountId,
  );
  if (!found) {
    const known = 'the user has no account with this id';
    throw notFound('account.id', detail.unknown('account.id', quoted(request.params.accountId), known));
  }
  return found;
}

/**
 * What the accounts filter takes, after the connections filter's (`id`, `status`, `institution.id`) with the
 * connection an account belongs to beside them; an account's institution is its connection's.
 */
const filter = filterOf('listAccounts');

/** A held account's value of a filter property. */
function read({ account, connection }: HeldAccount, property: string): string | undefined {
  if (property === 'institution.id') return connection.institutionId;
  if (property === 'connection.id') return connection.id;
  if (property === 'id') return account.id;
  return property === 'status' ? account.status : undefined;
}

/**
 * The accounts the `filter` query selects, in the connections filter's grammar and its default reading
 * (`eq` alone, several expressions all applied): a malformed filter, another property or another
 * operator is refused with parameter-not-valid naming `filter`, never answered as if there were none.
 */
function filtered(accounts: HeldAccount[], request: MockRequest, context: MockContext): HeldAccount[] {
  const policy = context.policy.accounts;
  const terms = parseFilter(request.query.get('filter'), filter.properties, filter.operators, {
    nearMisses: policy.nearMisses,
  });
  return policy.filterApplied ? accounts.filter(filterTest(terms, read)) : accounts;
}

function accountList(accounts: HeldAccount[], self: string, context: MockContext) {
  return {
    type: 'list',
    data: accounts.map(({ account, connection }) => accountResource(account, connection, context)),
    links: { self },
  };
}

/** GET /users/{user.id}/accounts: the user's accounts the filter selects, empty for a user with no connection. */
export const listAccounts: RouteHandler = {
  handle(request, context) {
    const userId = requireUser(request.params.userId, context);
    const self = `${context.baseUrl}/users/${userId}/accounts`;
    const accounts = filtered(accountsOfUser(userId, context), request, context);
    return { status: 200, body: accountList(accounts, self, context) };
  },
};

/** GET /users/{user.id}/accounts/{account.id}: where an account's links.self points. */
export const getAccount: RouteHandler = {
  handle(request, context) {
    const { account, connection } = requireAccount(request, context);
    return { status: 200, body: accountResource(account, connection, context) };
  },
};

/**
 * GET /users/{user.id}/connections/{connection.id}/accounts: where a connection's links.accounts points;
 * the same filter as the user's list, so a client reads both lists one way.
 */
export const listConnectionAccounts: RouteHandler = {
  handle(request, context) {
    const connection = requireConnection(request, context);
    const held = accountsOfConnection(connection, context).map((account) => ({ account, connection }));
    const accounts = filtered(held, request, context);
    const self = `${context.baseUrl}/users/${connection.userId}/connections/${connection.id}/accounts`;
    return { status: 200, body: accountList(accounts, self, context) };
  },
};
