import type { Route } from '../router.ts';
import { getAccount, listAccounts, listConnectionAccounts } from './accounts.ts';
import { listAffordabilityTransactions } from './affordability.ts';
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
 * Every endpoint of the spec, in its order (spec: Endpoints), then the mock's own: the endpoints the spec
 * only references by links ("shapes: not shown"), served so that every link the mock hands out resolves
 * (README: What the mock adds).
 */
export const routes: Route[] = [
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
];
