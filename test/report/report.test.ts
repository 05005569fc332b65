import { describe, expect, it } from 'vitest';
import { reportHtml } from '../../src/report/html.ts';
import { reportMarkdown } from '../../src/report/markdown.ts';
import { requirementResults, type CheckResult } from '../../src/report/model.ts';
import { buildReport, verdictOf } from '../../src/report/report.ts';
import { catalogue } from '../../src/requirements/catalogue.ts';
import { sample, sampleChecks } from './fixture-report.ts';

describe('requirement results', () => {
  it('marks a requirement failed, passed or not exercised from its checks, never passed without a check', () => {
    const results = requirementResults(sampleChecks);
    expect(results.find((r) => r.id === 'INST-01')?.status).toBe('passed');
    expect(results.find((r) => r.id === 'TOKEN-04')?.status).toBe('failed');
    expect(results.find((r) => r.id === 'AUTH-09')).toMatchObject({
      status: 'not-exercised',
      notExercised: ['the profile gives no tokenExpiry key'],
    });
    expect(results.find((r) => r.id === 'ENRICH-01')).toMatchObject({
      status: 'not-exercised',
      notExercised: ['no check exercises it'],
    });
  });

  it('fails the run on MUST failures only, SHOULD too with --strict, and not on baseline entries', () => {
    const results = requirementResults(sampleChecks);
    expect(verdictOf(results, { strict: false }).blocking).toEqual(['TOKEN-04']);
    expect(verdictOf(results, { strict: false, baseline: new Set(['TOKEN-04', 'INST-01']) })).toEqual({
      blocking: [],
      nowPassing: ['INST-01'],
      undecided: [],
      known: ['TOKEN-04'],
    });
  });
});

describe('report views', () => {
  it('summarises the verdict, counts and failed requirements in markdown', () => {
    const markdown = reportMarkdown(sample.report, sample.verdict);
    expect(markdown).toMatch(/^# ❌ FDS conformance: nonconformant/);
    expect(markdown).toContain('| TOKEN-04 | MUST | The token response carries token_type');
    expect(markdown).toContain('expected exactly "Bearer", found "bearer"');
  });

  describe('report.md words what it counts and why', () => {
    const checks: CheckResult[] = [
      ...['TOKEN-01', 'TOKEN-02', 'TOKEN-03'].map((id) => ({
        name: `${id} needs the short-lived key`,
        file: 'suites/token/expiry.check.ts',
        requirements: [id],
        state: 'not-exercised' as const,
        durationMs: 0,
        message: 'the profile gives no tokenExpiry key',
      })),
      {
        name: 'TOKEN-05 is read-only',
        file: 'suites/token/expiry.check.ts',
        requirements: ['TOKEN-05'],
        state: 'not-exercised',
        durationMs: 0,
        message: 'the profile gives no tokenExpiry key',
      },
      {
        name: 'expires_in counts down',
        file: 'suites/token/expiry.check.ts',
        requirements: ['TOKEN-07'],
        state: 'failed',
        durationMs: 3,
        message: 'POST /token: expires_in stayed at 3600 over 5 s',
      },
      {
        name: 'token_type is Bearer',
        file: 'suites/token/fields.check.ts',
        requirements: ['TOKEN-04'],
        state: 'failed',
        durationMs: 3,
        message: 'POST /token: expected exactly "Bearer", found "bearer"',
      },
    ];
    const run = buildReport({
      checks,
      target: { baseUrl: 'http://127.0.0.1:1', embeddedMock: false, version: '2.0' },
      startedAt: new Date('2026-11-22T00:00:00Z'),
      durationMs: 10,
      seed: 1,
      strict: false,
      baseline: new Set(['TOKEN-04']),
    });
    const markdown = reportMarkdown(run.report, run.verdict);

    it('counts requirements, and says so', () => {
      expect(markdown).toContain(
        `\n${catalogue.requirements.length} requirements: 0 passed, 0 partly exercised, 2 failed, ${catalogue.requirements.length - 2} not exercised.\n`,
      );
      expect(reportHtml(run.report)).toContain(
        `<p>${catalogue.requirements.length} requirements: 0 passed, 0 partly exercised, 2 failed, ${catalogue.requirements.length - 2} not exercised.</p>`,
      );
    });

    it('labels a SHOULD failure SHOULD, and a known failure baseline', () => {
      expect(markdown).toContain('| TOKEN-07 | SHOULD | expires_in counts down');
      expect(markdown).toContain('| TOKEN-04 | MUST (baseline) | The token response carries token_type');
      expect(markdown).not.toContain('baseline or SHOULD');
      expect(markdown).toContain('Not counted against the verdict: SHOULD failures (unless --strict)');
    });

    it('lists the requirements not exercised one line per reason, most first, consecutive ids as a range', () => {
      const section = markdown.slice(markdown.indexOf('## Not exercised'));
      expect(section).toMatch(
        new RegExp(`^## Not exercised: ${catalogue.requirements.length - 2} requirements, by reason\n\n`),
      );
      const lines = section.split('\n').filter((line) => line.startsWith('- '));
      expect(lines[0]).toMatch(/^- \d+ — no check exercises it: TOKEN-06, TOKEN-08–TOKEN-\d\d, /);
      expect(lines[1]).toBe('- 4 — the profile gives no tokenExpiry key: TOKEN-01–TOKEN-03, TOKEN-05');
      expect(lines).toHaveLength(2);
    });
  });

  it('renders one self-contained page that loads nothing from the network', () => {
    const html = reportHtml(sample.report);
    expect(html).not.toMatch(/(src|href)=["']https?:/);
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('--seed 42');
  });

  describe('a failed requirement shows what a person needs to dispute it', () => {
    // AUTH-05 has notes and is named by the register (AMB-GEN-08: 401 or 403).
    const disputed = buildReport({
      checks: [
        {
          name: 'GET /institutions without Authorization is refused',
          file: 'suites/auth/endpoints.check.ts',
          requirements: ['AUTH-05'],
          state: 'failed',
          durationMs: 4,
          message: 'GET /institutions: expected 401 or 403, got 200',
        },
      ],
      target: { baseUrl: 'http://127.0.0.1:1', embeddedMock: false, version: '2.0' },
      startedAt: new Date('2026-11-22T00:00:00Z'),
      durationMs: 10,
      seed: 1,
      strict: false,
    });
    const requirement = catalogue.requirements.find((r) => r.id === 'AUTH-05')!;

    it('in markdown: the quoted spec text, the notes and the accepted readings, folded', () => {
      const markdown = reportMarkdown(disputed.report, disputed.verdict);
      expect(markdown).toContain('<details><summary>AUTH-05');
      expect(markdown).toContain(`> ${requirement.quote.split('\n')[0]!}`);
      expect(markdown).toContain(`Notes: ${requirement.notes!}`);
      expect(markdown).toContain('Accepted readings (AMB-GEN-08');
      expect(markdown).toContain('- It is refused with 403');
    });

    it('in html: the same beside the evidence, escaped', () => {
      const html = reportHtml(disputed.report);
      expect(html).toContain('<blockquote class="quote">');
      expect(html).toContain('Authorization: Bearer &#60;ACCESS_TOKEN&#62;');
      expect(html).toContain('Accepted readings (AMB-GEN-08');
      expect(html).toContain('It is refused with 403');
    });
  });
});
