import fc from 'fast-check';
import { Failure } from './failures.ts';
import { runSettings } from './run-context.ts';

/** A property that failed: its seed, path and shrunk counter-example reproduce it (`--seed`). */
export class PropertyFailure extends Failure {
  override name = 'PropertyFailure';
  constructor(
    message: string,
    readonly seed: number,
    readonly path: string,
    readonly counterexample: string,
    cause: unknown,
  ) {
    // The counter-example fails the rule its own assertion held.
    super(
      message,
      cause instanceof Failure ? cause.exchange : undefined,
      cause instanceof Failure ? cause.requirements : undefined,
    );
  }
}

/**
 * Runs a fast-check property over the target with the run's seed and number of runs. A failure is
 * shrunk to its smallest counter-example, whose exchange becomes the check's evidence.
 */
export async function forAll<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
): Promise<void> {
  const { seed, runs, path } = runSettings();
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      await predicate(value);
    }),
    // Shrinking re-sends requests; a time limit keeps a slow target from stretching one check out.
    { seed, numRuns: runs, ...(path ? { path } : {}), interruptAfterTimeLimit: 20_000 },
  );
  if (!details.failed) return;
  const counterexample = fc.stringify(details.counterexample?.[0]);
  const cause = details.errorInstance;
  const reason = cause instanceof Error ? cause.message : String(cause);
  throw new PropertyFailure(
    `property failed for ${counterexample} (seed ${details.seed}, path "${details.counterexamplePath}"):\n${reason}`,
    details.seed,
    details.counterexamplePath ?? '',
    counterexample,
    cause,
  );
}
