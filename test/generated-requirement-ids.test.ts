import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateRequirementIds } from '../src/requirements/generate-ids.ts';

describe('generated requirement ids', () => {
  it('src/requirements/requirement-ids.generated.ts matches the catalogue (run `npm run gen:ids` when it does not)', () => {
    const committed = readFileSync(
      new URL('../src/requirements/requirement-ids.generated.ts', import.meta.url),
      'utf8',
    );
    expect(committed).toBe(generateRequirementIds());
  });
});
