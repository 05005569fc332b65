import { operations } from '../../src/operations/table.ts';

/**
 * Short names for the table's path patterns (src/operations/table.ts), by which the faults and the mock's
 * edges refer to a route: a path is written once, in the table, so renaming it cannot silently disarm the
 * faults that rewrite its replies. A GET and a POST of one path share a name.
 */
export const routePaths = {
  token: operations.issueToken.path,
  enrich: operations.enrich.path,
  users: operations.createUser.path,
  connections: operations.listConnections.path,
  connection: operations.getConnection.path,
  job: operations.getJob.path,
  institutions: operations.listInstitutions.path,
  institution: operations.getInstitution.path,
  expenses: operations.createExpenses.path,
  affordabilityTransactions: operations.listAffordabilityTransactions.path,
  user: operations.getUser.path,
  accounts: operations.listAccounts.path,
  account: operations.getAccount.path,
  accountTransactions: operations.listAccountTransactions.path,
  transactions: operations.listTransactions.path,
  connectionAccounts: operations.listConnectionAccounts.path,
  connectionTransactions: operations.listConnectionTransactions.path,
  expensesResource: operations.getExpenses.path,
} as const;
