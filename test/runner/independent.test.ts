import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMockSession } from '../harness/fault-matrix.ts';
import type { SuiteSession } from '../harness/suite-session.ts';
import { runOnBlind, type BlindName } from '../support/blind-run.ts';

/**
 * The suite against the implementations of the interface written blind, from the spec alone
 * (test/independent/, its author's defaults; test/lenient/, the loosest reading at every silence; each
 * with its readings in its README): the mock shares the suite's readings, these do not, so a MUST failure
 * here is a reading the suite has too narrow, or a real defect of the implementation, to decide by the
 * spec. `npm run independent -- --seeds N` runs many seeds.
 */
describe('the full suite against its blind implementations finds no MUST failure', () => {
  let session: SuiteSession;
  beforeAll(async () => {
    session = await openMockSession();
  });
  afterAll(() => session.close());

  const names: BlindName[] = ['independent', 'lenient'];
  for (const name of names) {
    for (const seed of [1, 2, 3]) {
      it(`${name}, seed ${seed}`, { timeout: 300_000 }, async () => {
        const run = await runOnBlind(session, name, seed);
        for (const line of run.shouldFailures) console.info(`SHOULD, not counted: ${line.split('\n')[0]}`);
        expect(run.errors).toEqual([]);
        expect(run.mustFailures).toEqual([]);
      });
    }
  }
});
