import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultApiKey } from '../mock/options.ts';
import { MockProcess } from './mock-throughput.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/fds-conformance.js');

export interface CommandRun {
  seconds: number;
  exitCode: number;
  /** Peak resident memory of the process, sampled from /proc while it runs (Linux). */
  peakRssMb: number;
  stdout: string;
}

/** Runs a command to its end, timing it and sampling its peak memory (VmHWM) every 50 ms. */
export function timedCommand(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CommandRun> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let peakKb = 0;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    const sample = () => {
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
      } catch {
        // the process has just ended
      }
    };
    const timer = setInterval(sample, 50);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({
        seconds: (performance.now() - started) / 1000,
        exitCode: code ?? 1,
        peakRssMb: peakKb / 1024,
        stdout,
      });
    });
  });
}

/** The full run against the embedded mock, token-expiry wait included, as a user starts it. */
export async function fullRuns(times: number): Promise<CommandRun[]> {
  const runs: CommandRun[] = [];
  for (let i = 0; i < times; i++) {
    runs.push(await timedCommand([bin, '--out', mkdtempSync(join(tmpdir(), 'fds-bench-run-'))]));
  }
  return runs;
}

export interface LargeSnapshotResult {
  transactions: number;
  engine: { seconds: number; peakRssMb: number; pages: number; seen: number; problem: string | null };
  suite: CommandRun;
  /** The same suite against the seeded fixture snapshot: what the process costs before any large walk. */
  baseline: CommandRun;
}

/** The mock in its own process, its fixture snapshot grown to `size` transactions (0 leaves it seeded). */
async function withMock<T>(size: number, use: (mock: MockProcess) => Promise<T>): Promise<T> {
  const mock = await MockProcess.start({ FDS_BENCH_SNAPSHOT_SIZE: String(size) });
  try {
    return await use(mock);
  } finally {
    await mock.stop();
  }
}

/** `fds-conformance --only affordability` against the mock, as a user runs it against a remote target. */
function affordabilitySuite(mock: MockProcess): Promise<CommandRun> {
  const { userId, affordabilityId } = mock.fixture;
  const dir = mkdtempSync(join(tmpdir(), 'fds-bench-large-'));
  const profile = join(dir, 'profile.json');
  writeFileSync(profile, JSON.stringify({ baseUrl: mock.url, fixtures: { userId, affordabilityId } }));
  return timedCommand(
    [
      bin,
      '--profile',
      profile,
      '--only',
      'affordability',
      '--timeout-ms',
      '30000',
      '--out',
      join(dir, 'report'),
    ],
    { FDS_API_KEY: defaultApiKey },
  );
}

/**
 * A snapshot of `size` transactions, served by the mock in its own process: walked by the paging engine
 * alone (every transaction validated and its order checked), and by the whole affordability suite; and
 * that suite against the seeded snapshot, for the process's cost without it.
 */
export async function largeSnapshot(size: number): Promise<LargeSnapshotResult> {
  const baseline = await withMock(0, affordabilitySuite);
  return withMock(size, async (mock) => {
    const { userId, affordabilityId } = mock.fixture;
    const engineRun = await timedCommand([
      '--import',
      'tsx',
      join(root, 'bench/paging-walk.ts'),
      mock.url,
      defaultApiKey,
      userId,
      affordabilityId,
    ]);
    const engine = JSON.parse(engineRun.stdout.trim().split('\n').at(-1) ?? '{}') as {
      seconds: number;
      pages: number;
      transactions: number;
      problem: string | null;
    };
    return {
      transactions: size,
      engine: {
        seconds: engine.seconds,
        peakRssMb: engineRun.peakRssMb,
        pages: engine.pages,
        seen: engine.transactions,
        problem: engine.problem,
      },
      suite: await affordabilitySuite(mock),
      baseline,
    };
  });
}
