import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Check files that spend most of their time waiting for the target's clock: a token ageing past expires_in. */
const waiting = (spec: TestSpecification) => /[/\\]auth[/\\]expiry\.check\.[jt]s$/.test(spec.moduleId);

/**
 * vitest's order (larger files first), with the files that wait first: the token-expiry scenario waits
 * out its token's life, so it starts at once and every other check runs while the token ages, instead of
 * the wait coming last on the run's critical path. Within each group of projects (vitest calls the
 * sequencer once per group), so projects keep their groupOrder.
 */
export class WaitsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(waiting), ...sorted.filter((spec) => !waiting(spec))];
  }
}
