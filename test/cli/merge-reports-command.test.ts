import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeReportsCommand } from '../../cli/merge-reports-command.ts';
import type { CheckResult } from '../../src/report/model.ts';
import type { Report } from '../../src/report/report.ts';
import type { Selection } from '../../src/report/selection.ts';
import { Output } from '../../src/output.ts';
import { Secrets } from '../../src/http/secrets.ts';
import { UsageError } from '../../src/usage-error.ts';
import { packageVersion } from '../../src/package-root.ts';

/** An output whose stdout lines land in `lines`. */
const printingTo = (lines: string[]) => new Output(undefined, { stdout: (line) => lines.push(line) });

/** Two shards' checks.json, as `--shard` runs write them: one passed check each, one of them flaky. */
function shards(dir: string): string[] {
  const check = (name: string, requirement: string, state: CheckResult['state']): CheckResult => ({
    name,
    file: `suites/institutions/${name}.check.ts`,
    requirements: [requirement],
    state,
    durationMs: 1,
    ...(state === 'flaky' ? { message: 'failed once, then passed' } : {}),
  });
  const parts = [[check('list', 'INST-01', 'passed')], [check('fields', 'INST-02', 'flaky')]];
  return parts.map((checks, i) => {
    const shard = join(dir, `s${i + 1}`);
    mkdirSync(shard, { recursive: true });
    const run = {
      target: { baseUrl: 'x', embeddedMock: false, version: '2.0' },
      seed: 1,
      startedAt: new Date(0).toISOString(),
      durationMs: 5,
    };
    writeFileSync(join(shard, 'checks.json'), JSON.stringify({ ...run, checks }));
    return shard;
  });
}

describe('fds-conformance merge-reports', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fds-merge-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const parts = shards(dir);
  const lines: string[] = [];

  it('passes the shards of a run whose only flaw is a flaky requirement, and fails them with --fail-on-flaky', () => {
    expect(
      mergeReportsCommand([...parts, '--out', join(dir, 'lenient'), '--allow-incomplete'], printingTo(lines)),
    ).toBe(0);
    const strict = join(dir, 'strict');
    expect(
      mergeReportsCommand(
        [...parts, '--out', strict, '--allow-incomplete', '--fail-on-flaky'],
        printingTo(lines),
      ),
    ).toBe(1);
    // junit.xml agrees with the exit code: the flaky requirement is a failure there too.
    expect(readFileSync(join(strict, 'junit.xml'), 'utf8')).toMatch(/<testsuites[^>]* failures="[1-9]/);
  });
});

describe("merge-reports of shards that each left out the other shard's checks", () => {
  const dir = mkdtempSync(join(tmpdir(), 'fds-merge-left-out-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const checkOf = (name: string) => ({
    name,
    file: `suites/institutions/${name}.check.ts`,
    requirements: ['INST-01'],
  });
  /** Shard i of 2 ran its check of INST-01 and left out the other's, and `also` besides. */
  const shard = (index: number, also: ReturnType<typeof checkOf>[]) => {
    const folder = join(dir, `${also.length}-s${index}`);
    mkdirSync(folder, { recursive: true });
    const [mine, theirs] = index === 1 ? ['list', 'fields'] : ['fields', 'list'];
    const run = {
      tool: { name: 'fds-conformance', version: packageVersion },
      target: { baseUrl: 'http://staging', embeddedMock: false, version: '2.0' },
      seed: 7,
      startedAt: new Date(0).toISOString(),
      durationMs: 5,
      selection: { shard: { index, count: 2 }, readOnly: false, selected: 1 },
      checks: [{ ...checkOf(mine), state: 'passed', durationMs: 1 }],
      leftOut: [checkOf(theirs), ...also],
    };
    writeFileSync(join(folder, 'checks.json'), JSON.stringify(run));
    return folder;
  };
  const merged = (also: ReturnType<typeof checkOf>[]) => {
    const out = join(dir, `merged-${also.length}`);
    mergeReportsCommand(
      [shard(1, also), shard(2, also), '--out', out, '--allow-incomplete'],
      new Output(new Secrets(), { stdout: () => undefined }),
    );
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
    return report.requirements.find((r) => r.id === 'INST-01');
  };

  it("passes a requirement whose checks some shard ran, each left out only by the other's", () => {
    expect(merged([])?.status).toBe('passed');
  });

  it('keeps it partly exercised for a check that no shard ran', () => {
    expect(merged([checkOf('elsewhere')])).toMatchObject({
      status: 'partly-exercised',
      notRun: [{ check: 'elsewhere', reason: 'left out of the run' }],
    });
  });
});

/** A shard's checks.json as a run of this version writes it, with what a test changes in it. */
function shardFolder(
  dir: string,
  name: string,
  shard: { index: number; count: number } | undefined,
  change: { baseUrl?: string; version?: string; tool?: string; only?: string[]; seed?: number } = {},
): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  const selection: Selection = {
    ...(change.only ? { only: change.only } : {}),
    ...(shard ? { shard } : {}),
    readOnly: false,
    selected: 1,
  };
  const check: CheckResult = {
    name: `check of ${name}`,
    file: 'suites/institutions/list.check.ts',
    requirements: ['INST-01'],
    state: 'passed',
    durationMs: 1,
  };
  const run = {
    tool: { name: 'fds-conformance', version: change.tool ?? packageVersion },
    target: {
      baseUrl: change.baseUrl ?? 'http://staging',
      embeddedMock: false,
      version: change.version ?? '2.0',
    },
    seed: change.seed ?? 7,
    startedAt: new Date(0).toISOString(),
    durationMs: 5,
    selection,
    checks: [check],
  };
  writeFileSync(join(folder, 'checks.json'), JSON.stringify(run));
  return folder;
}

describe('merge-reports holds the shards to one run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fds-merge-shards-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const of3 = (index: number, change = {}) =>
    shardFolder(
      dir,
      `s${index}of3-${JSON.stringify(change).replace(/\W/g, '')}`,
      { index, count: 3 },
      change,
    );
  const [one, two, three] = [of3(1), of3(2, { seed: 8 }), of3(3, { seed: 9 })] as [string, string, string];
  const merge =
    (...folders: string[]) =>
    () =>
      mergeReportsCommand([...folders, '--out', join(dir, 'merged'), '--allow-incomplete'], new Output());

  it('joins every shard of a split once, whatever their seeds, and records the shards joined', () => {
    const lines: string[] = [];
    const out = join(dir, 'joined');
    expect(
      mergeReportsCommand([three, one, two, '--out', out, '--allow-incomplete'], printingTo(lines)),
    ).toBe(0);
    expect(lines).toEqual([`merged 3 reports: conformant (shards 3/3, 1/3, 2/3 merged); reports in ${out}/`]);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
    expect(report.selection?.merged).toEqual([
      { shard: { index: 3, count: 3 }, seed: 9 },
      { shard: { index: 1, count: 3 }, seed: 7 },
      { shard: { index: 2, count: 3 }, seed: 8 },
    ]);
    expect(report.selection?.shard).toBeUndefined();
    expect(readFileSync(join(out, 'report.md'), 'utf8').split('\n')[0]).toBe(
      '# ✅ FDS conformance: conformant (shards 3/3, 1/3, 2/3 merged)',
    );
  });

  it.each([
    [
      'the same shard twice',
      () => [one, two, one],
      /^merge-reports: .*s1of3.* and .*s1of3.* are both shard 1\/3$/,
    ],
    [
      'a missing shard',
      () => [one, three],
      /^merge-reports: shard 2\/3 missing: give the report folder of each --shard run$/,
    ],
    [
      'shards of another split',
      () => [one, two, shardFolder(dir, 's3of4', { index: 3, count: 4 })],
      /^merge-reports: .*s3of4 is shard 3\/4, .*s1of3.* shard 1\/3: shards of different splits$/,
    ],
    [
      'a shard of another target',
      () => [one, two, of3(3, { baseUrl: 'http://other' })],
      /^merge-reports: .* is a shard of another run: target http:\/\/other, .*s1of3.* has http:\/\/staging$/,
    ],
    [
      'a shard of another interface version',
      () => [one, two, of3(3, { version: '1.0' })],
      /is a shard of another run: version 1\.0, .* has 2\.0$/,
    ],
    [
      'a shard written by another version of the tool',
      () => [one, two, of3(3, { tool: '0.0.1' })],
      /is a shard of another run: fds-conformance 0\.0\.1, .* has /,
    ],
    [
      'a shard of another selection',
      () => [one, two, of3(3, { only: ['users'] })],
      /is a shard of another run: selection --only users, .* has the whole suite$/,
    ],
    [
      'a shard beside one that records none',
      () => [one, two, olderShard(shardFolder(dir, 'older', undefined))],
      /^merge-reports: .*older records no shard, .*s1of3.* does: shards of different versions of fds-conformance$/,
    ],
  ])('refuses %s with one line, exit 2', (_what, folders, message) => {
    expect(merge(...folders())).toThrow(UsageError);
    expect(merge(...folders())).toThrow(message);
  });

  it('joins shards written before checks.json recorded them, and says it could not verify them', () => {
    const lines: string[] = [];
    const out = join(dir, 'unverified');
    const older = [
      olderShard(shardFolder(dir, 'old1', undefined)),
      olderShard(shardFolder(dir, 'old2', undefined)),
    ];
    expect(mergeReportsCommand([...older, '--out', out, '--allow-incomplete'], printingTo(lines))).toBe(0);
    expect(lines).toEqual([
      'fds-conformance: the shards could not be verified: their checks.json record no shard (written by an older fds-conformance)',
      `merged 2 reports: conformant (2 reports merged, their shards not verified); reports in ${out}/`,
    ]);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
    expect(report.selection?.merged).toEqual([
      { shard: null, seed: 7 },
      { shard: null, seed: 7 },
    ]);
  });
});

/** A shard's checks.json as versions before the shard was recorded wrote it: no tool, no selection. */
function olderShard(folder: string): string {
  const path = join(folder, 'checks.json');
  const {
    tool: _tool,
    selection: _selection,
    ...older
  } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, JSON.stringify(older));
  return folder;
}
