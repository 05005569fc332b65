import { describe, expect, it } from 'vitest';
import { reportHtml } from '../../src/report/html.ts';
import { reportMarkdown } from '../../src/report/markdown.ts';
import { requirementResults } from '../../src/report/model.ts';
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
