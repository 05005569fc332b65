import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The project's test files that take longest, longest first (measured in npm test on 2 cores): the
 * register's variants, the CLI's runs, the fault matrix, and the files that mostly wait (on hanging
 * targets, on tokens ageing, on npm, on the CLI's child processes). A file missing here is not wrong,
 * only started later: one started last that runs for long keeps a core idle at the end.
 */
const longFiles = [
  'test/variants/register-variants-2.test.ts',
  'test/variants/register-variants-1.test.ts',
  'test/cli/run-command.test.ts',
  'test/matrix/fault-detection.test.ts',
  'test/matrix/mutation-round-1.test.ts',
  'test/matrix/mutation-round-2.test.ts',
  'test/matrix/mutation-round-3.test.ts',
  'test/matrix/mutation-round-4.test.ts',
  'test/hostile/hostile-targets.test.ts',
  'test/package/packaging.test.ts',
  'test/examples/github-actions.test.ts',
  'test/cli/nightly-recipe.test.ts',
  'test/runner/independent.test.ts',
  'test/mutants/probes.test.ts',
  'test/cli/requirements-command.test.ts',
  'test/cli/retry-transient.test.ts',
  'test/cli/mock-command.test.ts',
  'test/proxy/judging.test.ts',
  'test/proxy/suite-through-proxy.test.ts',
  'test/cli/setup-diagnosis.test.ts',
  'test/runner/setup-diagnosis.test.ts',
  'test/cli/openapi-command.test.ts',
  'test/cli/validate-command.test.ts',
];
const rank = (spec: TestSpecification) => {
  const index = longFiles.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? longFiles.length : index;
};

/**
 * vitest's order, with the long files first, longest first. vitest starts the files it saw take longest
 * first, but on a fresh clone it has seen none and starts the largest, and the long files are small:
 * started last, they would run on after every other file had ended, a minute of one core idle.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
