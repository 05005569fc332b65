import type { ComparedRun, Comparison, ComparisonEntry } from './compare.ts';
import { escape } from './escape.ts';
import { capitalised, cell, oneLine } from './markdown.ts';

type ListName =
  | 'newlyFailing'
  | 'newlyPassing'
  | 'stillFailing'
  | 'newlyFlaky'
  | 'newlyPartlyExercised'
  | 'newlyNotExercised';

/** The six lists in the order a person reads them, each with its label. */
const lists: readonly { name: ListName; label: string }[] = [
  { name: 'newlyFailing', label: 'newly failing' },
  { name: 'newlyPassing', label: 'newly passing' },
  { name: 'stillFailing', label: 'still failing' },
  { name: 'newlyFlaky', label: 'newly flaky' },
  { name: 'newlyPartlyExercised', label: 'newly partly exercised' },
  { name: 'newlyNotExercised', label: 'newly not exercised' },
];

function targetText(run: ComparedRun): string {
  return run.embeddedMock ? 'the embedded mock' : run.baseUrl;
}

function runText(run: ComparedRun): string {
  return `${run.startedAt} against ${targetText(run)}`;
}

/**
 * A warning when the two runs judged different targets (another base URL, the embedded mock against a
 * service, another version): what changed between them may be the target, not the service.
 */
export function targetWarning(c: Comparison): string | undefined {
  const { previous, current } = c;
  const versionDiffers =
    previous.version !== undefined && current.version !== undefined && previous.version !== current.version;
  if (!versionDiffers && targetText(previous) === targetText(current)) return undefined;
  const version = (run: ComparedRun) => (versionDiffers ? ` version ${run.version}` : '');
  return (
    `warning: the compared run judged ${targetText(previous)}${version(previous)}, this one ` +
    `${targetText(current)}${version(current)}: what changed may be the target, not the service`
  );
}

function counts(c: Comparison): string {
  return lists.map(({ name, label }) => `${c[name].length} ${label}`).join(', ');
}

/** Plain text for stdout: a heading with the counts, then one line per requirement. */
export function comparisonLines(c: Comparison): string[] {
  const warning = targetWarning(c);
  const lines = [
    `compared with the run of ${runText(c.previous)}: ${counts(c)}`,
    ...(warning ? [`  ${warning}`] : []),
  ];
  for (const { name, label } of lists) {
    for (const e of c[name]) {
      const reason = e.reason === undefined ? '' : `: ${e.reason}`;
      // The title cut short, without its closing full stop, so `title: reason` reads as one line.
      lines.push(`  ${label} ${e.level} ${e.id} ${oneLine(e.title, 80).replace(/\.$/, '')}${reason}`);
    }
  }
  return lines;
}

function statusText(status: string | null): string {
  return status ?? 'new';
}

/** report.md's section: the counts, then a table per list that is not empty. */
export function comparisonMarkdown(c: Comparison): string {
  const warning = targetWarning(c);
  const lines = ['## Compared with the previous run', '', `Previous run: ${cell(runText(c.previous))}.`, ''];
  if (warning) lines.push(`**${cell(capitalised(warning))}.**`, '');
  lines.push(`${counts(c)}.`, '');
  for (const { name, label } of lists) {
    const entries = c[name];
    if (entries.length === 0) continue;
    lines.push(
      `### ${capitalised(label)} (${entries.length})`,
      '',
      '| id | level | requirement | before | now | reason |',
      '|---|---|---|---|---|---|',
      ...entries.map(
        (e) =>
          `| ${e.id} | ${e.level} | ${cell(e.title)} | ${statusText(e.previous)} | ${e.current} | ${cell(e.reason ?? '')} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

function rowHtml(e: ComparisonEntry): string {
  const before = statusText(e.previous);
  return `<tr class="compared" data-status="${escape(e.current)}"><td class="id">${escape(e.id)}</td><td>${escape(e.level)}</td><td>${escape(e.title)}</td>\
<td class="status ${escape(before)}">${escape(before)}</td><td class="status ${escape(e.current)}">${escape(e.current)}</td><td>${escape(e.reason ?? '')}</td></tr>`;
}

function warningHtml(c: Comparison): string {
  const warning = targetWarning(c);
  return warning
    ? `<p class="warning" role="note"><strong>${escape(capitalised(warning))}.</strong></p>\n`
    : '';
}

/** report.html's fragment: the counts, a warning when the targets differ, then a table per list that is not empty. */
export function comparisonHtml(c: Comparison): string {
  const tables = lists
    .filter(({ name }) => c[name].length > 0)
    .map(
      ({ name, label }) => `<h3>${capitalised(label)} (${c[name].length})</h3>
<table class="comparison" data-list="${name}"><thead><tr><th>id</th><th>level</th><th>requirement</th><th>before</th><th>now</th><th>reason</th></tr></thead><tbody>
${c[name].map(rowHtml).join('\n')}
</tbody></table>`,
    );
  return `<section id="comparison"><h2>Compared with the previous run</h2>
<p>Previous run: ${escape(runText(c.previous))}. ${escape(counts(c))}.</p>
${warningHtml(c)}${tables.join('\n')}
</section>`;
}
