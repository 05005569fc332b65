/**
 * Generates src/types/resources.generated.ts from schemas/, so the mock and the suites type their payloads
 * with exactly what the schemas accept. `npm run gen:types` rewrites it; test/generated-types.test.ts fails
 * when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateResourceTypes } from '../src/types/generate.ts';

const target = fileURLToPath(new URL('../src/types/resources.generated.ts', import.meta.url));
writeFileSync(target, await generateResourceTypes());
console.log(`wrote ${target}`);
