import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMockSession } from '../../src/runner/fault-matrix.ts';
import type { SuiteSession } from '../../src/runner/run-suites.ts';
import { runOnIndependent } from '../support/independent-run.ts';

/**
 * The suite against an implementation of the interface written blind, from the spec alone
 * (test/independent/, with its own readings in its README): the mock shares the suite's readings, this
 * one does not, so a MUST failure here is a reading the suite has too narrow, or a real defect of the
 * implementation, to decide by the spec. `npm run independent -- --seeds N` runs many seeds.
 */
describe('the full suite against its blind implementation finds no MUST failure', () => {
  let session: SuiteSession;
  beforeAll(async () => {
    session = await openMockSession();
  });
  afterAll(() => session.close());

  for (const seed of [1, 2, 3]) {
    it(`on seed ${seed}`, { timeout: 300_000 }, async () => {
      const run = await runOnIndependent(session, seed);
      for (const line of run.shouldFailures) console.info(`SHOULD, not counted: ${line.split('\n')[0]}`);
      expect(run.errors).toEqual([]);
      expect(run.mustFailures).toEqual([]);
    });
  }
});
