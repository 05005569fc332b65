import type { Route } from '../router.ts';
import { listAffordabilityTransactions } from './affordability.ts';
import { getConnection, listConnections, updateConnection } from './connections.ts';
import { enrich } from './enrich.ts';
import { createExpenses } from './expenses.ts';
import { getInstitution, listInstitutions } from './institutions.ts';
import { getJob } from './jobs.ts';
import { issueToken } from './token.ts';
import { createUser } from './users.ts';

/** Every endpoint of the spec, in its order (spec: Endpoints). */
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
];
