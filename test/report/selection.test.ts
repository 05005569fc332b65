import { describe, expect, it } from 'vitest';
import { buildReport, requirementsLine } from '../../src/report/report.ts';
import { junitXml } from '../../src/report/junit.ts';
import { reportMarkdown } from '../../src/report/markdown.ts';
import { reportHtml } from '../../src/report/html.ts';
import type { RunSelection } from '../../src/report/selection.ts';
import { outsideReason, scopeLine, scopedVerdict } from '../../src/report/selection.ts';
import { catalogue } from '../../src/requirements/catalogue.ts';
import type { CheckResult } from '../../src/report/model.ts';
import { sampleChecks } from './fixture-report.ts';

const total = catalogue.requirements.length;

/** The fixture's checks and a second failed requirement, so a baseline can hold some of the failures. */
const checks: CheckResult[] = [
  ...sampleChecks,
  {
    name: 'expires_in counts down',
    file: 'suites/token/fields.check.ts',
    requirements: ['TOKEN-07'],
    state: 'failed',
    durationMs: 1,
    message: 'POST /token: expires_in did not count down',
  },
];

/** The fixture's checks judged under a selection (and a baseline, when it gives one). */
function judged(selection: RunSelection) {
  return buildReport({
    checks,
    target: { baseUrl: 'http://127.0.0.1:1', embeddedMock: false, version: '2.0' },
    startedAt: new Date('2026-11-22T00:00:00Z'),
    durationMs: 10,
    seed: 1,
    strict: false,
    selection,
    ...(selection.baseline ? { baseline: new Set(selection.baseline.failing) } : {}),
  });
}

describe('the scope of a verdict', () => {
  const named = new Set(checks.flatMap((c) => c.requirements)).size;

  it('counts the requirements left out apart from those not exercised, in the requirements line', () => {
    const whole = judged({ readOnly: false }).report;
    expect(requirementsLine(whole)).toMatch(
      /^\d+ requirements: \d+ passed, 1 partly exercised, \d+ failed, 1 flaky, \d+ not exercised$/,
    );
    const { report } = judged({ only: ['token'], readOnly: false });
    const outside = total - named;
    expect(requirementsLine(report)).toBe(
      `${total} requirements: ${report.summary.passed} passed, 1 partly exercised, ${report.summary.failed} failed, 1 flaky, ` +
        `${report.summary.notExercised - outside} not exercised, ${outside} outside --only token`,
    );
  });

  it('names what left requirements out, and calls them outside it rather than unexercised', () => {
    expect(outsideReason(undefined)).toBe('no check exercises it');
    expect(outsideReason({ readOnly: true })).toBe('no check exercises it');
    expect(outsideReason({ only: ['users'], readOnly: false })).toBe('outside --only users');
    expect(outsideReason({ shard: { index: 2, count: 3 }, readOnly: false })).toBe('outside shard 2/3');
    expect(
      outsideReason({ only: ['users', 'AUTH-05'], shard: { index: 1, count: 2 }, readOnly: false }),
    ).toBe('outside --only users,AUTH-05 and shard 1/2');
    const { report } = judged({ only: ['token'], readOnly: false });
    const left = report.requirements.filter((r) => r.checks.length === 0);
    expect(left.length).toBe(total - named);
    for (const r of left) expect(r.notExercised).toEqual(['outside --only token']);
    // A check that skipped itself keeps its own reason: only the selection's leftovers are "outside".
    expect(report.requirements.find((r) => r.id === 'AUTH-09')?.notExercised).toEqual([
      'the profile gives no tokenExpiry key',
    ]);
  });

  it('counts the requirements the run selected, in one line with the other bounds', () => {
    const { report } = judged({ only: ['token'], shard: { index: 1, count: 2 }, readOnly: true });
    expect(report.selection?.selected).toBe(named);
    expect(scopeLine(report)).toBe(`--only token, shard 1/2: ${named} of ${total} requirements; --read-only`);
    expect(scopedVerdict('nonconformant', report)).toBe(`nonconformant (${scopeLine(report)})`);
    // A whole run without a baseline needs no qualifier, and a report of an older version has no selection.
    expect(scopeLine(judged({ readOnly: false }).report)).toBeUndefined();
    expect(scopedVerdict('conformant', { requirements: [] })).toBe('conformant');
  });

  it("says how many of the run's failures the baseline holds", () => {
    const failed = (failing: string[]) =>
      scopeLine(judged({ readOnly: false, baseline: { file: 'b.json', failing, written: false } }).report);
    const ids = judged({ readOnly: false })
      .report.requirements.filter((r) => r.status === 'failed')
      .map((r) => r.id);
    expect(ids.length).toBeGreaterThan(1);
    expect(failed(ids)).toBe(`${ids.length} failed, all in the baseline b.json`);
    expect(failed(ids.slice(1))).toBe(
      `${ids.length} failed, ${ids.length - 1} of them in the baseline b.json`,
    );
    expect(failed(['ERR-01'])).toBe(`${ids.length} failed, none in the baseline b.json`);
    const written = judged({ readOnly: false, baseline: { file: 'b.json', failing: ids, written: true } });
    expect(scopeLine(written.report)).toBe(`${ids.length} failed, all in the baseline b.json this run wrote`);
  });

  it('heads report.md, report.html and junit.xml', () => {
    const { report, verdict } = judged({ only: ['token'], readOnly: false });
    const scope = `--only token: ${named} of ${total} requirements`;
    expect(reportMarkdown(report, verdict).split('\n')[0]).toBe(
      `# ❌ FDS conformance: nonconformant (${scope})`,
    );
    const html = reportHtml(report);
    expect(html).toContain(`<title>FDS conformance: nonconformant (${scope})</title>`);
    expect(html).toContain(`<small id="scope">(${scope})</small></h1>`);
    const junit = junitXml(report, { verdict, allowIncomplete: false });
    expect(junit).toContain(`<properties><property name="scope" value="${scope}"/></properties>`);
    expect(junit).toContain('<skipped message="not exercised: outside --only token"/>');
  });
});
