import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIndex, filesExercising } from '../../src/runner/check-index.ts';
import { openMockSession } from '../../src/runner/fault-matrix.ts';
import type { SuiteSession } from '../../src/runner/run-suites.ts';
import { rounds } from '../mutants/rounds.ts';
import { verdicts } from '../mutants/verdicts.ts';
import { runOnBlind } from '../support/blind-run.ts';
import { normalise, specMissing, specText } from '../spec-text.ts';

/**
 * One round of blind mutants (test/mutants/) held to its verdicts (test/mutants/verdicts.json): each
 * mutant, in front of the round's blind implementation, is caught by the requirement recorded for it
 * (its checks run against it, and that requirement fails), or is disputed with the spec sentence that
 * allows a second reading. A regression of the suite shows as a mutant no longer caught. The honest catch
 * rate, the whole suite against each mutant before anything was changed for it, is `npm run mutants`.
 */
export function describeRound(name: string): void {
  const mutants = rounds[name] ?? [];
  const round = verdicts[name];
  describe(`mutation ${name}: every mutant caught by its requirement, or disputed by a sentence of the spec`, () => {
    let session: SuiteSession;
    beforeAll(async () => {
      session = await openMockSession();
    });
    afterAll(() => session.close());

    it('has a verdict for every mutant, and none for a mutant it does not have', () => {
      expect(round).toBeDefined();
      expect(mutants.length).toBeGreaterThan(0);
      const named = new Set(mutants.map((m) => m.name));
      expect(mutants.filter((m) => !round?.mutants[m.name]).map((m) => m.name)).toEqual([]);
      expect(Object.keys(round?.mutants ?? {}).filter((n) => !named.has(n))).toEqual([]);
    });

    for (const mutant of mutants) {
      const verdict = round?.mutants[mutant.name];
      if (verdict?.disputed) {
        it.skipIf(specMissing)(`${mutant.name} is disputed by a sentence of the spec`, () => {
          expect(normalise(specText)).toContain(normalise(verdict.disputed?.sentence ?? ''));
          expect(verdict.disputed?.why).toMatch(/\S/);
        });
        continue;
      }
      it(
        `${mutant.name} is caught by ${verdict?.caughtBy ?? '(no verdict)'}`,
        { timeout: 300_000 },
        async () => {
          const requirement = verdict?.caughtBy ?? '';
          const files = filesExercising(requirement, await checkIndex());
          expect(files.length, `no check file exercises ${requirement}`).toBeGreaterThan(0);
          const run = await runOnBlind(session, round?.target ?? 'independent', 1, mutant, files);
          expect(run.errors).toEqual([]);
          expect(run.mustFailed).toContain(requirement);
        },
      );
    }
  });
}
