import { operationNames, operations, type OperationName } from '../../src/operations/table.ts';
import type { Route, RouteHandler } from '../router.ts';
import { getAccount, listAccounts, listConnectionAccounts } from './accounts.ts';
import { listAffordabilityTransactions } from './affordability.ts';
import { createConnection, deleteConnection } from './connection-lifecycle.ts';
import { getConnection, listConnections, updateConnection } from './connections.ts';
import { enrich } from './enrich.ts';
import { createExpenses } from './expenses.ts';
import { getExpenses } from './expenses-resource.ts';
import { getInstitution, listInstitutions } from './institutions.ts';
import { getJob } from './jobs.ts';
import { issueToken } from './token.ts';
import { listAccountTransactions, listConnectionTransactions, listTransactions } from './transactions.ts';
import { createUser, getUser } from './users.ts';

/**
 * The handler of every operation of the table, by its name: the type checker refuses an operation
 * without a handler and a handler without an operation (and test/operations/table.test.ts holds the
 * served routes to the table).
 */
export const routeHandlers = {
  issueToken,
  enrich,
  createUser,
  listConnections,
  getConnection,
  updateConnection,
  getJob,
  listInstitutions,
  getInstitution,
  createExpenses,
  listAffordabilityTransactions,
  getUser,
  listAccounts,
  getAccount,
  listAccountTransactions,
  listTransactions,
  listConnectionAccounts,
  listConnectionTransactions,
  getExpenses,
  createConnection,
  deleteConnection,
} satisfies Record<OperationName, RouteHandler>;

/** Every operation of the table with its handler, in the table's order: the spec's, then the mock's own. */
export const routes: Route[] = operationNames.map((name) => ({
  ...operations[name],
  ...routeHandlers[name],
  name,
}));
