import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { formatViolations, resourceValidator } from '../src/validation/validator.ts';

const examplesDir = fileURLToPath(new URL('../fixtures/examples/', import.meta.url));

interface Case {
  description: string;
  data: unknown;
  valid: boolean;
  breaks?: string;
}
interface CaseFile {
  resource: string;
  cases: Case[];
}

const caseFileSchema = JSON.parse(readFileSync(examplesDir + 'cases.schema.json', 'utf8')) as object;
const checkCaseFile = new Ajv2020({ strict: true, strictRequired: false }).compile(caseFileSchema);
const caseFiles = readdirSync(examplesDir)
  .filter((file) => file.endsWith('.cases.json'))
  .sort()
  .map((file) => ({ file, content: JSON.parse(readFileSync(examplesDir + file, 'utf8')) as CaseFile }));
const validator = resourceValidator();

describe('example case files', () => {
  it.each(caseFiles)('$file is a well-formed case file named after its resource', ({ file, content }) => {
    expect(checkCaseFile(content), JSON.stringify(checkCaseFile.errors)).toBe(true);
    expect(file).toBe(`${content.resource}.cases.json`);
    expect(validator.has(content.resource)).toBe(true);
  });

  it.each(validator.resources)('resource %s has at least 5 valid and 10 invalid cases', (resource) => {
    const cases = caseFiles.find(({ content }) => content.resource === resource)?.content.cases ?? [];
    expect(cases.filter((c) => c.valid).length).toBeGreaterThanOrEqual(5);
    expect(cases.filter((c) => !c.valid).length).toBeGreaterThanOrEqual(10);
  });
});

for (const { content } of caseFiles) {
  describe(`schema ${content.resource}`, () => {
    for (const testCase of content.cases) {
      it(testCase.description, () => {
        const result = validator.validate(content.resource, testCase.data);
        if (testCase.valid) {
          expect(result.valid, result.valid ? '' : formatViolations(result.violations)).toBe(true);
          return;
        }
        expect(result.valid).toBe(false);
        // The case names the value that breaks the rule; the validator must blame that value.
        const pointers = result.valid ? [] : result.violations.map((v) => v.pointer);
        expect(pointers).toContain(testCase.breaks);
      });
    }
  });
}
