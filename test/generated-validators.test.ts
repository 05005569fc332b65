import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateValidatorsCode } from '../src/validation/standalone.ts';

describe('generated validators', () => {
  it('src/validation/validators.generated.cjs matches schemas/ (run `npm run gen:validators` when it does not)', () => {
    const committed = readFileSync(
      new URL('../src/validation/validators.generated.cjs', import.meta.url),
      'utf8',
    );
    expect(committed).toBe(generateValidatorsCode());
  });
});
