import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * The package as its users get it: `npm pack` of the checkout (which compiles it, prepack) into a
 * folder. The tarball's path and the files it holds; a failed pack throws with npm's stderr.
 */
export async function packPackage(destination: string): Promise<{ tarball: string; files: string[] }> {
  const packed = await run('npm', ['pack', '--json', '--pack-destination', destination], repo);
  if (packed.code !== 0) throw new Error(`npm pack failed (${packed.code}): ${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
    filename: string;
    files: { path: string }[];
  }[];
  if (!info) throw new Error(`npm pack printed no package: ${packed.stdout}`);
  return { tarball: join(destination, info.filename), files: info.files.map((file) => file.path) };
}
