import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/document.ts';
import { groups, outOfScopeFile } from '../../src/requirements/catalogue.ts';

/**
 * The package as its users get it (README, Quick start): packed with `npm pack`, installed as a dev
 * dependency of a blank project, and run from that project's folder. Every path a user gives resolves
 * against that folder, and nothing is written inside the installed package.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'fds-package-'));
const project = join(work, 'project');
const installed = join(project, 'node_modules', 'fds-conformance');
const reportFiles = ['checks.json', 'junit.xml', 'report.html', 'report.json', 'report.md'];

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Result> {
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

describe('the packed package, installed in a blank project', { timeout: 240_000 }, () => {
  let tarball: string;
  let packedFiles: string[];
  let before: Map<string, string>;
  let mock: ChildProcess | undefined;

  beforeAll(async () => {
    const packed = await run('npm', ['pack', '--json', '--pack-destination', work], repo);
    expect(packed.code, packed.stderr).toBe(0);
    const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
      filename: string;
      files: { path: string }[];
    }[];
    tarball = join(work, info!.filename);
    packedFiles = info!.files.map((file) => file.path);
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

  afterAll(() => {
    // npx runs the mock in a child of its own: the signal goes to the whole process group, or the mock
    // would live on after the tests.
    if (mock?.pid) process.kill(-mock.pid);
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
    expect(result.stdout).toMatch(/^ {2}institutions +\d+ checks: \d+ passed, 0 failed/m);
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
