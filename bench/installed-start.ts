import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timedCommand, type CommandRun } from './conformance-run.ts';
import { timeStartMock, timeToProfile, type StartMockTime } from './mock-start.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface InstalledStart {
  /** `du -sk` of the blank project's node_modules and of the installed package, in MB. */
  nodeModulesMb: number;
  packageMb: number;
  /** `fds-conformance --out …` against the embedded mock: the first run after install, then later ones. */
  firstRun: CommandRun;
  laterRuns: CommandRun[];
  /** `fds-conformance requirements`, the lightest command: first after install, then later. */
  firstRequirements: CommandRun;
  laterRequirements: CommandRun[];
  /** The same command from a git checkout, which compiles the TypeScript through tsx at run time. */
  checkoutRequirements: CommandRun[];
  /** `fds-conformance mock` until its profile is printed, in milliseconds: installed, then from the checkout. */
  mockProfileMs: number[];
  checkoutMockProfileMs: number[];
  /** `startMock()` from the installed package, each in a fresh process. */
  startMock: StartMockTime[];
}

const megabytes = (path: string) =>
  Number(execFileSync('du', ['-sk', path], { encoding: 'utf8' }).split('\t')[0]) / 1024;

/**
 * The package as a user installs it (`npm pack`, then `npm install -D` into a blank project), timed from
 * that project: each command in a fresh process, tsx's compile cache (under TMPDIR) fresh for the first.
 */
export async function installedStart(later = 3): Promise<InstalledStart> {
  const work = mkdtempSync(join(tmpdir(), 'fds-bench-install-'));
  const project = join(work, 'project');
  mkdirSync(project);
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
    cwd: root,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .at(-1) as string;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'blank', private: true }));
  execFileSync(
    'npm',
    ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', join(work, tarball)],
    {
      cwd: project,
      stdio: 'ignore',
    },
  );
  const installed = join(project, 'node_modules/fds-conformance');
  const bin = join(installed, 'bin/fds-conformance.js');
  const fresh = () => ({ TMPDIR: mkdtempSync(join(work, 'tmp-')) });
  const times = async (args: string[], count: number, cwd = project) => {
    const runs: CommandRun[] = [];
    for (let i = 0; i < count; i++) runs.push(await timedCommand(args, {}, cwd));
    return runs;
  };
  const firstRequirements = await timedCommand([bin, 'requirements'], fresh(), project);
  const firstRun = await timedCommand([bin, '--out', 'conf-first'], fresh(), project);
  const checkoutBin = join(root, 'bin/fds-conformance.js');
  const checkoutFirst = await timedCommand([checkoutBin, 'requirements'], fresh());
  return {
    nodeModulesMb: megabytes(join(project, 'node_modules')),
    packageMb: megabytes(installed),
    firstRun,
    laterRuns: await times([bin, '--out', 'conf'], later),
    firstRequirements,
    laterRequirements: await times([bin, 'requirements'], later),
    checkoutRequirements: [checkoutFirst, ...(await times([checkoutBin, 'requirements'], later, root))],
    mockProfileMs: await repeat(later, () => timeToProfile([bin, 'mock'], project)),
    checkoutMockProfileMs: await repeat(later, () => timeToProfile([checkoutBin, 'mock'], root)),
    startMock: await repeat(later, () => timeStartMock(project)),
  };
}

/** `count` measurements, one after the other, so none competes with another for the machine. */
async function repeat<T>(count: number, measure: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < count; i++) results.push(await measure());
  return results;
}
