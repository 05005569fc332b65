/** Round 1: every mutant of the first round. */
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

export const round1: Mutant[] = [
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
