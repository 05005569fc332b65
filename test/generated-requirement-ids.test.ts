import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { broken as brokenByClient } from '../src/observe/clients/request.ts';
import { broken as brokenByServer } from '../src/observe/proxy/judgements.ts';
import { generateRequirementIds } from '../src/requirements/generate-ids.ts';

describe('generated requirement ids', () => {
  it('src/requirements/requirement-ids.generated.ts matches the catalogue and the client group (run `npm run gen:ids` when it does not)', () => {
    const committed = readFileSync(
      new URL('../src/requirements/requirement-ids.generated.ts', import.meta.url),
      'utf8',
    );
    expect(committed).toBe(generateRequirementIds());
  });

  // tsc holds these: each line compiles only while the side's ids are typed, so a misspelt id fails it.
  it('types each side with its own ids', () => {
    // @ts-expect-error a client rule names no server requirement
    expect(brokenByClient('TOKEN-01', 'x').requirement).toBe('TOKEN-01');
    // @ts-expect-error a judge of the server names no client requirement
    expect(brokenByServer('CLIENT-01', 'x').requirement).toBe('CLIENT-01');
    // @ts-expect-error no requirement has this id
    expect(brokenByServer('INST-00', 'x').requirement).toBe('INST-00');
  });
});
