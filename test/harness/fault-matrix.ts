import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Fault } from '../../mock/faults/fault.ts';
import type { MockOptions } from '../../mock/options.ts';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import type { RunSettings } from '../../src/profile/profile.ts';
import { requirementResults, type RequirementResult } from '../../src/report/model.ts';
import { verdictOf } from '../../src/report/report.ts';
import { requirementById } from '../../src/requirements/catalogue.ts';
import { checkIndex, filesExercising } from '../../runner/check-index.ts';
import { SuiteSession, type SuiteRun } from './suite-session.ts';

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
    // The mock answers at once, from this process; a request that takes seconds only waits for a CPU that
    // a busy machine has lent elsewhere, and must not become a finding (no mock fault hangs).
    timeoutMs: 30_000,
    maxBodyBytes: 20 * 1024 * 1024,
    runId: randomUUID(),
    ...overrides,
  };
}

function summarise(
  checks: Parameters<typeof requirementResults>[0],
  errors: string[],
  seconds: number,
): MockRun {
  const requirements = requirementResults(checks);
  return {
    requirements,
    failed: requirements.filter((r) => r.status === 'failed').map((r) => r.id),
    errors,
    seconds,
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

/** Starts a mock with the options, runs every check file against it in the session, stops it. */
export async function runOnMock(session: SuiteSession, options: Partial<MockOptions>): Promise<MockRun> {
  const started = performance.now();
  const mock = await startMock({ ...options, judgeClients: false });
  try {
    const run = await session.run(mockRunSettings(mockProfile(mock)));
    return summarise(run.checks, run.errors, (performance.now() - started) / 1000);
  } finally {
    await mock.close();
  }
}

export interface FaultDetection {
  fault: string;
  expected: string;
  failed: string[];
  /** Failed requirements the fault neither breaks nor declares as collateral: misattributed failures. */
  collateral: string[];
  /** For each undeclared collateral requirement, the check that failed it and the first line of its message. */
  collateralEvidence: string[];
  /** The fault's requirement failed and the run was nonconformant (with --strict for a SHOULD requirement). */
  detected: boolean;
  /** The checks' own time against the fault's mock (faults run side by side, so not wall time). */
  seconds: number;
}

interface FaultRun extends MockTarget {
  fault: Fault;
  /** The check files that name the fault's requirement: the others cannot see it. */
  files: string[];
}

/** A mock of its own, and the check files to run against it. */
export interface MockTarget {
  options: Partial<MockOptions>;
  files: readonly string[];
}

/**
 * Targets in rounds that share no check file, so each round is one vitest run with every target's files
 * aimed at that target's own mock. Taking targets in order, each goes to the first round its files fit.
 */
function rounds<T extends { files: readonly string[] }>(targets: readonly T[]): T[][] {
  const result: { targets: T[]; files: Set<string> }[] = [];
  for (const target of targets) {
    let round = result.find((r) => target.files.every((file) => !r.files.has(file)));
    if (!round) {
      round = { targets: [], files: new Set() };
      result.push(round);
    }
    round.targets.push(target);
    for (const file of target.files) round.files.add(file);
  }
  return result.map((r) => r.targets);
}

/**
 * Each target's files against a fresh mock of its options, targets whose files do not overlap side by
 * side in one vitest run. `onRun` hears each target's run as its round ends; the runs come back in the
 * targets' order. A run's seconds are its checks' own (targets run side by side, so not wall time).
 */
export async function runOnMocks<T extends MockTarget>(
  session: SuiteSession,
  targets: readonly T[],
  onRun: (target: T, run: MockRun) => void = () => undefined,
  /** Settings of every run beside the mock's own profile (a seed, say). */
  overrides: Partial<RunSettings> = {},
): Promise<MockRun[]> {
  const runs = new Map<T, MockRun>();
  for (const round of rounds(targets.filter((target) => target.files.length > 0))) {
    const mocks = await Promise.all(
      round.map((target) => startMock({ ...target.options, judgeClients: false })),
    );
    try {
      const suiteRuns = await session.runTargets(
        round.map((target, i) => ({
          settings: mockRunSettings(mockProfile(mocks[i] as RunningMock), overrides),
          files: target.files,
        })),
      );
      round.forEach((target, i) => {
        const { checks, errors } = suiteRuns[i] as SuiteRun;
        const seconds = checks.reduce((sum, check) => sum + check.durationMs, 0) / 1000;
        const run = summarise(checks, errors, seconds);
        runs.set(target, run);
        onRun(target, run);
      });
    } finally {
      await Promise.all(mocks.map((mock) => mock.close()));
    }
  }
  return targets.map((target) => runs.get(target) ?? summarise([], [], 0));
}

function detection(run: FaultRun, mockRun: MockRun | undefined): FaultDetection {
  const failed = mockRun?.failed ?? [];
  const strict = requirementById(run.fault.requirement)?.level === 'SHOULD';
  const blocking = mockRun ? verdictOf(mockRun.requirements, { strict }).blocking : [];
  const declared = new Set<string>([
    run.fault.requirement,
    ...(run.fault.collateral ?? []).map((c) => c.requirement),
  ]);
  return {
    fault: run.fault.name,
    expected: run.fault.requirement,
    failed,
    collateral: failed.filter((id) => !declared.has(id)),
    collateralEvidence: (mockRun?.requirements ?? [])
      .filter((r) => r.status === 'failed' && !declared.has(r.id))
      .map((r) => `${r.id} ${r.failures[0]?.check ?? ''}: ${r.failures[0]?.message.split('\n')[0] ?? ''}`),
    detected: failed.includes(run.fault.requirement) && blocking.length > 0,
    seconds: mockRun?.seconds ?? 0,
  };
}

/**
 * The fault-detection matrix: the clean mock first (it must pass), then every fault, each against a
 * fresh mock of its own, running only the check files that name its requirement. Faults whose files do
 * not overlap run side by side in one vitest run, which keeps the matrix fast.
 */
export async function faultMatrix(
  faults: readonly Fault[],
  onResult: (result: FaultDetection) => void = () => undefined,
): Promise<{ clean: MockRun; detections: FaultDetection[] }> {
  const index = await checkIndex();
  const session = await openMockSession();
  try {
    const clean = await runOnMock(session, {});
    const runs: FaultRun[] = faults.map((fault) => ({
      fault,
      options: { faults: [fault.name] },
      files: filesExercising(fault.requirement, index),
    }));
    const detections = new Map<FaultRun, FaultDetection>();
    const detect = (run: FaultRun, mockRun?: MockRun) => {
      const result = detection(run, mockRun);
      detections.set(run, result);
      onResult(result);
    };
    for (const run of runs) if (run.files.length === 0) detect(run);
    await runOnMocks(session, runs, detect);
    return { clean, detections: runs.map((run) => detections.get(run) as FaultDetection) };
  } finally {
    await session.close();
  }
}
