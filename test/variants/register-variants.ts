import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockOptions } from '../../mock/options.ts';
import { mergeOptions, registerVariants } from '../../src/requirements/ambiguities.ts';
import { openMockSession, runOnMock, type MockRun } from '../../src/runner/fault-matrix.ts';
import type { SuiteSession } from '../../src/runner/run-suites.ts';

/**
 * Conformant variants (mock/variants.ts): behaviours a real service may legitimately show where the spec
 * is silent or ambiguous. Every non-default reading of the ambiguity register (src/requirements/
 * ambiguities/) names the mock options that show it; the suite must pass against each, and against all of
 * them at once, with zero findings (DESIGN.md, principle 1: a false failure on a conformant server is as
 * bad as a missed violation).
 */
const variants = registerVariants();
const allAtOnce = variants.reduce<Record<string, unknown>>(
  (combined, variant) => mergeOptions(combined, variant.options),
  {},
);

/** Each failed requirement's failures, one line each, so a false failure shows its check and message. */
function failuresOf(run: MockRun): string[] {
  return run.requirements
    .filter((requirement) => requirement.status === 'failed')
    .flatMap((requirement) =>
      requirement.failures.map((failure) => `${requirement.id} · ${failure.check}: ${failure.message}`),
    );
}

/**
 * The variants of one share (`part` of `parts`, every parts-th from the part-th): the register's variants
 * are run by several test files, so vitest's workers share them.
 */
export function registerVariantsShare(part: number, parts: number): void {
  describe(`the full suite against a conformant variant of the mock finds nothing (share ${part + 1} of ${parts})`, () => {
    // One vitest session serves every variant: each run costs its checks, not another start of vitest.
    let session: SuiteSession;
    beforeAll(async () => {
      session = await openMockSession();
    }, 60_000);
    afterAll(() => session.close());

    const runs = [
      ...variants,
      { name: 'every non-default reading of the register at once', options: allAtOnce },
    ].filter((_, index) => index % parts === part);
    for (const { name, options } of runs) {
      it(name, { timeout: 180_000 }, async () => {
        const run = await runOnMock(session, options as Partial<MockOptions>);
        console.info(`conformant variant "${name}": ${run.seconds.toFixed(1)} s`);
        expect(run.errors).toEqual([]);
        expect(failuresOf(run), `failed: ${run.failed.join(', ')}`).toEqual([]);
      });
    }
  });
}
