/** Every round of mutants, by name. */
import type { Mutant } from './mutant.ts';
import { round1 } from './round-1/index.ts';
import { round2 } from './round-2/index.ts';
import { round3 } from './round-3/index.ts';
import { round4 } from './round-4/index.ts';
import { round5 } from './round-5/index.ts';
import { round6 } from './round-6/index.ts';

export const rounds: Record<string, Mutant[]> = {
  'round-1': round1,
  'round-2': round2,
  'round-3': round3,
  'round-4': round4,
  'round-5': round5,
  'round-6': round6,
};
