import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BlindName } from '../support/blind-run.ts';

/**
 * The lead's verdict on each mutant of each round (verdicts.json), kept apart from the mutants, which their
 * blind authors wrote: the requirement whose failure catches it, or, for a mutant the spec allows under a
 * second reading, the sentence that allows it and why.
 */
export interface Verdict {
  caughtBy?: string;
  disputed?: { sentence: string; why: string };
}

export interface RoundVerdicts {
  /** The blind implementation the round's mutants stand in front of. */
  target: BlindName;
  mutants: Record<string, Verdict | undefined>;
}

export const verdictsPath = fileURLToPath(new URL('./verdicts.json', import.meta.url));

export const verdicts = JSON.parse(readFileSync(verdictsPath, 'utf8')) as Record<string, RoundVerdicts>;
