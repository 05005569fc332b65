import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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
  /**
   * Peak of the resident memory of the process and its descendants together (vite's esbuild service,
   * which compiles the suites' TypeScript in a process of its own), sampled every 50 ms.
   */
  peakTreeRssMb: number;
  /**
   * CPU seconds of the process and the children it waited for (user and system), from its last sample of
   * `/proc/<pid>/stat`, up to 50 ms before it ended (Linux).
   */
  cpuSeconds: number;
  stdout: string;
}

/** utime + stime + cutime + cstime of a process, in seconds (clock ticks of 1/100 s), or 0 once it ended. */
function cpuOf(pid: number): number {
  try {
    // The fields after the command name, which may hold spaces, inside parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) / 100;
  } catch {
    return 0;
  }
}

/** `/proc/<pid>/status`, or '' once the process has ended. */
function procStatus(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
}

const kbField = (status: string, field: string): number =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);

/** The process's descendants, from each of its threads' `children` list (Linux). */
function descendants(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/).map(Number) : [])
        found.push(child, ...descendants(child));
    }
  } catch {
    // the process has just ended
  }
  return found;
}

/** Runs a command to its end, timing it and sampling its peak memory (VmHWM) every 50 ms. */
export function timedCommand(args: string[], env: NodeJS.ProcessEnv = {}, cwd = root): Promise<CommandRun> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env } });
    const pid = child.pid ?? 0;
    let stdout = '';
    let peakKb = 0;
    let peakTreeKb = 0;
    let cpuSeconds = 0;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    const sample = () => {
      cpuSeconds = Math.max(
        cpuSeconds,
        cpuOf(pid) + descendants(pid).reduce((sum, child) => sum + cpuOf(child), 0),
      );
      const statuses = [pid, ...descendants(pid)].map(procStatus);
      peakKb = Math.max(peakKb, kbField(statuses[0] ?? '', 'VmHWM'));
      peakTreeKb = Math.max(
        peakTreeKb,
        statuses.reduce((sum, status) => sum + kbField(status, 'VmRSS'), 0),
      );
    };
    const timer = setInterval(sample, 50);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({
        seconds: (performance.now() - started) / 1000,
        exitCode: code ?? 1,
        peakRssMb: peakKb / 1024,
        peakTreeRssMb: peakTreeKb / 1024,
        cpuSeconds,
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

/**
 * The full run against the embedded mock beside a trivial vitest run (one empty test), each `times` times
 * in turn, so both meet the same load: their medians and the ratio of the full run to the trivial one.
 */
export async function runRatio(times: number): Promise<{ trivial: CommandRun[]; full: CommandRun[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'fds-bench-trivial-'));
  writeFileSync(join(dir, 'trivial.test.mjs'), "import { it } from 'vitest';\nit('runs', () => {});\n");
  const vitest = join(root, 'node_modules/vitest/vitest.mjs');
  const trivial: CommandRun[] = [];
  const full: CommandRun[] = [];
  for (let i = 0; i < times; i++) {
    trivial.push(await timedCommand([vitest, 'run', '--root', dir], {}, dir));
    full.push(await timedCommand([bin, '--out', mkdtempSync(join(tmpdir(), 'fds-bench-run-'))]));
  }
  return { trivial, full };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
