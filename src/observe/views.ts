import { escape } from '../report/escape.ts';
import { cell, oneLine } from '../report/markdown.ts';
import type { ObservationReport, ObservedRequirement, OutsideInterface } from './types.ts';

const who = { client: 'the clients of the embedded mock', proxy: 'the traffic through the proxy' } as const;
const statusIcon = { passed: '✅', failed: '❌', 'not-observed': '·' } as const;

/** The counts in one line, as the console and both views say them. */
export function observationLine(report: ObservationReport): string {
  const { summary } = report;
  return (
    `${summary.requirements} requirements: ${summary.passed} observed to hold, ${summary.failed} observed broken, ` +
    `${summary.notObserved} not observed, over ${report.exchanges} exchanges`
  );
}

const outsideKinds = {
  'unknown-operation': 'unknown operation',
  'method-not-allowed': 'method not allowed',
  'linked-not-shown': 'referenced by links, not shown',
} as const;

/** The statuses the clients got, with their counts: `404 ×3, 502`. */
function statusesText(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([status, times]) => (times > 1 ? `${status} ×${times}` : status))
    .join(', ');
}

function outsideLine(outside: OutsideInterface): string {
  const leftOut = outside.leftOut ? `; ${outside.leftOut} more to requests not listed` : '';
  return `${outside.exchanges} exchange(s) outside the interface, which no operation's requirements judge${leftOut}`;
}

function outsideMarkdown(outside: OutsideInterface | undefined): string[] {
  if (!outside) return [];
  return [
    '## Outside the interface',
    '',
    `${outsideLine(outside)}.`,
    '',
    ...(outside.requests.length > 0
      ? [
          '| kind | request | times | statuses |',
          '| --- | --- | --- | --- |',
          ...outside.requests.map(
            (r) =>
              `| ${outsideKinds[r.kind]} | ${cell(`${r.method} ${r.path}`)} | ${r.count} | ${statusesText(r.statuses)} |`,
          ),
          '',
        ]
      : []),
  ];
}

function outsideHtml(outside: OutsideInterface | undefined): string {
  if (!outside) return '';
  const rows = outside.requests
    .map(
      (r) =>
        `<tr><td>${outsideKinds[r.kind]}</td><td><code>${escape(`${r.method} ${r.path}`)}</code></td>` +
        `<td>${r.count}</td><td>${escape(statusesText(r.statuses))}</td></tr>`,
    )
    .join('\n');
  return (
    `<h2>Outside the interface</h2>\n<p>${escape(outsideLine(outside))}.</p>\n` +
    (rows
      ? `<table><tr><th>kind</th><th>request</th><th>times</th><th>statuses</th></tr>\n${rows}\n</table>\n`
      : '')
  );
}

function evidenceLine(requirement: ObservedRequirement): string {
  const first = requirement.findings[0];
  if (!first) return '';
  // A message that opens with its request line already says which request it is.
  const line = `${first.request.method} ${first.request.path}`;
  return first.message.startsWith(`${first.request.method} `) ? first.message : `${line}: ${first.message}`;
}

/** `report.md`: the verdict as far as observed, the counts, and each broken requirement with its first finding. */
export function observationMarkdown(report: ObservationReport): string {
  const broken = report.requirements.filter((r) => r.status === 'failed');
  const icon = report.summary.verdict === 'conformant' ? '✅' : '❌';
  return [
    `# ${icon} FDS observation of ${who[report.observer]}: ${report.summary.verdict} as far as observed`,
    '',
    `Target \`${report.target.baseUrl}\`, from ${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s.`,
    '',
    `${observationLine(report)}. A requirement no exchange showed is not observed: it is neither held nor broken.`,
    '',
    ...(broken.length > 0
      ? [
          '## Observed broken',
          '',
          '| requirement | level | times | first finding |',
          '| --- | --- | --- | --- |',
          ...broken.map(
            (r) =>
              `| ${r.id} ${cell(r.title)} | ${r.level} | ${r.broken} | ${cell(oneLine(evidenceLine(r), 300))} |`,
          ),
          '',
        ]
      : []),
    ...outsideMarkdown(report.outsideInterface),
    '## Every requirement',
    '',
    '| | requirement | held | broken |',
    '| --- | --- | --- | --- |',
    ...report.requirements.map(
      (r) => `| ${statusIcon[r.status]} | ${r.id} ${cell(r.title)} | ${r.held} | ${r.broken} |`,
    ),
    '',
  ].join('\n');
}

function findingHtml(requirement: ObservedRequirement): string {
  return requirement.findings
    .map((finding) =>
      [
        '<div class="finding">',
        `<pre class="message">${escape(finding.message)}</pre>`,
        `<pre class="request">${escape(
          [
            `${finding.request.method} ${finding.request.path}`,
            ...Object.entries(finding.request.headers).map(([name, value]) => `${name}: ${value}`),
            '',
            finding.request.body,
          ].join('\n'),
        )}</pre>`,
        ...(finding.response
          ? [`<pre class="response">${escape(`${finding.response.status}\n${finding.response.body}`)}</pre>`]
          : []),
        '</div>',
      ].join(''),
    )
    .join('');
}

/** `report.html`: every requirement, the broken ones open with their evidence. */
export function observationHtml(report: ObservationReport): string {
  const rows = report.requirements
    .map(
      (r) =>
        `<details class="${r.status}"${r.status === 'failed' ? ' open' : ''}><summary>${statusIcon[r.status]} ` +
        `<b>${escape(r.id)}</b> ${escape(r.title)} <small>${r.level} · held ${r.held} · broken ${r.broken}</small>` +
        `</summary><p class="ref">${escape(r.specRef)}</p>${findingHtml(r)}</details>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>FDS observation: ${escape(report.summary.verdict)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;max-width:80rem}
details{border-bottom:1px solid #ddd;padding:.3rem 0}
details.failed summary{color:#a00}
details.not-observed summary{color:#777}
pre{background:#f6f6f6;padding:.5rem;white-space:pre-wrap;word-break:break-all}
small,.ref{color:#666}
td,th{text-align:left;padding:.1rem .6rem .1rem 0}
</style></head><body>
<h1>FDS observation of ${escape(who[report.observer])}: ${escape(report.summary.verdict)} as far as observed</h1>
<p>Target <code>${escape(report.target.baseUrl)}</code>, from ${escape(report.startedAt)}, ${(report.durationMs / 1000).toFixed(1)} s.</p>
<p>${escape(observationLine(report))}.</p>
${outsideHtml(report.outsideInterface)}${rows}
</body></html>
`;
}
