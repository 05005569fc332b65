import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { suiteGroups } from './run-suites.ts';

const suitesDir = fileURLToPath(new URL('../../suites/', import.meta.url));

/** Requirement ids named in each suite group's check files, read from the source. */
export function requirementIdsByGroup(): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const group of suiteGroups) {
    const ids = new Set<string>();
    let files: string[] = [];
    try {
      files = readdirSync(suitesDir + group, { recursive: true, encoding: 'utf8' }).filter((f) =>
        f.endsWith('.check.ts'),
      );
    } catch {
      // a group without a folder yet names nothing
    }
    for (const file of files) {
      for (const match of readFileSync(`${suitesDir}${group}/${file}`, 'utf8').matchAll(
        /'([A-Z]+-\d{2})'/g,
      )) {
        ids.add(match[1] as string);
      }
    }
    index.set(group, ids);
  }
  return index;
}

/** The suite groups whose checks name a requirement: enough to run to see whether it holds. */
export function groupsExercising(requirementId: string, index = requirementIdsByGroup()): string[] {
  return [...index].filter(([, ids]) => ids.has(requirementId)).map(([group]) => group);
}
