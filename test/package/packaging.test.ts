import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineName, offlineTarball } from '../../scripts/offline-tarball.ts';
import { openApiDocument } from '../../src/openapi/document.ts';
import { groups, outOfScopeFile } from '../../src/requirements/catalogue.ts';
import { packedPackage, repo, run, type Result } from '../support/packed-package.ts';

/**
 * The package as its users get it (README, Quick start): packed with `npm pack`, installed as a dev
 * dependency of a blank project, and run from that project's folder. Every path a user gives resolves
 * against that folder, and nothing is written inside the installed package. Then the offline tarball
 * made from the same pack (`npm run pack:offline`), installed where no registry answers. The pack is the
 * test run's one (test/support/packed-package.ts).
 */
const work = mkdtempSync(join(tmpdir(), 'fds-package-'));
const project = join(work, 'project');
const installed = join(project, 'node_modules', 'fds-conformance');
const reportFiles = ['checks.json', 'junit.xml', 'report.html', 'report.json', 'report.md'];

/** `npx fds-conformance …` in the blank project, as a user types it. */
const npx = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run('npx', ['--no-install', 'fds-conformance', ...args], project, env);

/** Every file under a folder with its size and modification time, to see that a run wrote nothing there. */
function snapshot(folder: string): Map<string, string> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  return new Map(
    files.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const { size, mtimeMs } = statSync(path);
      return [path, `${size} ${mtimeMs}`];
    }),
  );
}

let tarball: string;
let packedFiles: string[];

beforeAll(async () => {
  ({ tarball, files: packedFiles } = await packedPackage());
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed package, installed in a blank project', { timeout: 240_000 }, () => {
  let before: Map<string, string>;
  let mock: ChildProcess | undefined;

  beforeAll(async () => {
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'blank', private: true }));
    const install = await run(
      'npm',
      ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', tarball],
      project,
    );
    expect(install.code, install.stderr).toBe(0);
    before = snapshot(installed);
  }, 300_000);

  /** Mocks started in a process group of their own, ended with it after the tests. */
  const left: ChildProcess[] = [];

  afterAll(() => {
    // npx runs the mock in a child of its own: the signal goes to the whole process group, or the mock
    // would live on after the tests.
    for (const child of [mock, ...left]) {
      try {
        if (child?.pid) process.kill(-child.pid);
      } catch {
        // That group has ended already.
      }
    }
  });

  it('ships what a run needs, compiled, and nothing it does not', () => {
    const needed = [
      'bin/',
      'src/',
      'suites/',
      'schemas/',
      'mock/',
      'fixtures/world/',
      'cli/',
      'runner/reporters/',
    ];
    for (const folder of needed)
      expect(
        packedFiles.some((path) => path.startsWith(folder === 'bin/' ? folder : `dist/${folder}`)),
        folder,
      ).toBe(true);
    expect(packedFiles).toEqual(
      expect.arrayContaining(
        [...groups.map((group) => `${group}.json`), outOfScopeFile].map(
          (file) => `dist/src/requirements/catalogue/${file}`,
        ),
      ),
    );
    // The example profile's $schema, for editors, names the schema in the installed package.
    const { $schema } = JSON.parse(readFileSync(join(repo, 'examples/nightly-profile.json'), 'utf8')) as {
      $schema: string;
    };
    expect(packedFiles).toContain($schema.replace('./node_modules/fds-conformance/', ''));
    // README's links lead to docs/, which ships beside it, so they resolve in node_modules too.
    expect(packedFiles).toEqual(expect.arrayContaining(['docs/design.md', 'docs/mock.md']));
    // The recipes (README.md, docs/nightly.md) point at them: the CI workflow, the nightly script and its profile.
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        'examples/github-actions.yml',
        'examples/nightly.sh',
        'examples/nightly-profile.json',
      ]),
    );
    const unwanted = packedFiles.filter(
      (path) =>
        !/^(bin\/|dist\/|docs\/|examples\/|package\.json$|README\.md$|LICENSE)/.test(path) ||
        /\.test\.|\.tgz$/.test(path) ||
        (path.endsWith('.ts') && !path.endsWith('.d.ts')),
    );
    expect(unwanted).toEqual([]);
    // The project's test rig (test/harness/: the fault matrix, its report, the sessions and their pool) is
    // not the product: no file of it is packed, under its folder or under its name anywhere else.
    const rig = readdirSync(join(repo, 'test', 'harness')).map((file) => file.replace(/\.ts$/, ''));
    expect(rig.length).toBeGreaterThan(0);
    expect(
      packedFiles.filter(
        (path) =>
          path.includes('test/harness/') ||
          rig.some((name) => path.split('/').at(-1)?.startsWith(`${name}.`)),
      ),
    ).toEqual([]);
  });

  it('runs against the embedded mock and writes every report under the caller’s --out', async () => {
    const result = await npx(['--out', 'conf']);
    expect(result.code, result.stderr).toBe(0);
    // npx may warn about the machine's npm configuration; nothing else reaches stderr.
    expect(result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('npm warn'))).toEqual(
      [],
    );
    expect(result.stdout).not.toMatch(/JUNIT|report written to/);
    expect(readdirSync(join(project, 'conf')).sort()).toEqual(reportFiles);
    expect(snapshot(installed)).toEqual(before);
  });

  it('runs with a profile against a separately started `npx fds-conformance mock --profile-out`', async () => {
    mock = spawn(
      'npx',
      ['--no-install', 'fds-conformance', 'mock', '--port', '0', '--profile-out', 'fds-profile.json'],
      { cwd: project, detached: true },
    );
    let printed = '';
    mock.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await expect.poll(() => printed.includes('\n}'), { timeout: 240_000, interval: 200 }).toBe(true);
    // stdout is the profile alone, and the file holds the same profile.
    expect(JSON.parse(printed)).toEqual(JSON.parse(readFileSync(join(project, 'fds-profile.json'), 'utf8')));
    const result = await npx([
      '--profile',
      'fds-profile.json',
      '--only',
      'token,institutions',
      '--out',
      'against-mock',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(join(project, 'against-mock')).sort()).toEqual(reportFiles);
    expect(snapshot(installed)).toEqual(before);
  });

  it('stops the mock when the npx that started it is killed, and frees its port (docs/mock.md)', async () => {
    // Its own process group, so that whatever a failure leaves is ended with it (afterAll), while the
    // test's signal goes to npx's pid alone, as `kill $PID` or a script's `kill %1` sends it.
    const started = spawn('npx', ['--no-install', 'fds-conformance', 'mock', '--port', '0'], {
      cwd: project,
      detached: true,
    });
    left.push(started);
    let stderr = '';
    started.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await expect
      .poll(() => /listening on (\S+?);/.exec(stderr), { timeout: 240_000, interval: 200 })
      .toBeTruthy();
    const url = new URL(/listening on (\S+?);/.exec(stderr)![1]!);
    const answers = () =>
      fetch(new URL('/token', url), { method: 'POST' }).then(
        () => true,
        () => false,
      );
    expect(await answers()).toBe(true);
    started.kill('SIGTERM');
    await expect.poll(answers, { timeout: 60_000, interval: 250 }).toBe(false);
  });

  it('runs the suites under the project’s own vitest configuration and writes the same report files', async () => {
    writeFileSync(
      join(project, 'vitest.conformance.config.mjs'),
      [
        "import { defineConfig } from 'vitest/config';",
        "import { conformanceConfig } from 'fds-conformance/vitest';",
        'export default defineConfig({',
        "  test: conformanceConfig(['--profile', 'fds-profile.json', '--only', 'token,institutions', '--out', 'own-vitest']),",
        '});',
      ].join('\n'),
    );
    const result = await run(
      'npx',
      ['--no-install', 'vitest', 'run', '--config', 'vitest.conformance.config.mjs'],
      project,
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}institutions +\d+ checks: \d+ passed, 0 partly exercised, 0 failed/m);
    expect(readdirSync(join(project, 'own-vitest')).sort()).toEqual(reportFiles);
    expect(snapshot(installed)).toEqual(before);
  });

  it('starts the mock from the project’s own script through `fds-conformance/mock`', async () => {
    writeFileSync(
      join(project, 'start-mock.mjs'),
      [
        "import { defaultApiKey, startMock } from 'fds-conformance/mock';",
        'const mock = await startMock({ tokenTtl: 90 });',
        'const response = await fetch(`${mock.url}/token`, {',
        "  method: 'POST',",
        '  headers: {',
        '    authorization: `Basic ${defaultApiKey}`,',
        "    'service-version': '2.0',",
        "    'content-type': 'application/x-www-form-urlencoded',",
        '  },',
        "  body: 'scope=SERVER_ACCESS',",
        '});',
        'const { expires_in } = await response.json();',
        'await mock.close();',
        'console.log(JSON.stringify({ status: response.status, expires_in }));',
      ].join('\n'),
    );
    const started = await run(process.execPath, ['start-mock.mjs'], project);
    expect(started.code, started.stderr).toBe(0);
    expect(JSON.parse(started.stdout)).toEqual({ status: 200, expires_in: 90 });
    expect(snapshot(installed)).toEqual(before);
  });

  it('runs docs/mock.md’s example of the mock in a client’s tests, which type-checks against the package’s types', async () => {
    const mockDoc = readFileSync(join(repo, 'docs', 'mock.md'), 'utf8');
    const example = /```ts\n(\/\/ test\/institutions\.test\.ts\n[^]*?)```/.exec(mockDoc)?.[1];
    expect(example, 'docs/mock.md: In your application’s tests').toBeDefined();
    writeFileSync(join(project, 'institutions.test.mts'), example!);
    const tested = await run('npx', ['--no-install', 'vitest', 'run', 'institutions.test.mts'], project);
    expect(tested.code, tested.stdout + tested.stderr).toBe(0);
    expect(stripVTControlCharacters(tested.stdout)).toMatch(/Tests +3 passed/);
    const { exports } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      exports: Record<string, { types?: string }>;
    };
    expect(exports['./mock']?.types).toBe('./dist/mock/index.d.ts');
    // Wrong options must fail the check: it proves the exports entry's types resolved, not `any`.
    writeFileSync(
      join(project, 'wrong-option.mts'),
      [
        "import { startMock } from 'fds-conformance/mock';",
        '// @ts-expect-error latencyMs is a number of milliseconds',
        "await startMock({ latencyMs: 'slow' });",
        '// @ts-expect-error a name that is no fault of the mock (FaultName)',
        "await startMock({ faults: ['no-such-fault'] });",
      ].join('\n'),
    );
    // The repository's TypeScript and Node types: the blank project has neither.
    const tsc = await run(
      process.execPath,
      [
        join(repo, 'node_modules', 'typescript', 'bin', 'tsc'),
        ...['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022'],
        ...['--module', 'nodenext', '--moduleResolution', 'nodenext'],
        ...['--types', 'node', '--typeRoots', join(repo, 'node_modules', '@types')],
        'institutions.test.mts',
        'wrong-option.mts',
      ],
      project,
    );
    expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0);
    expect(snapshot(installed)).toEqual(before);
  });

  it('validates a payload, prints the catalogue, merges reports, lists the faults and writes the OpenAPI document from there', async () => {
    // The version is read from the installed package.json, one folder above the compiled dist/.
    const version = await npx(['--version']);
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version,
    );
    const help = await npx(['run', '--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^ {2}--max-rps N +\S/m);
    writeFileSync(
      join(project, 'token.json'),
      JSON.stringify({ access_token: 'abc', token_type: 'Bearer', expires_in: 3600 }),
    );
    const validate = await npx(['validate', 'token', 'token.json']);
    expect(validate.code, validate.stderr).toBe(0);
    const requirements = await npx(['requirements', '--format', 'json']);
    expect(requirements.code, requirements.stderr).toBe(0);
    expect(requirements.stdout).toContain('TOKEN-01');
    const merged = await npx(['merge-reports', 'conf', '--out', 'merged']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(readdirSync(join(project, 'merged'))).toContain('report.json');
    const faults = await npx(['mock', '--list-faults']);
    expect(faults.code, faults.stderr).toBe(0);
    expect(faults.stdout).toMatch(/^token-\S+ +TOKEN-\d\d /m);
    // The document is built from the schemas shipped in dist/: the same document a checkout writes.
    const openapi = await npx(['openapi', '--out', 'fds-api.json']);
    expect(openapi.code, openapi.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(project, 'fds-api.json'), 'utf8'))).toEqual(openApiDocument());
    expect(snapshot(installed)).toEqual(before);
  });
});

describe(
  'the offline tarball, installed with no registry and an empty npm cache',
  { timeout: 240_000 },
  () => {
    const offlineProject = join(work, 'offline-project');
    // No registry answers at this address, so a fetch the tarball should have made unnecessary fails fast.
    const noRegistry = {
      npm_config_offline: 'true',
      npm_config_cache: join(work, 'empty-cache'),
      npm_config_registry: 'http://127.0.0.1:9',
    };
    let offline: string;
    let install: Result;

    beforeAll(async () => {
      offline = await offlineTarball(tarball, work, join(repo, 'package-lock.json'));
      mkdirSync(offlineProject);
      writeFileSync(join(offlineProject, 'package.json'), JSON.stringify({ name: 'blank', private: true }));
      install = await run(
        'npm',
        ['install', '--offline', '--save-dev', '--no-audit', '--no-fund', offline],
        offlineProject,
        noRegistry,
      );
    }, 600_000);

    it('bundles every production dependency, this platform’s binaries among them, and no development one', async () => {
      const listed = await run('tar', ['-tzf', offline], work);
      expect(listed.code, listed.stderr).toBe(0);
      // package/node_modules/vite/node_modules/rollup/dist/… → node_modules/vite/node_modules/rollup
      const bundled = new Set(
        listed.stdout
          .split('\n')
          .map((path) => /^package\/((?:node_modules\/(?:@[^/]+\/)?[^/]+\/)+)/.exec(path)?.[1]?.slice(0, -1))
          .filter((folder) => folder !== undefined),
      );
      const { packages } = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as {
        packages: Record<string, { dev?: boolean; devOptional?: boolean; optional?: boolean }>;
      };
      const locked = Object.entries(packages).filter(([folder]) => folder !== '');
      const production = locked.filter(([, entry]) => !entry.dev && !entry.devOptional && !entry.optional);
      const development = locked.filter(([, entry]) => entry.dev || entry.devOptional);
      expect(production.length).toBeGreaterThan(0);
      expect(production.map(([folder]) => folder).filter((folder) => !bundled.has(folder))).toEqual([]);
      expect(development.map(([folder]) => folder).filter((folder) => bundled.has(folder))).toEqual([]);
      const platform = `${process.platform}-${process.arch}`;
      expect([...bundled]).toContain(`node_modules/@esbuild/${platform}`);
      expect([...bundled].some((folder) => folder.includes(`/@rollup/rollup-${platform}`))).toBe(true);
    });

    it('installs with nothing fetched and no warning, as README’s recipe says', () => {
      expect(install.code, install.stderr).toBe(0);
      expect(install.stdout).toMatch(/added 1 package/);
      expect(install.stderr).not.toMatch(/allowScripts|install-scripts/);
      // README names the file as packed on Linux x64; the recipe is the same on any platform.
      const { name, version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
        name: string;
        version: string;
      };
      const file = offlineName(name, version).replace(`${process.platform}-${process.arch}`, 'linux-x64');
      const readme = readFileSync(join(repo, 'README.md'), 'utf8');
      expect(readme).toContain('npm run pack:offline');
      expect(readme).toContain(`npm install --offline --save-dev ./${file}`);
    });

    it('runs against the embedded mock from the project’s folder: conformant', async () => {
      const result = await run(
        'npx',
        ['--no-install', 'fds-conformance', '--out', 'conf'],
        offlineProject,
        noRegistry,
      );
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^conformant/m);
      expect(readdirSync(join(offlineProject, 'conf')).sort()).toEqual(reportFiles);
    });
  },
);
