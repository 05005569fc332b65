/**
 * Round 2: mutants written blind against the lenient implementation (test/lenient/), each breaking
 * one clause of the spec in a way every reasonable reading forbids.
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

export const round2: Mutant[] = [
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
