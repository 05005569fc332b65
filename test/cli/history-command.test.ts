import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { History } from '../../src/report/history.ts';
import type { RequirementStatus } from '../../src/report/model.ts';
import type { Report } from '../../src/report/report.ts';
import { sample } from '../report/fixture-report.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'fds-history-'));

/** The fixture's report on another night, every requirement passed but those given. */
function night(startedAt: string, statuses: Record<string, RequirementStatus>, traffic?: Report['traffic']) {
  const report = structuredClone(sample.report);
  report.startedAt = startedAt;
  for (const r of report.requirements) r.status = statuses[r.id] ?? 'passed';
  const count = (status: RequirementStatus) => report.requirements.filter((r) => r.status === status).length;
  Object.assign(report.summary, { passed: count('passed'), failed: count('failed'), flaky: count('flaky') });
  if (traffic) report.traffic = traffic;
  else delete report.traffic;
  return report;
}

function writeNight(name: string, report: Report): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'report.json'), JSON.stringify(report));
  return folder;
}

const traffic = {
  requests: 412,
  byGroup: { token: 412 },
  maxRequestsPerSecond: null,
  rateLimited: 0,
  waitedSeconds: 0,
  transientRetries: 0,
  byOperation: { 'POST /token': { count: 40, p50Ms: 3, p95Ms: 11 } },
};

// Named so that the folders' order, the arguments' order and the nights' order all differ.
const folders = {
  c: writeNight('c', night('2026-11-03T02:00:00.000Z', { 'TOKEN-01': 'passed', 'INST-01': 'failed' })),
  a: writeNight(
    'a',
    night('2026-11-04T02:00:00.000Z', { 'TOKEN-01': 'failed', 'INST-01': 'failed' }, traffic),
  ),
  d: writeNight('d', night('2026-11-01T02:00:00.000Z', { 'TOKEN-02': 'flaky' })),
  b: writeNight('b', night('2026-11-02T02:00:00.000Z', { 'TOKEN-01': 'failed', 'INST-01': 'failed' })),
};

describe('fds-conformance history', () => {
  it('orders the nights by when each ran, and finds the night each current failure began', async () => {
    const out = join(dir, 'page');
    const result = await runCli([
      'history',
      folders.c,
      folders.a,
      join(folders.d, 'report.json'),
      folders.b,
      '--out',
      out,
    ]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      `history of 4 nights, 2026-11-01T02:00:00.000Z to 2026-11-04T02:00:00.000Z: history.html and history.json in ${out}/\n`,
    );
    const history = JSON.parse(readFileSync(join(out, 'history.json'), 'utf8')) as History;
    expect(history.nights.map((n) => [n.folder, n.failed, n.flaky, n.requests])).toEqual([
      ['../d', 0, 1, null],
      ['../b', 2, 0, null],
      ['../c', 1, 0, null],
      ['../a', 2, 0, 412],
    ]);
    // Those failed or flaky on some night first; a failure broken by a pass began again after it.
    expect(history.requirements.slice(0, 3).map((r) => [r.id, r.statuses, r.failingSince])).toEqual([
      ['TOKEN-01', ['passed', 'failed', 'passed', 'failed'], 3],
      ['TOKEN-02', ['flaky', 'passed', 'passed', 'passed'], null],
      ['INST-01', ['passed', 'failed', 'failed', 'failed'], 1],
    ]);
    expect(history.requirements.slice(3).every((r) => !r.troubled && r.failingSince === null)).toBe(true);
    expect(history.operations).toEqual(['POST /token']);

    const html = readFileSync(join(out, 'history.html'), 'utf8');
    const row = (id: string) => new RegExp(`<tr id="${id}">.*?</tr>`).exec(html)?.[0] ?? '';
    // INST-01's second night is framed as the first of its failure, and the row names that night.
    expect(row('INST-01')).toMatch(
      /<td class="since-column">2026-11-02 02:00<\/td><td class="passed"[^>]*>✓.*?<td class="failed since"[^>]*data-since>✗/,
    );
    expect(row('INST-01').match(/data-since/g)).toHaveLength(1);
    expect(row('TOKEN-02')).not.toContain('data-since');
    // The older nights record no latency: a dash, never a zero.
    expect(html).toMatch(
      /<th scope="row">POST \/token<\/th><td>—<\/td><td>—<\/td><td>—<\/td><td title="40 requests">3 \/ 11<\/td>/,
    );
    expect(html).toContain('<a href="../d/report.html">');
    expect(html).not.toMatch(/\b(src|href)="https?:/);
  });

  it('names the path that holds no report in one line, exit 2', async () => {
    const garbled = join(dir, 'garbled');
    mkdirSync(garbled);
    writeFileSync(join(garbled, 'report.json'), '{"startedAt": ');
    for (const [path, reason] of [
      [join(dir, 'absent'), /ENOENT/],
      [garbled, /no readable report\.json/],
    ] as const) {
      const result = await runCli(['history', folders.a, path, '--out', join(dir, 'unwritten')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^fds-conformance: history ${path}: .*\\n$`));
      expect(result.stderr).toMatch(reason);
    }
    const none = await runCli(['history']);
    expect(none).toMatchObject({
      code: 2,
      stderr: 'fds-conformance: usage: fds-conformance history DIR... [--out DIR]\n',
    });
  });
});
