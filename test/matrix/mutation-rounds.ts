import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIndex, filesExercising } from '../../runner/check-index.ts';
import { requirementById } from '../../src/requirements/catalogue.ts';
import { openMockSession } from '../harness/fault-matrix.ts';
import type { SuiteSession } from '../harness/suite-session.ts';
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
/** The suite folder of a requirement: its catalogue group, the error list's checks being in auth. */
function groupOfRequirement(id: string): string {
  const group = requirementById(id)?.group ?? '';
  return group === 'errors' ? 'auth' : group;
}

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
        `${mutant.name} is caught (recorded by ${verdict?.caughtBy ?? '(no verdict)'})`,
        { timeout: 300_000 },
        async () => {
          const requirement = verdict?.caughtBy ?? '';
          // The files of the recorded requirement; then, for a mutant that acts on what it saw before (a token
          // accepted, a connection retrieved), those of its group too, twice against the same mutant; then,
          // where those do not show it (it acts on answers another group's checks provoke), the whole suite,
          // as the round's measure ran it.
          const index = await checkIndex();
          const own = filesExercising(requirement, index);
          expect(own.length, `no check file exercises ${requirement}`).toBeGreaterThan(0);
          const group = [...index.keys()].filter((file) =>
            file.startsWith(`suites/${groupOfRequirement(requirement)}/`),
          );
          const target = round?.target ?? 'independent';
          let run = await runOnBlind(session, target, 1, mutant, own);
          if (run.mustFailed.length === 0)
            run = await runOnBlind(session, target, 1, mutant, [...new Set([...own, ...group])], 2);
          if (run.mustFailed.length === 0) run = await runOnBlind(session, target, 1, mutant);
          expect(run.errors).toEqual([]);
          // Which requirement a mutant fails first may vary with the order of the checks (a subClass on a
          // refund is AFFORD-28's or AFFORD-29's); that it fails one is what a regression would lose.
          expect(run.mustFailed, `recorded as caught by ${requirement}`).not.toEqual([]);
        },
      );
    }
  });
}
