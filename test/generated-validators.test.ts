import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateMockOptionsValidatorCode } from '../mock/options-validator-code.ts';
import { generateValidatorsCode } from '../src/validation/standalone.ts';

const committed = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('generated validators', () => {
  it('src/validation/validators.generated.cjs matches schemas/ (run `npm run gen:validators` when it does not)', () => {
    expect(committed('../src/validation/validators.generated.cjs')).toBe(generateValidatorsCode());
  });

  it('mock/options-validator.generated.cjs matches the mock options schema (run `npm run gen:validators` when it does not)', () => {
    expect(committed('../mock/options-validator.generated.cjs')).toBe(generateMockOptionsValidatorCode());
  });
});
