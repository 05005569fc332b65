import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Check files that spend most of their time waiting on the target's clock (a token outliving its life). */
const waiting = /\/suites\/auth\/expiry\.check\.ts$/;

/**
 * vitest's own order, with the files that wait first: the token-expiry checks sit for seconds while
 * their token ages, so started first they age it while every other group runs, instead of holding the
 * run open at its end.
 */
export class WaitingFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [
      ...sorted.filter((f) => waiting.test(f.moduleId)),
      ...sorted.filter((f) => !waiting.test(f.moduleId)),
    ];
  }
}
