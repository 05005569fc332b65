import { describe, expect, it } from 'vitest';
import { buildHistory } from '../../src/report/history.ts';
import { historyHtml } from '../../src/report/history-html.ts';
import { reportHtml } from '../../src/report/html.ts';
import { reportMarkdown } from '../../src/report/markdown.ts';
import { requirementResults, type CheckResult, type RequirementStatus } from '../../src/report/model.ts';
import { buildReport, incompleteLine, requirementsLine, verdictOf } from '../../src/report/report.ts';
import { shardRun } from '../../src/report/write-reports.ts';
import type { RunSelection } from '../../src/report/selection.ts';
import { catalogue } from '../../src/requirements/catalogue.ts';
import { sample } from './fixture-report.ts';

/**
 * A requirement passes only when every probe its checks name ran (docs/design.md#reports,
 * `partly-exercised`): the model, the verdict and the views of a requirement that some probes exercised
 * and others did not.
 */

const check = (name: string, state: CheckResult['state'], extra: Partial<CheckResult> = {}): CheckResult => ({
  name,
  file: 'suites/connections/ownership.check.ts',
  requirements: ['CONN-43'],
  state,
  durationMs: 1,
  ...extra,
});

const otherUser = {
  probe: 'under another user of the target',
  reason: 'the run is read-only, so it creates no user, and the profile gives no fixtures.otherUserId',
  enableBy: "the profile's fixtures.otherUserId",
};

function resultOf(
  checks: CheckResult[],
  selection?: RunSelection,
  leftOut = [] as Parameters<typeof requirementResults>[2],
) {
  return requirementResults(checks, selection, leftOut).find((r) => r.id === 'CONN-43');
}

function report(checks: CheckResult[], baseline?: Set<string>) {
  return buildReport({
    checks,
    target: { baseUrl: 'http://127.0.0.1:1', embeddedMock: false, version: '2.0' },
    startedAt: new Date('2026-11-22T00:00:00Z'),
    durationMs: 10,
    seed: 42,
    strict: false,
    ...(baseline ? { baseline } : {}),
  });
}

describe('a requirement some of whose probes did not run', () => {
  it('is partly exercised, never passed, when a check left a probe out, with why and what to give', () => {
    expect(
      resultOf([check('the ownership probes', 'partly-exercised', { notRun: [otherUser] })]),
    ).toMatchObject({
      status: 'partly-exercised',
      notRun: [{ check: 'the ownership probes', ...otherUser }],
      enableBy: [otherUser.enableBy],
    });
  });

  it('is partly exercised when one check passed and another did not run, or stopped at another failure', () => {
    const readOnly = check('the update probes', 'not-exercised', {
      message: 'it sends a write and the run is read-only',
    });
    expect(resultOf([check('the read probes', 'passed'), readOnly])).toMatchObject({
      status: 'partly-exercised',
      notRun: [{ check: 'the update probes', reason: 'it sends a write and the run is read-only' }],
    });
    // Read-only is the run's choice: nothing to give, so nothing makes the run incomplete.
    expect(resultOf([check('the read probes', 'passed'), readOnly])?.enableBy).toBeUndefined();
    const stopped = check('the shared probes', 'failed', { failure: { requirements: ['ERR-11'] } });
    expect(resultOf([check('the read probes', 'passed'), stopped])).toMatchObject({
      status: 'partly-exercised',
      notRun: [{ check: 'the shared probes', reason: 'stopped at a failure of ERR-11 before proving it' }],
    });
  });

  it('passes when every check ran all its probes, and fails, whatever did not run, on a failure', () => {
    expect(resultOf([check('a', 'passed'), check('b', 'passed')])?.status).toBe('passed');
    const failed = check('b', 'failed', { message: 'served', failure: { requirements: ['CONN-43'] } });
    expect(resultOf([check('a', 'partly-exercised', { notRun: [otherUser] }), failed])?.status).toBe(
      'failed',
    );
  });

  it('is partly exercised when the selection left out a check that names it, outside what it names', () => {
    const leftOut = [
      { name: 'elsewhere', file: 'suites/auth/endpoints.check.ts', requirements: ['CONN-43'] },
    ];
    expect(
      resultOf([check('a', 'passed')], { only: ['connections'], readOnly: false }, leftOut),
    ).toMatchObject({
      status: 'partly-exercised',
      notRun: [{ check: 'elsewhere', reason: 'outside --only connections' }],
    });
  });

  describe('a check that applies only under a condition (CheckOptions.onlyWhen)', () => {
    const inapplicable = check('own key', 'not-exercised', {
      message: "the run's key's token reports expires_in 3600 s",
      onlyWhen: "the run's own key's token reports a short life",
    });

    it('is no missing probe when its condition did not hold and another check proved the requirement', () => {
      expect(resultOf([check('expiry key', 'passed'), inapplicable])?.status).toBe('passed');
    });

    it('proves nothing alone: with no other check run, the requirement is not exercised', () => {
      expect(resultOf([inapplicable])).toMatchObject({
        status: 'not-exercised',
        notExercised: ["the run's key's token reports expires_in 3600 s"],
      });
      const wanting = check('expiry key', 'not-exercised', {
        message: 'no tokenExpiry key was given',
        enableBy: 'FDS_EXPIRY_API_KEY',
      });
      expect(resultOf([inapplicable, wanting])?.enableBy).toEqual(['FDS_EXPIRY_API_KEY']);
    });
  });
});

describe('the verdict on a partly exercised requirement', () => {
  it('makes the run incomplete for want of what the user could give, and says how many and what', () => {
    const { report: partly } = report([check('a', 'partly-exercised', { notRun: [otherUser] })]);
    expect(partly.summary).toMatchObject({ partlyExercised: 1, passed: 0, verdict: 'incomplete' });
    expect(incompleteLine(partly)).toBe(
      "incomplete: 1 requirement partly exercised for want of the profile's fixtures.otherUserId",
    );
    const { report: chosen } = report([
      check('a', 'partly-exercised', { notRun: [{ probe: otherUser.probe, reason: otherUser.reason }] }),
    ]);
    expect(chosen.summary.verdict).toBe('conformant');
  });

  it('counts not exercised and partly exercised apart in the incomplete line', () => {
    const wanting: CheckResult = {
      ...check('key', 'not-exercised', {
        message: 'no API key',
        enableBy: "the profile's fixtures.otherUserId",
      }),
      requirements: ['CONN-44'],
    };
    const { report: both } = report([check('a', 'partly-exercised', { notRun: [otherUser] }), wanting]);
    expect(incompleteLine(both)).toBe(
      "incomplete: 1 requirement not exercised and 1 partly exercised for want of the profile's fixtures.otherUserId",
    );
  });

  it('never reads a baseline entry partly exercised as now passing: it stays in the baseline', () => {
    const results = requirementResults([check('a', 'partly-exercised', { notRun: [otherUser] })]);
    expect(verdictOf(results, { strict: false, baseline: new Set(['CONN-43']) })).toEqual({
      blocking: [],
      nowPassing: [],
      undecided: ['CONN-43'],
      known: [],
    });
  });
});

describe('every view of a partly exercised requirement', () => {
  const baseline = new Set(['CONN-43']);
  const { report: partly, verdict } = report(
    [check('a', 'partly-exercised', { notRun: [otherUser] })],
    baseline,
  );

  it('counts it in the requirements line, beside passed', () => {
    expect(requirementsLine(partly)).toMatch(
      new RegExp(`^${catalogue.requirements.length} requirements: 0 passed, 1 partly exercised, 0 failed, `),
    );
  });

  it('lists it in report.md by what did not run, and keeps its baseline entry', () => {
    const markdown = reportMarkdown(partly, verdict);
    expect(markdown).toContain('## Partly exercised: 1 requirement, by what did not run');
    expect(markdown).toContain(
      "- 1 — under another user of the target: the run is read-only, so it creates no user, and the profile gives no fixtures.otherUserId (give the profile's fixtures.otherUserId to run it): CONN-43",
    );
    expect(markdown).toContain('Baseline entries partly exercised, not enough to tell (keep them): CONN-43');
    expect(markdown).not.toContain('now pass');
  });

  it('filters, draws and folds it in report.html', () => {
    const html = reportHtml(sample.report);
    expect(html).toContain(
      '<input type="radio" name="status" value="partly-exercised"> partly exercised (1)',
    );
    expect(html).toContain('class="bar partly-exercised"');
    const row = html.slice(html.indexOf('<tr class="requirement" id="CONN-43"'));
    expect(row.slice(0, row.indexOf('</tr>'))).toContain(
      '<li>under another user of the target (check &#34;GET /users/{user.id}/connections/{connection.id} never serves a connection under another user&#39;s path&#34;): the run is read-only',
    );
  });

  it('records in checks.json the checks a narrowed run left out, for merge-reports', () => {
    const leftOut = [
      { name: 'elsewhere', file: 'suites/auth/endpoints.check.ts', requirements: ['CONN-43'] },
    ];
    expect(shardRun(partly, [], leftOut)).toMatchObject({ checks: [], leftOut });
    expect(shardRun(partly, [])).not.toHaveProperty('leftOut');
  });
});

describe('the history of a failure through a night that exercised it in part', () => {
  const night = (startedAt: string, status: RequirementStatus) => {
    const r = structuredClone(sample.report);
    r.startedAt = startedAt;
    for (const requirement of r.requirements) if (requirement.id === 'CONN-43') requirement.status = status;
    r.summary.partlyExercised = r.requirements.filter((x) => x.status === 'partly-exercised').length;
    return { folder: startedAt, report: r };
  };

  it('keeps the night the failure began: a partly exercised night never mends it', () => {
    const history = buildHistory([
      night('2026-11-01T02:00:00Z', 'passed'),
      night('2026-11-02T02:00:00Z', 'failed'),
      night('2026-11-03T02:00:00Z', 'partly-exercised'),
      night('2026-11-04T02:00:00Z', 'failed'),
    ]);
    expect(history.requirements.find((r) => r.id === 'CONN-43')?.failingSince).toBe(1);
    expect(history.nights.map((n) => n.partlyExercised)).toEqual([0, 0, 1, 0]);
    expect(historyHtml(history)).toContain('◐<span class="word">partly-exercised</span>');
  });

  it('is not failing on the last night when that night exercised it in part', () => {
    const history = buildHistory([
      night('2026-11-01T02:00:00Z', 'failed'),
      night('2026-11-02T02:00:00Z', 'partly-exercised'),
    ]);
    expect(history.requirements.find((r) => r.id === 'CONN-43')).toMatchObject({
      statuses: ['failed', 'partly-exercised'],
      failingSince: null,
      troubled: true,
    });
  });
});
