/**
 * Generates src/validation/validators.generated.cjs from schemas/ (see src/validation/standalone.ts).
 * `npm run gen:validators` rewrites it; test/generated-validators.test.ts fails when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateValidatorsCode } from '../src/validation/standalone.ts';

const target = fileURLToPath(new URL('../src/validation/validators.generated.cjs', import.meta.url));
writeFileSync(target, generateValidatorsCode());
console.log(`wrote ${target}`);
