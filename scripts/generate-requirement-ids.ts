/**
 * Generates src/requirements/requirement-ids.generated.ts from the catalogue. `npm run gen:ids` rewrites
 * it; test/generated-requirement-ids.test.ts fails when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateRequirementIds } from '../src/requirements/generate-ids.ts';

const target = fileURLToPath(new URL('../src/requirements/requirement-ids.generated.ts', import.meta.url));
writeFileSync(target, generateRequirementIds());
console.log(`wrote ${target}`);
