import { performance } from 'node:perf_hooks';
import { startIndependent } from '../independent/index.ts';
import { mockRunSettings } from '../../src/runner/fault-matrix.ts';
import type { SuiteSession } from '../../src/runner/run-suites.ts';
import { requirementResults } from '../../src/report/model.ts';

/** What the suite found against the blind implementation (test/independent/) on one seed. */
export interface IndependentRun {
  seed: number;
  /** Failed MUST requirements, each with its first failure's check and message. */
  mustFailures: string[];
  /** Failed SHOULD requirements: readings the implementation may choose, listed, never a failure. */
  shouldFailures: string[];
  notExercised: string[];
  errors: string[];
  seconds: number;
}

/**
 * Starts the blind implementation with `seed` (its world) and runs every check file against it in the
 * session, with the same seed for the suite's properties, so a failing seed reproduces both sides.
 */
export async function runOnIndependent(session: SuiteSession, seed: number): Promise<IndependentRun> {
  const started = performance.now();
  const server = await startIndependent({ seed });
  try {
    const run = await session.run(mockRunSettings(server.profile, { seed }));
    const requirements = requirementResults(run.checks);
    const failuresAt = (level: string) =>
      requirements
        .filter((r) => r.status === 'failed' && r.level === level)
        .map((r) => `${r.id} · ${r.failures[0]?.check ?? ''}: ${r.failures[0]?.message ?? ''}`);
    return {
      seed,
      mustFailures: failuresAt('MUST'),
      shouldFailures: failuresAt('SHOULD'),
      notExercised: requirements.filter((r) => r.status === 'not-exercised').map((r) => r.id),
      errors: run.errors,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await server.close();
  }
}
