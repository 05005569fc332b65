import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateResourceTypes } from '../src/types/generate.ts';

describe('generated resource types', () => {
  it('src/types/resources.generated.ts matches schemas/ (run `npm run gen:types` when it does not)', async () => {
    const committed = readFileSync(new URL('../src/types/resources.generated.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await generateResourceTypes());
  });
});
