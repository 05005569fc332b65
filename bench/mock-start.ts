import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Issue 31's start-up targets of the mock: `fds-conformance mock` printing its profile (installed, and
 * from a checkout through tsx), and `startMock()` in a fresh process. Each is timed in a process of its
 * own, so nothing is warm that a user's first start would not find cold.
 */

/** Milliseconds from spawning `node <args>` until its stdout holds the whole profile (it parses as JSON). */
export function timeToProfile(args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      try {
        JSON.parse(out);
      } catch {
        return; // not the whole profile yet
      }
      resolve(performance.now() - started);
      child.kill();
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`mock exited ${code} before printing its profile`)));
  });
}

export interface StartMockTime {
  /** Loading `fds-conformance/mock`, then the `startMock()` call until it resolves, in milliseconds. */
  importMs: number;
  startMs: number;
}

/** `startMock()` from the package installed in `project`, in a fresh process. */
export function timeStartMock(project: string): Promise<StartMockTime> {
  const script = join(project, 'time-start-mock.mjs');
  writeFileSync(
    script,
    `const t0 = performance.now();
const { startMock } = await import('fds-conformance/mock');
const t1 = performance.now();
const mock = await startMock();
const t2 = performance.now();
await mock.close();
console.log(JSON.stringify({ importMs: t1 - t0, startMs: t2 - t1 }));
`,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: project, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as StartMockTime) : reject(new Error(`exited ${code}`)),
    );
  });
}
