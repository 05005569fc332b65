import { readFileSync } from 'node:fs';
import { clientGroup, groups } from './groups.ts';
import type { AnyRequirementId, ClientRequirementId, RequirementId } from './requirement-ids.generated.ts';

export { clientGroup, clientPrefix, groupPrefixes, groups } from './groups.ts';

export type RequirementLevel = 'MUST' | 'SHOULD';

/**
 * One testable statement of the spec; checks name it by id and the report groups results by it. `Id` is
 * the side's ids: the catalogue's `RequirementId`, the client group's `ClientRequirementId`.
 */
export interface Requirement<Id extends AnyRequirementId = AnyRequirementId> {
  /** `PREFIX-NN`, the prefix fixed by the group (see `groupPrefixes`). */
  id: Id;
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

export interface Catalogue<Id extends AnyRequirementId = RequirementId> {
  description: string;
  groups: readonly string[];
  requirements: readonly Requirement<Id>[];
  outOfScope: readonly OutOfScopeItem[];
}

/** What the catalogue is, for the readers of `requirements --format json`. */
const description =
  'Requirement catalogue of the Financial Data Service interface (spec/financial-data-service.md): one entry ' +
  "per testable statement. The groups are those of src/requirements/groups.ts: the nine the CLI's --only " +
  'names, each requirement sits in the group of the endpoint where it is observed, versioning included (it is ' +
  'observed on the token request). The one extra group, errors, holds the shape of the error list, which ' +
  'every endpoint returns and no single endpoint owns. MUST marks what the spec states; SHOULD marks what ' +
  'follows from it only by reasonable inference. quote is verbatim spec text (table rows with their cell ' +
  'separators, backticks kept); specRef is the heading path of the section holding it.';

/**
 * The catalogue is kept one file a group in `catalogue/`, `<group>.json` holding the group's requirements
 * in id order (the file's name is their group), and `out-of-scope.json` the topics the spec marks "not
 * shown"; test/catalogue.test.ts fails on a file there that no group owns. Read with fs rather than imported: the suites' workers load modules through vite, which turns a
 * JSON import into a module with an export per key, ten times slower for files of this size.
 */
export const catalogueFolder = new URL('./catalogue/', import.meta.url);
export const outOfScopeFile = 'out-of-scope.json';

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(file, catalogueFolder), 'utf8')) as T;
}

/** A requirement as its group's file holds it: no group (the file's name says it), its level unchecked. */
type RequirementEntry = Omit<Requirement, 'id' | 'level' | 'group'> & { id: string; level: string };

/** The catalogue's files joined, in catalogue order: every group's requirements, then the out-of-scope topics. */
function readCatalogue(): CatalogueFile {
  return {
    description,
    requirements: groups.flatMap((group) =>
      readJson<RequirementEntry[]>(`${group}.json`).map(({ id, level, ...rest }) => ({
        id,
        level,
        group,
        ...rest,
      })),
    ),
    outOfScope: readJson<OutOfScopeItem[]>(outOfScopeFile),
  };
}

const levels: readonly string[] = ['MUST', 'SHOULD'];

// The JSON is edited by hand and read by other tooling, so its shape is checked once on load rather than
// trusted through a cast: a typo in a level would otherwise surface as a silently wrong report.
/** The files' shape, joined, before the levels are checked. */
export interface CatalogueFile {
  description: string;
  requirements: (Omit<Requirement, 'id' | 'level'> & { id: string; level: string })[];
  outOfScope: OutOfScopeItem[];
}

/** The catalogue's files joined, their levels and whyMust checked (exported for the tests of those rules). */
export function checked<Id extends AnyRequirementId = RequirementId>(raw: CatalogueFile): Catalogue<Id> {
  for (const entry of raw.requirements) {
    if (!levels.includes(entry.level))
      throw new Error(`${entry.id}: level ${entry.level} is not MUST or SHOULD`);
    // A MUST says which reading does not oblige it (none, or the register's); a SHOULD has no such claim.
    const whyMust = typeof entry.whyMust === 'string' ? entry.whyMust.trim() : undefined;
    if (entry.level === 'MUST' && !whyMust)
      throw new Error(`${entry.id}: a MUST requirement needs a non-empty whyMust`);
    if (entry.level === 'SHOULD' && entry.whyMust !== undefined)
      throw new Error(`${entry.id}: a SHOULD requirement has no whyMust`);
  }
  return { ...raw, groups } as unknown as Catalogue<Id>;
}

export const catalogue: Catalogue = checked(readCatalogue());

const byId = new Map<string, Requirement<RequirementId>>(
  catalogue.requirements.map((requirement) => [requirement.id, requirement]),
);

/** The requirement of that id, or undefined; a check naming an unknown id is a defect of the check. */
export function requirementById(id: string): Requirement<RequirementId> | undefined {
  return byId.get(id);
}

/** The requirements of one group, in catalogue order. */
export function requirementsOfGroup(group: string): Requirement<RequirementId>[] {
  return catalogue.requirements.filter((requirement) => requirement.group === group);
}

/**
 * What the spec obliges a client to send (`catalogue/client.json`, ids `CLIENT-NN`), by the level rule
 * turned round: MUST where every reasonable reading obliges the client, SHOULD where it follows only by
 * inference. Kept apart from `catalogue`: no server check exercises them, so a run's report, JUnit and the
 * coverage tests never see them; the judge of client requests (src/observe/clients/judge.ts) does.
 */
export const clientRequirements: readonly Requirement<ClientRequirementId>[] = checked<ClientRequirementId>({
  description,
  requirements: readJson<RequirementEntry[]>(`${clientGroup}.json`).map(({ id, level, ...rest }) => ({
    id,
    level,
    group: clientGroup,
    ...rest,
  })),
  outOfScope: [],
}).requirements;

const clientById = new Map<string, Requirement<ClientRequirementId>>(
  clientRequirements.map((requirement) => [requirement.id, requirement]),
);

/** The client requirement of that id, or undefined. */
export function clientRequirementById(id: string): Requirement<ClientRequirementId> | undefined {
  return clientById.get(id);
}
