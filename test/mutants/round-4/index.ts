/** Round 4 of mutants, written against the lenient implementation. */
import type { Mutant } from '../mutant.ts';
import { affordabilityErrorMutants } from './affordability-errors.ts';
import { connectionJobMutants } from './connections-jobs.ts';
import { enrichUserMutants } from './enrich-users.ts';
import { institutionExpenseMutants } from './institutions-expenses.ts';
import { tokenAuthMutants } from './token-auth.ts';

export const round4: Mutant[] = [
  ...tokenAuthMutants,
  ...enrichUserMutants,
  ...connectionJobMutants,
  ...institutionExpenseMutants,
  ...affordabilityErrorMutants,
];
