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
import { writtenLeaks, type WrittenRun } from './written-secrets.ts';

export interface MockRun {
  requirements: RequirementResult[];
  failed: string[];
  errors: string[];
  seconds: number;
  /** What the run's reports are written from, and the credentials it saw (written-secrets.ts); none for a target that ran no file. */
  written?: WrittenRun;
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

function summarise(written: WrittenRun | undefined, seconds: number): MockRun {
  const requirements = requirementResults(written?.checks ?? []);
  return {
    requirements,
    failed: requirements.filter((r) => r.status === 'failed').map((r) => r.id),
    errors: written?.errors ?? [],
    seconds,
    ...(written ? { written } : {}),
  };
}

/**
 * A mock as the sessions start one: every token it issues is kept, to look for in what the run wrote;
 * the options' own `onResponse` still hears every answer.
 */
async function startWitnessedMock(
  options: Partial<MockOptions>,
): Promise<{ mock: RunningMock; issued: string[] }> {
  const issued: string[] = [];
  const mock = await startMock({
    ...options,
    judgeClients: false,
    onResponse: (exchange) => {
      options.onResponse?.(exchange);
      const token = (exchange.body as { access_token?: unknown } | null | undefined)?.access_token;
      if (typeof token === 'string') issued.push(token);
    },
  });
  issued.push(...Object.keys(mock.options.apiKeys));
  return { mock, issued };
}

/** A run of a session as written-secrets.ts reads it: against the mock, with what the mock issued. */
function writtenRun(mock: RunningMock, issued: string[], run: SuiteRun): WrittenRun {
  return { profile: { ...mockProfile(mock) }, ...run, issued };
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
  const { mock, issued } = await startWitnessedMock(options);
  try {
    const run = await session.run(mockRunSettings(mockProfile(mock)));
    return summarise(writtenRun(mock, issued, run), (performance.now() - started) / 1000);
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
  /** Each credential the run saw that shows in what the CLI writes for it (written-secrets.ts). */
  leaks: string[];
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
    const mocks = await Promise.all(round.map((target) => startWitnessedMock(target.options)));
    try {
      const suiteRuns = await session.runTargets(
        round.map((target, i) => ({
          settings: mockRunSettings(mockProfile(mocks[i]?.mock as RunningMock), overrides),
          files: target.files,
        })),
      );
      round.forEach((target, i) => {
        const { mock, issued } = mocks[i] as { mock: RunningMock; issued: string[] };
        const suiteRun = suiteRuns[i] as SuiteRun;
        const seconds = suiteRun.checks.reduce((sum, check) => sum + check.durationMs, 0) / 1000;
        const run = summarise(writtenRun(mock, issued, suiteRun), seconds);
        runs.set(target, run);
        onRun(target, run);
      });
    } finally {
      await Promise.all(mocks.map(({ mock }) => mock.close()));
    }
  }
  return targets.map((target) => runs.get(target) ?? summarise(undefined, 0));
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
    leaks: mockRun?.written ? writtenLeaks(mockRun.written) : [],
  };
}

/**
 * The fault-detection matrix: the clean mock first (it must pass), then every fault, each against a
 * fresh mock of its own, running only the check files that name its requirement. Faults whose files do
 * not overlap run side by side in one vitest run, which keeps the matrix fast. Each run's report files
 * and console lines are written as the CLI writes them, and scanned for the credentials it saw
 * (`leaks`): the matrix's runs are the whole suite against every fault.
 */
export async function faultMatrix(
  faults: readonly Fault[],
  onResult: (result: FaultDetection) => void = () => undefined,
): Promise<{ clean: MockRun & { leaks: string[] }; detections: FaultDetection[] }> {
  const index = await checkIndex();
  const session = await openMockSession();
  try {
    const cleanRun = await runOnMock(session, {});
    const clean = { ...cleanRun, leaks: cleanRun.written ? writtenLeaks(cleanRun.written) : [] };
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
