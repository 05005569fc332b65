import { catalogue } from './catalogue.ts';

/**
 * The source of src/requirements/requirement-ids.generated.ts: the catalogue's ids as a union type, so
 * that `check()` and every fault name only ids that exist, and a misspelt one fails `tsc`.
 * `npm run gen:ids` rewrites it; test/generated-requirement-ids.test.ts fails when it is stale.
 */
export function generateRequirementIds(): string {
  const ids = catalogue.requirements.map((requirement) => `  | '${requirement.id}'`);
  return [
    '// Generated from src/requirements/catalogue/ by `npm run gen:ids`; do not edit.',
    '',
    '/** The id of a requirement of the catalogue. */',
    'export type RequirementId =',
    `${ids.join('\n')};`,
    '',
  ].join('\n');
}
