import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timedCommand, type CommandRun } from './conformance-run.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/fds-conformance.js');

export interface NightlyRun extends CommandRun {
  /** Requests the run sent (report.json traffic). */
  requests: number;
}

/** `fds-conformance mock` with these flags, in its own process; resolves with the profile file it printed. */
async function startMockProcess(
  flags: string[],
  dir: string,
): Promise<{ child: ChildProcess; profile: string }> {
  const child = spawn(process.execPath, [bin, 'mock', '--port', '0', ...flags], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('\n}')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the mock exited with code ${code}`)));
  });
  const profile = join(dir, 'profile.json');
  writeFileSync(profile, printed.slice(printed.indexOf('{'), printed.lastIndexOf('}') + 1));
  return { child, profile };
}

/**
 * The nightly use rehearsed (issue 14's speed targets): a full run against the mock answering every
 * request 50 ms late, with the default concurrency; and a full run held to `--max-rps`.
 */
export async function nightlyRun(mockFlags: string[], runFlags: string[]): Promise<NightlyRun> {
  const dir = mkdtempSync(join(tmpdir(), 'fds-bench-nightly-'));
  const { child, profile } = await startMockProcess(mockFlags, dir);
  try {
    const out = join(dir, 'report');
    const run = await timedCommand([bin, '--profile', profile, '--out', out, ...runFlags]);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      traffic?: { requests: number };
    };
    return { ...run, requests: report.traffic?.requests ?? 0 };
  } finally {
    child.kill();
  }
}
