import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The prefix of a test run's temporary folder; its process id follows, so a later run can tell it stale. */
const prefix = 'fds-test-run-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds that id, so the folder may still be in use.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * vitest's global setup: every temporary folder of this test run, the tests' own and those of the
 * processes they start (npm, the CLI, the mock), lies under one folder, since TMPDIR names it before any
 * worker starts. So an interrupted `npm test` leaves nothing behind: vitest ends on Ctrl-C or SIGTERM
 * through process exit, which removes the folder, and a run killed outright (SIGKILL, a lost machine)
 * leaves one folder that the next run removes, as its process is gone.
 */
export default function setup(): () => void {
  const base = tmpdir();
  for (const entry of readdirSync(base)) {
    const pid = Number(/^fds-test-run-(\d+)-/.exec(entry)?.[1]);
    if (pid && pid !== process.pid && !alive(pid))
      rmSync(join(base, entry), { recursive: true, force: true });
  }
  const root = mkdtempSync(join(base, `${prefix}${process.pid}-`));
  process.env.TMPDIR = root;
  const remove = () => rmSync(root, { recursive: true, force: true });
  process.once('exit', remove);
  return () => {
    process.off('exit', remove);
    remove();
  };
}
