import { ambiguities, type Ambiguity } from '../requirements/ambiguities.ts';
import { requirementById } from '../requirements/catalogue.ts';

/**
 * What a person needs to dispute a failure (issue: "failures a person can dispute"): the spec's own words
 * the requirement rests on, the catalogue's notes on why it has its level and which readings it accepts,
 * and the register's entries that name it, each with the readings the suite accepts.
 */
export interface Grounds {
  quote: string;
  notes?: string;
  /** For a MUST, which reading of the spec might not oblige it, and why none does or which are accepted. */
  whyMust?: string;
  ambiguities: Ambiguity[];
}

export function groundsOf(id: string): Grounds | undefined {
  const requirement = requirementById(id);
  if (!requirement) return undefined;
  return {
    quote: requirement.quote,
    ...(requirement.notes !== undefined ? { notes: requirement.notes } : {}),
    ...(requirement.whyMust !== undefined ? { whyMust: requirement.whyMust } : {}),
    ambiguities: ambiguities.filter((entry) => entry.requirements.includes(requirement.id)),
  };
}
