import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultApiKey } from '../mock/options.ts';
import { mockProfile } from '../mock/profile.ts';
import { startMock } from '../mock/server.ts';
import { timedCommand } from './conformance-run.ts';

const bin = join(import.meta.dirname, '..', 'bin/fds-conformance.js');

export interface BudgetRun {
  /** The most requests that arrived at the target within any one second (a sliding window). */
  busiest: number;
  /** Requests that arrived, over the seconds from the first to the last. */
  meanRate: number;
  requests: number;
  exitCode: number;
}

/** The most of these moments (ms) within any sliding window of one second. */
export function busiestSecond(moments: readonly number[]): number {
  const sorted = [...moments].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= 1000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/** One busy child process per core, spinning until killed: a machine whose CPU is saturated. */
function saturate(): ChildProcess[] {
  return cpus().map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

/**
 * `--max-rps N` with the CPU saturated: the run (token and institutions checks) against the mock in this
 * process, which records each request's arrival; `times` runs, each judged on the recorded arrivals.
 */
export async function budgetUnderLoad(budget: number, times: number): Promise<BudgetRun[]> {
  const dir = mkdtempSync(join(tmpdir(), 'fds-bench-budget-'));
  const busy = saturate();
  const runs: BudgetRun[] = [];
  try {
    for (let i = 0; i < times; i++) {
      const arrivals: number[] = [];
      const mock = await startMock({
        apiKeys: { [defaultApiKey]: 3600 },
        onRequest: () => arrivals.push(performance.now()),
      });
      try {
        const { apiKey, ...profile } = mockProfile(mock);
        const file = join(dir, `profile-${i}.json`);
        writeFileSync(file, JSON.stringify(profile));
        const run = await timedCommand(
          [
            bin,
            '--profile',
            file,
            '--only',
            'token,institutions',
            '--max-rps',
            String(budget),
            '--out',
            join(dir, `run-${i}`),
          ],
          { FDS_API_KEY: apiKey },
        );
        const span = ((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)) / 1000;
        runs.push({
          busiest: busiestSecond(arrivals),
          meanRate: span > 0 ? arrivals.length / span : 0,
          requests: arrivals.length,
          exitCode: run.exitCode,
        });
      } finally {
        await mock.close();
      }
    }
  } finally {
    for (const child of busy) child.kill();
  }
  return runs;
}
