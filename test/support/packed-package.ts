import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { npmPack } from '../../scripts/offline-tarball.ts';

/** The checkout: what `npm pack` packs. */
export const repo = fileURLToPath(new URL('../..', import.meta.url));

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command in a folder, bounded against hanging only; its exit code, stdout and stderr. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: { ...process.env, ...env }, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

interface Packed {
  tarball: string;
  files: string[];
}

/**
 * The package as its users get it: `npm pack` of the checkout, once per test run, for every test file
 * that installs it. `npm pack` compiles dist/ in the checkout and removes it afterwards, so two packs at
 * once, from files running side by side, would each pull dist/ from under the other. The first file to
 * ask takes a lock (a folder: made or not, atomically) in the run's temporary folder
 * (test/support/temp-root.ts) and packs; the others wait for what it records, a failure included.
 */
export async function packedPackage(): Promise<Packed> {
  const folder = join(tmpdir(), 'fds-packed-package');
  const record = join(folder, 'packed.json');
  try {
    mkdirSync(folder);
  } catch {
    // Another file packs: bounded against a pack that never ends (npm's own time-outs end it first).
    for (let waited = 0; !existsSync(record); waited += 500) {
      if (waited > 600_000) throw new Error(`no tarball in ${folder} after 600 s`);
      await sleep(500);
    }
    const recorded = JSON.parse(readFileSync(record, 'utf8')) as Packed | { error: string };
    if ('error' in recorded) throw new Error(recorded.error);
    return recorded;
  }
  // Written whole, then renamed, so a waiting file never reads half of it.
  const recordAs = (result: Packed | { error: string }) => {
    writeFileSync(`${record}.part`, JSON.stringify(result));
    renameSync(`${record}.part`, record);
  };
  try {
    const packed = await npmPack(repo, folder);
    recordAs(packed);
    return packed;
  } catch (error) {
    recordAs({ error: `npm pack failed: ${(error as Error).message}` });
    throw error;
  }
}
