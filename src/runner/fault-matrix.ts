import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Fault } from '../../mock/faults/index.ts';
import type { MockOptions } from '../../mock/options.ts';
import { mockProfile } from '../../mock/profile.ts';
import { startMock } from '../../mock/server.ts';
import type { RunSettings } from '../profile/profile.ts';
import { requirementResults, type RequirementResult } from '../report/model.ts';
import { verdictOf } from '../report/report.ts';
import { requirementById } from '../requirements/catalogue.ts';
import { SuiteSession } from './run-suites.ts';
import { filesExercising, requirementIdsByFile } from './suite-index.ts';

export interface MockRun {
  requirements: RequirementResult[];
  failed: string[];
  errors: string[];
  seconds: number;
}

/** Settings for a run against the embedded mock: its own profile, a fixed seed, a fresh run id. */
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
    runId: randomUUID(),
    ...overrides,
  };
}

function summarise(
  checks: Parameters<typeof requirementResults>[0],
  errors: string[],
  started: number,
): MockRun {
  const requirements = requirementResults(checks);
  return {
    requirements,
    failed: requirements.filter((r) => r.status === 'failed').map((r) => r.id),
    errors,
    seconds: (performance.now() - started) / 1000,
  };
}

/** A suite session for runs against mocks; each run's settings come with the mock it starts. */
export function openMockSession(): Promise<SuiteSession> {
  const unused = {
    baseUrl: 'http://127.0.0.1:9',
    version: '2.0',
    versionHeader: 'service-version',
    readOnly: false,
    fixtures: {},
  };
  return SuiteSession.open(mockRunSettings(unused));
}

/** Starts a mock with the options, runs the check files given (all by default) in the session, stops it. */
export async function runOnMock(
  session: SuiteSession,
  options: Partial<MockOptions>,
  files?: readonly string[],
): Promise<MockRun> {
  const started = performance.now();
  const mock = await startMock(options);
  try {
    const run = await session.run(mockRunSettings(mockProfile(mock)), files);
    return summarise(run.checks, run.errors, started);
  } finally {
    await mock.close();
  }
}

export interface FaultDetection {
  fault: string;
  expected: string;
  failed: string[];
  /** The fault's requirement failed and the run was nonconformant (with --strict for a SHOULD requirement). */
  detected: boolean;
  seconds: number;
}

/**
 * The fault-detection matrix: the clean mock first (it must pass), then each fault, each against a fresh
 * mock, all through one vitest session. A fault runs only the check files that name its requirement:
 * the others cannot see it, and skipping them keeps the matrix fast.
 */
export async function faultMatrix(
  faults: readonly Fault[],
  onResult: (result: FaultDetection) => void = () => undefined,
): Promise<{ clean: MockRun; detections: FaultDetection[] }> {
  const index = requirementIdsByFile();
  const session = await openMockSession();
  const against = (options: Partial<MockOptions>, files?: readonly string[]) =>
    runOnMock(session, options, files);
  try {
    const clean = await against({});
    const detections: FaultDetection[] = [];
    for (const fault of faults) {
      const files = filesExercising(fault.requirement, index);
      const run = files.length > 0 ? await against({ faults: [fault.name] }, files) : undefined;
      const failed = run?.failed ?? [];
      const strict = requirementById(fault.requirement)?.level === 'SHOULD';
      const blocking = run ? verdictOf(run.requirements, { strict }).blocking : [];
      const result = {
        fault: fault.name,
        expected: fault.requirement,
        failed,
        detected: failed.includes(fault.requirement) && blocking.length > 0,
        seconds: run?.seconds ?? 0,
      };
      detections.push(result);
      onResult(result);
    }
    return { clean, detections };
  } finally {
    await session.close();
  }
}
