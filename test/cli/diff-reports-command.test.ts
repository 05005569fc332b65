import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/usage-error.ts';
import { readPreviousReport } from '../../cli/read-report.ts';
import { compareReports } from '../../src/report/compare.ts';
import { comparisonHtml, comparisonLines, comparisonMarkdown } from '../../src/report/compare-views.ts';
import type { RequirementResult, RequirementStatus } from '../../src/report/model.ts';
import type { Report } from '../../src/report/report.ts';
import { sample } from '../report/fixture-report.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'fds-diff-reports-'));

/** The fixture's report with some statuses changed; a `flaky` status is cast, whatever the type knows. */
function variant(
  statuses: Record<string, string>,
  options: { startedAt?: string; extra?: RequirementResult[] } = {},
): Report {
  const report = structuredClone(sample.report);
  report.startedAt = options.startedAt ?? report.startedAt;
  for (const r of report.requirements) {
    const status = statuses[r.id];
    if (status === undefined) continue;
    r.status = status as RequirementStatus;
    r.failures =
      status === 'failed' || status === 'flaky'
        ? [{ check: `${r.id} check`, message: `${r.id} broke:\n  expected 200, found 500` }]
        : [];
    if (status === 'not-exercised') r.notExercised = ['the profile gives no key'];
    else delete r.notExercised;
    if (status === 'partly-exercised')
      r.notRun = [{ check: `${r.id} check`, probe: 'under another user', reason: 'the run is read-only' }];
    else delete r.notRun;
  }
  report.requirements.push(...(options.extra ?? []));
  return report;
}

const previous = variant(
  {
    'TOKEN-04': 'failed',
    'INST-01': 'passed',
    'TOKEN-01': 'failed',
    'TOKEN-02': 'passed',
    'TOKEN-03': 'passed',
  },
  { startedAt: '2026-11-21T00:00:00.000Z' },
);
const brandNew: RequirementResult = {
  id: 'NEW-01',
  level: 'MUST',
  group: 'token',
  title: 'A requirement <new> to the catalogue',
  specRef: '§1',
  status: 'failed',
  checks: ['new check'],
  failures: [{ check: 'new check', message: 'found <script> & more' }],
};
const current = variant(
  {
    'TOKEN-04': 'failed',
    'INST-01': 'failed',
    'TOKEN-01': 'passed',
    'TOKEN-02': 'flaky',
    'TOKEN-03': 'not-exercised',
  },
  { startedAt: '2026-11-22T00:00:00.000Z', extra: [brandNew] },
);
/** Only an improvement: TOKEN-01 passes again. */
const better = variant({
  'TOKEN-01': 'passed',
  'TOKEN-04': 'failed',
  'INST-01': 'passed',
  'TOKEN-02': 'passed',
  'TOKEN-03': 'passed',
});

function writeReport(name: string, report: Report): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'report.json'), JSON.stringify(report, null, 2));
  return folder;
}
const previousDir = writeReport('previous', previous);
const currentDir = writeReport('current', current);
const betterDir = writeReport('better', better);

describe('compareReports', () => {
  const c = compareReports(previous, current);
  const ids = (entries: { id: string }[]) => entries.map((e) => e.id);

  it('sorts requirements into the lists, new ids counting as newly failing', () => {
    expect(ids(c.newlyFailing)).toEqual(['INST-01', 'NEW-01']);
    expect(ids(c.newlyPassing)).toEqual(['TOKEN-01']);
    expect(ids(c.stillFailing)).toEqual(['TOKEN-04']);
    expect(ids(c.newlyFlaky)).toEqual(['TOKEN-02']);
    expect(ids(c.newlyNotExercised)).toEqual(['TOKEN-03']);
    expect(c.anythingNewlyFails).toBe(true);
  });

  it('keeps each entry’s statuses and the first failure’s message in one line', () => {
    expect(c.newlyFailing[0]).toMatchObject({
      id: 'INST-01',
      level: 'MUST',
      previous: 'passed',
      current: 'failed',
      reason: 'INST-01 broke: expected 200, found 500',
    });
    expect(c.newlyFailing[1]).toMatchObject({ id: 'NEW-01', previous: null, current: 'failed' });
    expect(c.newlyFlaky[0]).toMatchObject({ previous: 'passed', current: 'flaky' });
    expect(c.newlyNotExercised[0]).toMatchObject({ reason: 'the profile gives no key' });
    expect(c.newlyPassing[0]?.reason).toBeUndefined();
  });

  it('never calls a requirement partly exercised now newly passing: it was not exercised enough to tell', () => {
    const before = variant({ 'TOKEN-01': 'failed', 'TOKEN-02': 'passed', 'TOKEN-03': 'not-exercised' });
    const after = variant({
      'TOKEN-01': 'partly-exercised',
      'TOKEN-02': 'partly-exercised',
      'TOKEN-03': 'partly-exercised',
    });
    const d = compareReports(before, after);
    expect(d.newlyPassing).toEqual([]);
    expect(ids(d.newlyPartlyExercised)).toEqual(['TOKEN-01', 'TOKEN-02']);
    expect(d.newlyPartlyExercised[0]).toMatchObject({
      previous: 'failed',
      current: 'partly-exercised',
      reason: 'not run: under another user (check "TOKEN-01 check"): the run is read-only',
    });
    // Fully exercised again, and passing: now it is news.
    expect(ids(compareReports(before, variant({ 'TOKEN-01': 'passed' })).newlyPassing)).toEqual(['TOKEN-01']);
  });

  it('lists nothing flaky that was flaky before, and counts flaky-to-failed as still failing, not news', () => {
    const before = variant({ 'TOKEN-02': 'flaky', 'TOKEN-03': 'flaky' });
    const after = variant({ 'TOKEN-02': 'flaky', 'TOKEN-03': 'failed' });
    const d = compareReports(before, after);
    expect(d.newlyFlaky).toEqual([]);
    expect(d.newlyFailing).toEqual([]);
    expect(ids(d.stillFailing)).toContain('TOKEN-03');
    expect(d.anythingNewlyFails).toBe(false);
    const back = compareReports(after, variant({ 'TOKEN-02': 'not-exercised', 'TOKEN-03': 'flaky' }));
    expect(ids(back.newlyNotExercised)).toEqual(['TOKEN-02']);
    expect(ids(back.newlyFlaky)).toEqual(['TOKEN-03']);
    expect(back.anythingNewlyFails).toBe(false);
  });

  it('calls a failure only on transient answers (a run without --retry-transient) newly flaky, not newly failing', () => {
    const answered = (status: number | undefined) => ({
      request: { method: 'GET', url: 'https://staging.example.com/api/institutions', headers: {} },
      ...(status === undefined
        ? { failure: 'connection reset before the answer was complete' }
        : { response: { status, headers: {}, body: undefined, text: '{}', durationMs: 3 } }),
      retries: [],
    });
    const after = variant({ 'INST-01': 'failed', 'TOKEN-02': 'failed', 'TOKEN-03': 'failed' });
    const failureOf = (id: string) => after.requirements.find((r) => r.id === id)?.failures[0];
    Object.assign(failureOf('INST-01') ?? {}, { exchange: answered(503) });
    Object.assign(failureOf('TOKEN-02') ?? {}, { exchange: answered(undefined) });
    Object.assign(failureOf('TOKEN-03') ?? {}, { exchange: answered(500) });
    const d = compareReports(variant({}), after);
    expect(ids(d.newlyFlaky)).toEqual(['TOKEN-02', 'INST-01']);
    expect(ids(d.newlyFailing)).toEqual(['TOKEN-03']);
  });

  it('finds nothing between a report and itself, but warns that the runs judged different targets', () => {
    const mock = structuredClone(previous);
    mock.target.embeddedMock = true;
    expect(comparisonLines(compareReports(mock, previous))).toEqual([
      'compared with the run of 2026-11-21T00:00:00.000Z against the embedded mock: 0 newly failing, ' +
        '0 newly passing, 2 still failing, 0 newly flaky, 0 newly partly exercised, 0 newly not exercised',
      '  warning: the compared run judged the embedded mock, this one http://127.0.0.1:1: what changed may be the target, not the service',
      '  still failing MUST TOKEN-01 POST /token with a valid … in a form body answers 200 with a token response: ' +
        'TOKEN-01 broke: expected 200, found 500',
      '  still failing MUST TOKEN-04 The token response carries token_type, always the string "Bearer": ' +
        'TOKEN-04 broke: expected 200, found 500',
    ]);
    const same = compareReports(current, current);
    expect(same.anythingNewlyFails).toBe(false);
    expect(ids(same.stillFailing)).toEqual(['TOKEN-04', 'INST-01', 'NEW-01']);
    expect([
      same.newlyFailing,
      same.newlyPassing,
      same.newlyFlaky,
      same.newlyPartlyExercised,
      same.newlyNotExercised,
    ]).toEqual([[], [], [], [], []]);
  });

  it('warns when the compared run asked for another version, on stdout, in report.md and report.html', () => {
    const older = structuredClone(previous);
    older.target.version = '1.0';
    const changed = compareReports(older, current);
    const warning =
      'warning: the compared run judged http://127.0.0.1:1 version 1.0, this one http://127.0.0.1:1 version 2.0: ' +
      'what changed may be the target, not the service';
    expect(comparisonLines(changed)[1]).toBe(`  ${warning}`);
    expect(comparisonMarkdown(changed)).toContain(`\n**W${warning.slice(1)}.**\n`);
    expect(comparisonHtml(changed)).toContain(
      `<p class="warning" role="note"><strong>W${warning.slice(1)}.</strong>`,
    );
    // The same target and version: no warning anywhere.
    const same = compareReports(previous, current);
    expect(comparisonLines(same).join('\n')).not.toContain('warning');
    expect(comparisonMarkdown(same)).not.toContain('arning');
    expect(comparisonHtml(same)).not.toContain('class="warning"');
  });

  it('renders markdown tables for the non-empty lists and an escaped html section', () => {
    const markdown = comparisonMarkdown(compareReports(previous, better));
    expect(markdown).toContain('## Compared with the previous run');
    expect(markdown).toContain('### Newly passing (1)');
    expect(markdown).not.toContain('### Newly failing');
    const html = comparisonHtml(c);
    expect(html).toMatch(/^<section id="comparison">[\s\S]*<\/section>$/);
    expect(html).toContain('found &#60;script&#62; &#38; more');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<h3>Newly flaky (1)</h3>');
  });

  it('reads a report from its folder or its file, and names the flag when it cannot', () => {
    expect(readPreviousReport(previousDir).startedAt).toBe(previous.startedAt);
    expect(readPreviousReport(join(currentDir, 'report.json')).requirements).toEqual(current.requirements);
    expect(() => readPreviousReport(join(dir, 'absent'))).toThrow(UsageError);
    expect(() => readPreviousReport(join(dir, 'absent'))).toThrow(/^--compare .*absent: .*ENOENT/);
    const notReport = join(dir, 'other.json');
    writeFileSync(notReport, '{"checks": []}');
    expect(() => readPreviousReport(notReport)).toThrow(/not a conformance report\.json/);
  });
});

describe('fds-conformance diff-reports', () => {
  it('lists each kind of change and exits 1 when a requirement newly fails', async () => {
    const result = await runCli(['diff-reports', previousDir, join(currentDir, 'report.json')]);
    expect(result).toMatchObject({ code: 1, stderr: '' });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'compared with the run of 2026-11-21T00:00:00.000Z against http://127.0.0.1:1: 2 newly failing, ' +
        '1 newly passing, 1 still failing, 1 newly flaky, 0 newly partly exercised, 1 newly not exercised',
    );
    // Each line: two spaces, the list, the level, the id, the title (cut), and for a failure its reason.
    const heads = lines
      .slice(1)
      .map((line) => /^ {2}([a-z ]+) (MUST|SHOULD|MAY) (\S+) /.exec(line)?.slice(1));
    expect(heads).toEqual([
      ['newly failing', 'MUST', 'INST-01'],
      ['newly failing', 'MUST', 'NEW-01'],
      ['newly passing', 'MUST', 'TOKEN-01'],
      ['still failing', 'MUST', 'TOKEN-04'],
      ['newly flaky', 'MUST', 'TOKEN-02'],
      ['newly not exercised', 'MUST', 'TOKEN-03'],
    ]);
    expect(result.stdout).toMatch(
      / {2}newly failing MUST INST-01 .*: INST-01 broke: expected 200, found 500\n/,
    );
  });

  it('exits 0 when nothing newly fails', async () => {
    const result = await runCli(['diff-reports', previousDir, betterDir]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('0 newly failing, 1 newly passing, 1 still failing');
    expect(result.stdout).toContain('  newly passing MUST TOKEN-01 ');
  });

  it('exits 2 with one line for a missing folder', async () => {
    const result = await runCli(['diff-reports', previousDir, join(dir, 'absent')]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^fds-conformance: diff-reports .*absent: .*ENOENT/);
  });
});
