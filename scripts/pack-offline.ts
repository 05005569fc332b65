/**
 * `npm run pack:offline`: the offline tarball (scripts/offline-tarball.ts) in the current folder, its
 * name printed. The ordinary tarball it starts from is packed, as `npm pack` packs it, in a temporary
 * folder and removed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmPack, offlineTarball } from './offline-tarball.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'fds-pack-'));
try {
  const { tarball } = await npmPack(repo, work);
  console.log(basename(await offlineTarball(tarball, process.cwd(), join(repo, 'package-lock.json'))));
} catch (error) {
  // The command that failed and npm's own lines, which say why (a dependency neither in npm's cache nor
  // on a reachable registry, a build error); a stack trace of this script would say nothing more.
  console.error(`pack:offline: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
