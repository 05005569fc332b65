import { performance } from 'node:perf_hooks';
import { startIndependent } from '../independent/index.ts';
import { startLenient } from '../lenient/index.ts';
import type { Mutant } from '../mutants/mutant.ts';
import { startMutant } from '../mutants/proxy.ts';
import { mockRunSettings } from '../harness/fault-matrix.ts';
import type { SuiteRun, SuiteSession } from '../harness/suite-session.ts';
import { requirementResults } from '../../src/report/model.ts';

/**
 * The implementations of the interface written blind, from the spec alone, each in its own folder with its
 * readings in its README: test/independent/ (its author's defaults) and test/lenient/ (the loosest reading
 * at every silence). The mock shares the suite's readings; these do not.
 */
export const blindImplementations = {
  independent: (seed: number) => startIndependent({ seed }),
  lenient: (seed: number) => startLenient({ seed }),
} as const;

export type BlindName = keyof typeof blindImplementations;

/** What the suite found against a blind implementation on one seed, mutated or not. */
export interface BlindRun {
  seed: number;
  /** Failed MUST requirements, each with its first failure's check and message. */
  mustFailures: string[];
  /** The ids of the failed MUST requirements. */
  mustFailed: string[];
  /** Failed SHOULD requirements: readings the implementation may choose, listed, never a failure. */
  shouldFailures: string[];
  notExercised: string[];
  errors: string[];
  seconds: number;
}

function hasMustFailure(run: SuiteRun): boolean {
  return requirementResults(run.checks).some((r) => r.status === 'failed' && r.level === 'MUST');
}

/**
 * Starts the blind implementation with `seed` (its world), behind a mutant's proxy when one is given, and
 * runs the check files (every one unless `files` names some) against it in the session, with the same
 * seed for the suite's properties, so a failing seed reproduces both sides. With `attempts`, the files
 * run again against the same mutant until a MUST requirement fails.
 */
export async function runOnBlind(
  session: SuiteSession,
  name: BlindName,
  seed: number,
  mutant?: Mutant,
  files?: readonly string[],
  attempts = 1,
): Promise<BlindRun> {
  const started = performance.now();
  const server = await blindImplementations[name](seed);
  const proxy = mutant ? await startMutant(server, mutant) : undefined;
  try {
    const once = async () => {
      const settings = mockRunSettings((proxy ?? server).profile, { seed });
      return files
        ? ((await session.runTargets([{ settings, files }]))[0] as SuiteRun)
        : await session.run(settings);
    };
    // A mutant that acts on what it saw before (a token accepted, a connection retrieved) may need the
    // files run once to see it: the same files again, against the same proxy, up to `attempts` times.
    let run = await once();
    for (let attempt = 1; attempt < attempts && !hasMustFailure(run); attempt++) run = await once();
    const requirements = requirementResults(run.checks);
    const failedAt = (level: string) =>
      requirements.filter((r) => r.status === 'failed' && r.level === level);
    const lines = (level: string) =>
      failedAt(level).map((r) => `${r.id} · ${r.failures[0]?.check ?? ''}: ${r.failures[0]?.message ?? ''}`);
    return {
      seed,
      mustFailures: lines('MUST'),
      mustFailed: failedAt('MUST').map((r) => r.id),
      shouldFailures: lines('SHOULD'),
      notExercised: requirements.filter((r) => r.status === 'not-exercised').map((r) => r.id),
      errors: run.errors,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await proxy?.close();
    await server.close();
  }
}
