import { performance } from 'node:perf_hooks';
import type { Fault } from '../../mock/faults.ts';
import type { MockOptions } from '../../mock/options.ts';
import { mockProfile } from '../../mock/profile.ts';
import { startMock } from '../../mock/server.ts';
import type { RunSettings } from '../profile/profile.ts';
import { requirementResults, type RequirementResult } from '../report/model.ts';
import { runSuites } from './run-suites.ts';
import { groupsExercising, requirementIdsByGroup } from './suite-index.ts';

export interface MockRun {
  requirements: RequirementResult[];
  failed: string[];
  errors: string[];
  seconds: number;
}

/** Settings for a run against the embedded mock: its own profile, a fixed seed, few property runs. */
export function mockRunSettings(
  profile: RunSettings['profile'],
  overrides: Partial<RunSettings> = {},
): RunSettings {
  return {
    profile,
    seed: 42,
    runs: 25,
    concurrency: 8,
    timeoutMs: 5_000,
    maxBodyBytes: 20 * 1024 * 1024,
    runId: 'self-test',
    ...overrides,
  };
}

/** Runs the suites (or some groups) against a freshly started mock with the given options. */
export async function runAgainstMock(options: Partial<MockOptions> = {}, only?: string[]): Promise<MockRun> {
  const started = performance.now();
  const mock = await startMock(options);
  try {
    const run = await runSuites({ settings: mockRunSettings(mockProfile(mock)), ...(only ? { only } : {}) });
    const requirements = requirementResults(run.checks);
    return {
      requirements,
      failed: requirements.filter((r) => r.status === 'failed').map((r) => r.id),
      errors: run.errors,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await mock.close();
  }
}

export interface FaultDetection {
  fault: string;
  expected: string;
  failed: string[];
  detected: boolean;
  seconds: number;
}

/**
 * Runs the suite groups that exercise a fault's requirement against the mock with that fault. Only
 * those groups: the others cannot see the requirement, and skipping them keeps the matrix fast.
 */
export async function detectFault(fault: Fault, index = requirementIdsByGroup()): Promise<FaultDetection> {
  const groups = groupsExercising(fault.requirement, index);
  if (groups.length === 0)
    return { fault: fault.name, expected: fault.requirement, failed: [], detected: false, seconds: 0 };
  const run = await runAgainstMock({ faults: [fault.name] }, groups);
  return {
    fault: fault.name,
    expected: fault.requirement,
    failed: run.failed,
    detected: run.failed.includes(fault.requirement),
    seconds: run.seconds,
  };
}
