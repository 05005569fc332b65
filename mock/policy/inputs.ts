import type { FaultName } from '../faults/names.ts';
import type { MockVariants } from '../variants/types.ts';

/** What a group's policy is built from: the readings the mock shows and the faults in force. */
export interface PolicyInputs {
  variants: MockVariants;
  fault(name: FaultName): boolean;
}
