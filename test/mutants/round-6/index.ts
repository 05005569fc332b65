/** Round 6: mutants of test/lenient/, written blind to the suite. */
import type { Mutant } from '../mutant.ts';
import { affordabilityMutants } from './affordability.ts';
import { connectionMutants, jobMutants } from './connections-jobs.ts';
import { enrichMutants, userMutants } from './enrich-users.ts';
import { errorMutants } from './errors.ts';
import { expenseMutants, institutionMutants } from './institutions-expenses.ts';
import { authMutants, tokenMutants } from './token-auth.ts';

export const round6: Mutant[] = [
  ...tokenMutants,
  ...authMutants,
  ...enrichMutants,
  ...userMutants,
  ...connectionMutants,
  ...jobMutants,
  ...institutionMutants,
  ...expenseMutants,
  ...affordabilityMutants,
  ...errorMutants,
];
