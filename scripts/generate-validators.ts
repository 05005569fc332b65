/**
 * Generates the validators compiled ahead of time: src/validation/validators.generated.cjs from schemas/
 * (see src/validation/standalone.ts) and mock/options-validator.generated.cjs from the mock's options
 * schema (mock/options-validator-code.ts). `npm run gen:validators` rewrites both;
 * test/generated-validators.test.ts fails when either is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateMockOptionsValidatorCode } from '../mock/options-validator-code.ts';
import { generateValidatorsCode } from '../src/validation/standalone.ts';

for (const [path, code] of [
  ['../src/validation/validators.generated.cjs', generateValidatorsCode()],
  ['../mock/options-validator.generated.cjs', generateMockOptionsValidatorCode()],
] as const) {
  const target = fileURLToPath(new URL(path, import.meta.url));
  writeFileSync(target, code);
  console.log(`wrote ${target}`);
}
