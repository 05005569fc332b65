import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The project's test files that take a minute or more, each running the suite many times: the register's
 * variants (every reading of the ambiguity register) and the CLI's own runs.
 */
const longFiles = [
  /test\/variants\/register-variants-\d\.test\.ts$/,
  /test\/cli\/run-command\.test\.ts$/,
  /test\/matrix\/fault-detection\.test\.ts$/,
];
const isLong = (spec: TestSpecification) => longFiles.some((pattern) => pattern.test(spec.moduleId));

/**
 * vitest's order, with the long files first. vitest starts the files it saw take longest first, but on a
 * fresh clone it has seen none and starts the largest, and the long files are small: started last, they
 * would run on after every other file had ended, a minute of one core idle.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(isLong), ...sorted.filter((spec) => !isLong(spec))];
  }
}
