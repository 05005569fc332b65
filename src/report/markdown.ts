import { groundsOf } from './grounds.ts';
import type { RequirementResult } from './model.ts';
import { incompleteLine, timeLine, trafficLine, type Report, type Verdict } from './report.ts';

/** Markdown cells cannot hold a bare pipe or a line break. */
export function cell(text: string): string {
  return text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');
}

/** A finding in one line: its lines joined (the first often only names the request), cut when long. */
export function oneLine(text: string, max = 200): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `report.md`: short enough for a CI job summary — verdict, counts, failed requirements with a reason. */
export function reportMarkdown(report: Report, verdict: Verdict): string {
  const { summary, target } = report;
  const icon = { conformant: '✅', incomplete: '⚠️', nonconformant: '❌' }[summary.verdict];
  const incomplete = incompleteLine(report.requirements);
  const lines = [
    `# ${icon} FDS conformance: ${summary.verdict}`,
    '',
    // An incomplete run says why before anything else: it vouches for nothing it did not exercise.
    ...(summary.verdict === 'incomplete' && incomplete ? [`**${incomplete}.**`, ''] : []),
    `Target ${target.embeddedMock ? 'embedded mock' : `\`${target.baseUrl}\``} (version ${target.version}), ` +
      `${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s, seed ${report.seed}.`,
    '',
    '| requirements | passed | failed | flaky | not exercised |',
    '|---|---|---|---|---|',
    `| ${summary.requirements} | ${summary.passed} | ${summary.failed} | ${summary.flaky} | ${summary.notExercised} |`,
    '',
    ...(report.traffic ? [trafficLine(report.traffic), ''] : []),
    ...(report.secondsByGroup ? [timeLine(report.secondsByGroup), ''] : []),
    ...(report.created.length > 0
      ? [
          `Created on the target: ${report.created.length} resources, each listed in report.json and report.html.`,
          '',
        ]
      : []),
  ];
  const failed = report.requirements.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    lines.push('## Failed requirements', '', '| id | level | requirement | reason |', '|---|---|---|---|');
    for (const r of failed) {
      const known = verdict.blocking.includes(r.id) ? '' : ' (baseline or SHOULD)';
      lines.push(
        `| ${r.id} | ${r.level}${known} | ${cell(r.title)} | ${cell(oneLine(r.failures[0]?.message ?? ''))} |`,
      );
    }
    lines.push('', ...failed.flatMap(groundsMarkdown));
  }
  const flaky = report.requirements.filter((r) => r.status === 'flaky');
  if (flaky.length > 0) {
    lines.push(
      '## Flaky requirements (failed, then passed on a retry)',
      '',
      '| id | level | requirement | failed attempt |',
      '|---|---|---|---|',
    );
    for (const r of flaky) {
      const counted = verdict.blocking.includes(r.id) ? '' : ' (not counted)';
      lines.push(
        `| ${r.id} | ${r.level}${counted} | ${cell(r.title)} | ${cell(oneLine(r.failures[0]?.message ?? ''))} |`,
      );
    }
    lines.push('');
  }
  if (verdict.nowPassing.length > 0) {
    lines.push(`Baseline entries that now pass (remove them): ${verdict.nowPassing.join(', ')}`, '');
  }
  return lines.join('\n');
}

/**
 * A failed requirement's grounds, folded (GitHub renders `<details>` in a job summary) so the table stays
 * the first thing read: the quoted spec text, the notes, and the readings the suite accepts.
 */
function groundsMarkdown(r: RequirementResult): string[] {
  const grounds = groundsOf(r.id);
  if (!grounds) return [];
  const lines = [
    `<details><summary>${r.id}: the spec's words, why ${r.level}, what is accepted</summary>`,
    '',
    `${r.specRef}:`,
    '',
    ...grounds.quote.split('\n').map((line) => `> ${line}`),
    '',
  ];
  if (grounds.notes) lines.push(`Notes: ${grounds.notes}`, '');
  if (grounds.whyMust) lines.push(`Why MUST: ${grounds.whyMust}`, '');
  for (const entry of grounds.ambiguities) {
    lines.push(`Accepted readings (${entry.id}, ${entry.topic}):`, '');
    for (const { reading } of entry.readings) lines.push(`- ${reading}`);
    lines.push('');
  }
  lines.push('</details>', '');
  return lines;
}
