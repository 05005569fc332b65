import type { mockOwnGroup, OperationName, operations } from '../../src/operations/table.ts';

/** The operations of the mock's own group: the endpoints it serves that the spec only references by links. */
export type MockOwnOperationName = {
  [Name in OperationName]: (typeof operations)[Name]['group'] extends typeof mockOwnGroup ? Name : never;
}[OperationName];

/**
 * A named fault of the mock's own endpoints (docs/mock.md#what-the-mock-adds). Those endpoints are the mock's
 * choice, not the spec's, so such a fault breaks no requirement and the conformance suite, which checks
 * none of them, is never asked to catch it: the fault matrix leaves these out. The mock's own tests are:
 * test/mock/defined-parameters.test.ts runs the probe of the parameter the fault disarms with it in force
 * and expects the probe to fail.
 */
export interface MockOwnFault {
  name: string;
  /** The mock's own operations whose answers the fault changes. */
  operations: readonly MockOwnOperationName[];
  description: string;
}

export const mockOwnFaults = [
  {
    name: 'accounts-filter-ignored',
    operations: ['listAccounts', 'listConnectionAccounts'],
    description: 'the accounts lists check the filter, then list every account whatever it selects',
  },
] as const satisfies readonly MockOwnFault[];
