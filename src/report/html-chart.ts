import type { RequirementResult, RequirementStatus } from './model.ts';

/** The statuses in the order a bar stacks them, each with the words a reader sees. */
export const statuses: readonly { status: RequirementStatus; label: string }[] = [
  { status: 'failed', label: 'failed' },
  { status: 'flaky', label: 'flaky' },
  { status: 'passed', label: 'passed' },
  { status: 'partly-exercised', label: 'partly exercised' },
  { status: 'not-exercised', label: 'not exercised' },
];

const labelWidth = 120;
const barWidth = 520;
const countWidth = 190;
const rowHeight = 26;
const barHeight = 18;

function countsOf(rows: readonly RequirementResult[]): Record<RequirementStatus, number> {
  const counts = { passed: 0, 'partly-exercised': 0, failed: 0, flaky: 0, 'not-exercised': 0 };
  for (const r of rows) counts[r.status] += 1;
  return counts;
}

/** What a group's bar says in words: its total, then each status with requirements. */
function groupSentence(group: string, total: number, counts: Record<RequirementStatus, number>): string {
  const parts = statuses
    .filter(({ status }) => counts[status] > 0)
    .map(({ status, label }) => `${counts[status]} ${label}`);
  return `${group}: ${total} requirements, ${parts.join(', ')}`;
}

/**
 * The overview: one stacked horizontal bar per endpoint group, its length the group's requirements (on
 * one scale, so a large group reads as large), its segments by status. Inline SVG, so the page needs no
 * script or network to draw it; each bar is a link to its group's table and says its counts in words.
 */
export function chartSvg(requirements: readonly RequirementResult[]): string {
  const groups = [...new Set(requirements.map((r) => r.group))];
  const largest = Math.max(1, ...groups.map((g) => requirements.filter((r) => r.group === g).length));
  const bars = groups.map((group, index) => {
    const rows = requirements.filter((r) => r.group === group);
    const counts = countsOf(rows);
    const y = index * rowHeight;
    let x = labelWidth;
    const segments = statuses
      .filter(({ status }) => counts[status] > 0)
      .map(({ status, label }) => {
        const width = (counts[status] / largest) * barWidth;
        const rect = `<rect class="bar ${status}" x="${x.toFixed(1)}" y="${y + 4}" width="${width.toFixed(1)}" height="${barHeight}"><title>${group}: ${counts[status]} ${label}</title></rect>`;
        x += width;
        return rect;
      });
    const failing = counts.failed + counts.flaky;
    const note =
      failing > 0
        ? ` (${[counts.failed > 0 ? `${counts.failed} failed` : '', counts.flaky > 0 ? `${counts.flaky} flaky` : ''].filter(Boolean).join(', ')})`
        : '';
    return `<a href="#group-${group}" aria-label="${groupSentence(group, rows.length, counts)}"><text x="0" y="${y + 18}">${group}</text>${segments.join('')}<text class="count" x="${(x + 6).toFixed(1)}" y="${y + 18}">${rows.length}${note}</text></a>`;
  });
  const height = groups.length * rowHeight + 4;
  return `<svg id="chart" role="group" aria-labelledby="chart-caption" viewBox="0 0 ${labelWidth + barWidth + countWidth} ${height}" width="100%" preserveAspectRatio="xMinYMin meet">
${bars.join('\n')}
</svg>`;
}
