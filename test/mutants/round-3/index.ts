/**
 * Round 3: mutants written blind against the independent implementation (`test/independent/`),
 * mostly partial violations and inconsistencies between endpoints that a schema cannot see.
 */
import type { Mutant } from '../mutant.ts';
import { affordabilityMutants } from './affordability.ts';
import { authMutants } from './auth.ts';
import { connectionMutants } from './connections.ts';
import { enrichMutants } from './enrich.ts';
import { errorMutants } from './errors.ts';
import { expenseMutants } from './expenses.ts';
import { institutionMutants } from './institutions.ts';
import { jobMutants } from './jobs.ts';
import { tokenMutants } from './token.ts';
import { userMutants } from './users.ts';

export const round3: Mutant[] = [
  ...tokenMutants,
  ...authMutants(),
  ...enrichMutants,
  ...userMutants,
  ...connectionMutants,
  ...jobMutants,
  ...institutionMutants,
  ...expenseMutants,
  ...affordabilityMutants,
  ...errorMutants,
];
