import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import setup from './temp-root.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'fds-temp-root-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A process id that no process holds: one of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe("the test run's temporary folder", () => {
  it('holds every temporary folder of the run, is removed at the end, and a stale one is removed', () => {
    const base = join(scratch, 'base');
    mkdirSync(base);
    const stale = join(base, `fds-test-run-${endedPid()}-abc`);
    const live = join(base, `fds-test-run-${process.ppid}-abc`);
    const other = join(base, 'fds-something-else');
    for (const folder of [stale, live, other]) mkdirSync(folder);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = base;
    try {
      const teardown = setup();
      const root = process.env.TMPDIR;
      expect(root).toMatch(new RegExp(`^${base}/fds-test-run-${process.pid}-`));
      expect(tmpdir()).toBe(root);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(live) && existsSync(other)).toBe(true);
      writeFileSync(join(root, 'left'), '');
      teardown();
      expect(existsSync(root)).toBe(false);
    } finally {
      process.env.TMPDIR = saved;
    }
  });

  it('is gone after a run interrupted with Ctrl-C', { timeout: 120_000 }, async () => {
    const base = join(scratch, 'interrupted');
    mkdirSync(base);
    const started = join(scratch, 'started');
    const child = spawn(
      process.execPath,
      [
        join(repo, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        'test/support/fixtures/interrupted.config.ts',
      ],
      { cwd: repo, env: { ...process.env, TMPDIR: base, FDS_STARTED: started }, stdio: 'ignore' },
    );
    const ended = new Promise((resolve) => child.on('exit', resolve));
    while (!existsSync(started)) await new Promise((resolve) => setTimeout(resolve, 100));
    // vitest itself may leave a file of its own there, before the set-up runs: only ours are counted.
    const ours = () => readdirSync(base).filter((entry) => entry.startsWith('fds-'));
    expect(ours()).toEqual([expect.stringMatching(/^fds-test-run-\d+-/)]);
    child.kill('SIGINT');
    await ended;
    expect(ours()).toEqual([]);
  });
});
