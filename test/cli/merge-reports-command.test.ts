import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeReportsCommand } from '../../cli/merge-reports-command.ts';
import type { CheckResult } from '../../src/report/model.ts';

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
      mergeReportsCommand([...parts, '--out', join(dir, 'lenient'), '--allow-incomplete'], (l) =>
        lines.push(l),
      ),
    ).toBe(0);
    const strict = join(dir, 'strict');
    expect(
      mergeReportsCommand([...parts, '--out', strict, '--allow-incomplete', '--fail-on-flaky'], (l) =>
        lines.push(l),
      ),
    ).toBe(1);
    // junit.xml agrees with the exit code: the flaky requirement is a failure there too.
    expect(readFileSync(join(strict, 'junit.xml'), 'utf8')).toMatch(/<testsuites[^>]* failures="[1-9]/);
  });
});
