/**
 * The offline tarball (README, Install; docs/decisions/016-offline-tarball.md): the ordinary tarball of
 * `npm pack` with the production dependencies bundled in, so `npm install --offline` into a project
 * needs no registry and no cache. Its platform packages (esbuild's, rollup's) are those of the machine
 * that packs it, and its name says which.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * `npm pack --json` in a folder, into a destination folder: the tarball's path and the files it holds.
 * The package's `prepare` prints its build on stdout before npm's JSON.
 */
export async function npmPack(
  folder: string,
  destination: string,
  options: string[] = [],
): Promise<{ tarball: string; files: string[] }> {
  const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', destination, ...options], {
    cwd: folder,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as {
    filename: string;
    files: { path: string }[];
  }[];
  return { tarball: join(destination, packed!.filename), files: packed!.files.map((file) => file.path) };
}

/** The offline tarball's name: the ordinary one's, then the platform its bundled binaries are for. */
export function offlineName(name: string, version: string): string {
  return `${name}-${version}-offline-${process.platform}-${process.arch}.tgz`;
}

/**
 * Makes the offline tarball of an ordinary one into `destination` and returns its path. The dependencies
 * are installed fresh from the repository's lockfile, production only (`npm ci --omit=dev`, from npm's
 * cache where it can), not taken from the checkout's node_modules: there esbuild's install script has
 * replaced its launcher with a hard link to the binary, which npm packs as a link entry and drops when it
 * unpacks.
 */
export async function offlineTarball(
  ordinary: string,
  destination: string,
  lockfile: string,
): Promise<string> {
  const stage = mkdtempSync(join(tmpdir(), 'fds-offline-'));
  try {
    await exec('tar', ['-xzf', ordinary, '-C', stage]);
    const folder = join(stage, 'package');
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      dependencies: Record<string, string>;
      scripts: Record<string, string>;
      bundleDependencies?: string[];
    };
    manifest.bundleDependencies = Object.keys(manifest.dependencies);
    // The tarball is built already; npm 11 would list `prepare` among the install scripts "not yet
    // covered by allowScripts" although it never runs it for a tarball.
    delete manifest.scripts.prepare;
    writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    copyFileSync(lockfile, join(folder, 'package-lock.json'));
    await exec(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: folder, maxBuffer: 64 * 1024 * 1024 },
    );
    const { tarball } = await npmPack(folder, stage, ['--ignore-scripts']);
    const offline = join(destination, offlineName(manifest.name, manifest.version));
    copyFileSync(tarball, offline);
    return offline;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
