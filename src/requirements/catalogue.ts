import { readFileSync } from 'node:fs';
import { groups } from './groups.ts';

export { groupPrefixes, groups } from './groups.ts';

/**
 * Read with fs rather than imported: the suites' workers load modules through vite, which turns a JSON
 * import into a module with an export per key, ten times slower for a file of this size.
 */
const data = JSON.parse(readFileSync(new URL('./catalogue.json', import.meta.url), 'utf8')) as CatalogueFile;

export type RequirementLevel = 'MUST' | 'SHOULD';

/** One testable statement of the spec; checks name it by id and the report groups results by it. */
export interface Requirement {
  /** `PREFIX-NN`, the prefix fixed by the group (see `groupPrefixes`). */
  id: string;
  /**
   * MUST only where every reasonable reading of the spec obliges the server (see `whyMust`); SHOULD where it
   * only follows by an inference a reasonable server may not draw.
   */
  level: RequirementLevel;
  group: string;
  /** One sentence stating the behaviour. */
  title: string;
  /** Heading path of the spec section the quote comes from, `## heading > ### heading`. */
  specRef: string;
  /** Verbatim spec text: a sentence or table rows, cell separators and backticks kept. */
  quote: string;
  /**
   * Where a schema-shaped requirement lives in schemas/: `<file>#<JSON pointer>`, one per field it names,
   * so a maintainer goes from the requirement to the schema that encodes it (`requirements --trace`).
   */
  schema?: string[];
  /** Why a judgement call went the way it did, where the spec leaves room. */
  notes?: string;
  /**
   * On a MUST requirement only (and required there), the answer to "which reasonable reading of the spec
   * would not oblige a server to do this?" (CONTRIBUTING.md, "The level rule"): `none: <why every reading
   * obliges it, citing the spec's words>`, or `AMB-…-NN[, AMB-…-NN]: <why>`, naming the register entries
   * whose other readings the requirement's checks accept (each entry lists the requirement).
   */
  whyMust?: string;
}

/** A topic the spec marks "not shown": the suite accepts any behaviour there. */
export interface OutOfScopeItem {
  topic: string;
  specRef: string;
  quote: string;
}

export interface Catalogue {
  description: string;
  groups: readonly string[];
  requirements: readonly Requirement[];
  outOfScope: readonly OutOfScopeItem[];
}

const levels: readonly string[] = ['MUST', 'SHOULD'];

// The JSON is edited by hand and read by other tooling, so its shape is checked once on load rather than
// trusted through a cast: a typo in a level or group would otherwise surface as a silently wrong report.
/** The file's shape before its levels and groups are checked. */
export interface CatalogueFile {
  description: string;
  requirements: (Omit<Requirement, 'level'> & { level: string })[];
  outOfScope: OutOfScopeItem[];
}

/** The catalogue file, its levels, groups and whyMust checked (exported for the tests of those rules). */
export function checked(raw: CatalogueFile): Catalogue {
  const groupSet = new Set(groups);
  for (const entry of raw.requirements) {
    if (!levels.includes(entry.level))
      throw new Error(`${entry.id}: level ${entry.level} is not MUST or SHOULD`);
    if (!groupSet.has(entry.group))
      throw new Error(`${entry.id}: group ${entry.group} is not listed in groups`);
    // A MUST says which reading does not oblige it (none, or the register's); a SHOULD has no such claim.
    const whyMust = typeof entry.whyMust === 'string' ? entry.whyMust.trim() : undefined;
    if (entry.level === 'MUST' && !whyMust)
      throw new Error(`${entry.id}: a MUST requirement needs a non-empty whyMust`);
    if (entry.level === 'SHOULD' && entry.whyMust !== undefined)
      throw new Error(`${entry.id}: a SHOULD requirement has no whyMust`);
  }
  return { ...raw, groups } as Catalogue;
}

export const catalogue: Catalogue = checked(data);

const byId = new Map(catalogue.requirements.map((requirement) => [requirement.id, requirement]));

/** The requirement of that id, or undefined; a check naming an unknown id is a defect of the check. */
export function requirementById(id: string): Requirement | undefined {
  return byId.get(id);
}

/** The requirements of one group, in catalogue order. */
export function requirementsOfGroup(group: string): Requirement[] {
  return catalogue.requirements.filter((requirement) => requirement.group === group);
}
