import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { suiteGroups } from '../requirements/groups.ts';
import { sourceExtension } from './run-suites.ts';

const suitesDir = fileURLToPath(new URL('../../suites/', import.meta.url));

/** Each check file (`suites/<group>/<file>.check.ts`) with the requirement ids its source names. */
export function requirementIdsByFile(): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const group of suiteGroups) {
    let files: string[] = [];
    try {
      files = readdirSync(suitesDir + group, { recursive: true, encoding: 'utf8' }).filter((f) =>
        f.endsWith(`.check${sourceExtension}`),
      );
    } catch {
      // a group without a folder names nothing
    }
    for (const file of files) {
      const text = readFileSync(`${suitesDir}${group}/${file}`, 'utf8');
      index.set(
        `suites/${group}/${file}`,
        new Set([...text.matchAll(/'([A-Z]+-\d{2})'/g)].map((m) => m[1] as string)),
      );
    }
  }
  return index;
}

/** The check files that name a requirement: enough to run to see whether it holds. */
export function filesExercising(requirementId: string, index = requirementIdsByFile()): string[] {
  return [...index].filter(([, ids]) => ids.has(requirementId)).map(([file]) => file);
}
