import type { Route } from '../server/router.ts';
import { affordabilityRoutes } from './affordability.ts';
import { connectionRoutes } from './connections.ts';
import { enrichRoutes } from './enrich.ts';
import { expenseRoutes } from './expenses.ts';
import { institutionRoutes } from './institutions.ts';
import { jobRoutes } from './jobs.ts';
import { tokenRoutes } from './token.ts';
import { userRoutes } from './users.ts';

export const ROUTES: readonly Route[] = [
  ...tokenRoutes,
  ...enrichRoutes,
  ...userRoutes,
  ...connectionRoutes,
  ...jobRoutes,
  ...institutionRoutes,
  ...expenseRoutes,
  ...affordabilityRoutes,
];
