import { describe, expect, it } from 'vitest';
import { reportHtml } from '../../src/report/html.ts';
import { reportMarkdown } from '../../src/report/markdown.ts';
import { requirementResults } from '../../src/report/model.ts';
import { verdictOf } from '../../src/report/report.ts';
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
});
