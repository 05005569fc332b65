/** Round 5: mutants of test/independent/, written blind to the suite from the spec alone. */
import type { Mutant } from '../mutant.ts';
import { affordabilityMutants } from './affordability.ts';
import { connectionsJobsMutants } from './connections-jobs.ts';
import { enrichUsersMutants } from './enrich-users.ts';
import { errorsMutants } from './errors.ts';
import { institutionsExpensesMutants } from './institutions-expenses.ts';
import { tokenAuthMutants } from './token-auth.ts';

export const round5: Mutant[] = [
  ...tokenAuthMutants,
  ...enrichUsersMutants,
  ...connectionsJobsMutants,
  ...institutionsExpensesMutants,
  ...affordabilityMutants,
  ...errorsMutants,
];
