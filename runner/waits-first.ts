import { readFile } from 'node:fs/promises';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * What a check file declares it does beyond its checks, as a vitest module tag in a comment of its own
 * (`@module-tag waits`): vitest reads it from the file's text, without running the file, and gives it to
 * every check of the file. The suites' configuration defines them (run-suites.ts), since vitest refuses a
 * tag it was not told of.
 */
export const fileTags = [
  {
    name: 'waits',
    description: "spends most of its time waiting for the target's clock: a token ageing past expires_in",
  },
  {
    name: 'walks',
    description:
      "walks the affordability snapshot, sharing its worker's walks (suites/affordability/walks.ts)",
  },
] as const;

/** vitest's reading of a module tag: after `//` or a docblock's `*`, anywhere in the file. */
const moduleTag = /(?:\/\/|\*)\s*@module-tag\s+([\w\-/]+)\b/g;

/** The module tags a check file declares, read from its text as vitest reads them. */
export async function tagsOf(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8');
  return [...text.matchAll(moduleTag)].map((match) => match[1] as string);
}

/** Where a file goes: those that wait, then those that walk, then the others. */
const rank = (tags: readonly string[]) => (tags.includes('waits') ? 0 : tags.includes('walks') ? 1 : 2);

/**
 * vitest's order (larger files first), with the files that wait first: the token-expiry scenario waits
 * out its token's life, so it starts at once and every other check runs while the token ages, instead of
 * the wait coming last on the run's critical path. Then the files that walk the affordability snapshot,
 * one after another, so that fewer workers walk it each for itself where their files share one project
 * (against the embedded mock, fewer pages sent and less CPU in a full run). Within each group of projects
 * (vitest calls the sequencer once per group), so projects keep their groupOrder. Each file says which
 * it is (fileTags); its path decides nothing.
 */
export class WaitsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const ranks = await Promise.all(sorted.map(async (spec) => rank(await tagsOf(spec.moduleId))));
    return sorted
      .map((spec, i) => ({ spec, rank: ranks[i] as number }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ spec }) => spec);
  }
}
