import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeOptions, registerVariants } from '../../src/requirements/ambiguities.ts';
import { openMockSession, runOnMocks, type MockRun } from '../harness/fault-matrix.ts';
import type { SuiteSession } from '../harness/suite-session.ts';
import { variantTargets } from '../support/variant-reach.ts';

/**
 * Conformant variants (mock/variants/types.ts): behaviours a real service may legitimately show where the spec
 * is silent or ambiguous. Every non-default reading of the ambiguity register (src/requirements/
 * ambiguities/) names the mock options that show it; the suite must pass against each, and against all of
 * them at once, with zero findings (docs/design.md#strict-where-the-spec-speaks: a false failure on a conformant server is as
 * bad as a missed violation).
 *
 * Each reading runs the check files that can see it (test/support/variant-reach.ts), and runs whose files
 * do not overlap share vitest runs, as the fault matrix's do; all of them at once run the whole suite.
 */

const variants = registerVariants();
const runs = [
  ...variants,
  {
    name: 'every non-default reading of the register at once',
    options: variants.reduce<Record<string, unknown>>(
      (combined, variant) => mergeOptions(combined, variant.options),
      {},
    ),
  },
];

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
  describe(`the suite against a conformant variant of the mock finds nothing (share ${part + 1} of ${parts})`, () => {
    // One vitest session serves every variant: each run costs its checks, not another start of vitest.
    let session: SuiteSession;
    let results: Promise<Map<string, MockRun & { files: number }>>;
    const mine = runs.filter((_, index) => index % parts === part);
    beforeAll(async () => {
      session = await openMockSession();
      results = (async () => {
        const targets = await variantTargets(session, mine);
        const done = await runOnMocks(session, targets);
        return new Map(targets.map((t, i) => [t.name, { ...(done[i] as MockRun), files: t.files.length }]));
      })();
      // A failure of the runs themselves is each variant's, reported below, not the hook's.
      results.catch(() => undefined);
    });
    afterAll(() => session.close());

    for (const { name } of mine) {
      it(name, { timeout: 600_000 }, async () => {
        const run = (await results).get(name) as MockRun & { files: number };
        console.info(
          `conformant variant "${name}": ${run.files} check files, ${run.seconds.toFixed(1)} s of checks`,
        );
        expect(run.files).toBeGreaterThan(0);
        expect(run.errors).toEqual([]);
        expect(failuresOf(run), `failed: ${run.failed.join(', ')}`).toEqual([]);
      });
    }
  });
}
