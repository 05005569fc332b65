import { describe, expect, it } from 'vitest';
import { reportHtml } from '../../src/report/html.ts';
import { chartSvg } from '../../src/report/html-chart.ts';
import { replayCommand, rerunCommand } from '../../src/report/rerun-commands.ts';
import type { Report } from '../../src/report/report.ts';
import { sample } from './fixture-report.ts';

const onMock: Report = { ...sample.report, target: { ...sample.report.target, embeddedMock: true } };

describe('report.html', () => {
  it('shows a diagnosis of the setup right under the verdict, and no place for one without it', () => {
    const diagnosed = {
      ...sample.report,
      diagnosis: { kind: 'unavailable' as const, line: 'most answers were 503 <sic>' },
    };
    const html = reportHtml(diagnosed);
    const verdict = html.indexOf('</h1>');
    const diagnosis = html.indexOf('<section id="diagnosis"');
    expect(diagnosis).toBeGreaterThan(verdict);
    expect(html.slice(verdict, diagnosis).trim()).toBe('</h1>');
    expect(html).toContain('data-kind="unavailable"');
    expect(html).toContain('most answers were 503 &#60;sic&#62;');
    expect(reportHtml(sample.report)).not.toContain('id="diagnosis"');
  });

  it('draws a bar per group whose segments add up to the group, the largest at full length', () => {
    const svg = chartSvg(sample.report.requirements);
    const groups = [...new Set(sample.report.requirements.map((r) => r.group))];
    expect(svg.match(/<a href="#group-/g)).toHaveLength(groups.length);
    const widths = [...svg.matchAll(/<a href="#group-([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([, group, bar]) => ({
      group,
      width: [...bar!.matchAll(/width="([\d.]+)"/g)].reduce((sum, [, w]) => sum + Number(w), 0),
    }));
    const sizes = groups.map((g) => sample.report.requirements.filter((r) => r.group === g).length);
    const largest = Math.max(...sizes);
    for (const [index, { width }] of widths.entries())
      expect(width).toBeCloseTo((sizes[index]! / largest) * 520, 0);
    expect(svg).toMatch(/<a href="#group-token" aria-label="token: \d+ requirements, 1 failed, /);
  });

  it('lists every requirement, each with its group and level for the filters', () => {
    const html = reportHtml(sample.report);
    expect(html.match(/<tr class="requirement"/g)).toHaveLength(sample.report.requirements.length);
    expect(html).toContain(
      '<tr class="requirement" id="TOKEN-04" data-status="failed" data-group="token" data-level="MUST">',
    );
    expect(html).toContain(
      `${sample.report.requirements.length} of ${sample.report.requirements.length} shown`,
    );
  });
});

describe('the commands that run a requirement again', () => {
  const failure = sample.report.requirements.find((r) => r.id === 'TOKEN-04')!.failures[0]!;

  it('against the embedded mock: the requirement and the seed, no target', () => {
    expect(rerunCommand(onMock, 'TOKEN-04')).toBe('npx fds-conformance --only TOKEN-04 --seed 42');
    expect(replayCommand(onMock, 'TOKEN-04', failure)).toBe(
      "npx fds-conformance --only TOKEN-04 --seed 42 --path '0:1'",
    );
  });

  it('against another target: its base URL, quoted for the shell, the run’s profile and read-only, and a note for the key', () => {
    const quoted: Report = {
      ...sample.report,
      target: { ...sample.report.target, baseUrl: "http://h/it's" },
    };
    expect(rerunCommand(quoted, 'TOKEN-04')).toBe(
      "npx fds-conformance --only TOKEN-04 --seed 42 --base-url 'http://h/it'\\''s'",
    );
    const profiled: Report = {
      ...quoted,
      selection: { readOnly: true, profile: 'staging profile.json', selected: 257 },
    };
    expect(rerunCommand(profiled, 'TOKEN-04')).toBe(
      "npx fds-conformance --only TOKEN-04 --seed 42 --base-url 'http://h/it'\\''s' --profile 'staging profile.json' --read-only",
    );
    expect(reportHtml(profiled)).toContain('--profile &#39;staging profile.json&#39; --read-only');
    expect(reportHtml(sample.report)).toContain('With <code>FDS_API_KEY</code> set as for the run');
    expect(reportHtml(onMock)).not.toContain('FDS_API_KEY</code> set as for the run');
  });

  it('replays nothing for a failure that is no property', () => {
    const { seed: _seed, ...plain } = failure;
    expect(replayCommand(onMock, 'TOKEN-04', plain)).toBeUndefined();
  });
});
