import type { RequirementStatus } from './model.ts';
import type { History, HistoryNight, HistoryRequirement } from './history.ts';
import { escape } from './escape.ts';

/** A night as a column heads it: its date and time, to the minute, in UTC as the report records it. */
function nightLabel(night: HistoryNight): string {
  return night.startedAt.slice(0, 16).replace('T', ' ');
}

/** A night's heading: its label, linking to that night's report.html. */
function nightHeading(night: HistoryNight): string {
  const [date, time] = nightLabel(night).split(' ');
  return `<th scope="col"><a href="${escape(`${night.folder}/report.html`)}">${escape(date ?? '')}<br>${escape(time ?? '')}</a></th>`;
}

const chartColours = { passed: '#2e7d32', flaky: '#d08c00', failed: '#c62828' } as const;

/**
 * Passed, flaky and failed requirements per night, stacked, as inline SVG: a bar per night, its counts
 * in its title for a pointer and in the nights' table for a reader or a screen reader.
 */
function chartSvg(nights: readonly HistoryNight[]): string {
  const barWidth = 28;
  const gap = 10;
  const height = 160;
  const left = 36;
  const top = 8;
  const highest = Math.max(1, ...nights.map((n) => n.passed + n.flaky + n.failed));
  const width = left + nights.length * (barWidth + gap) + gap;
  const scale = (count: number) => (count / highest) * height;
  const bars = nights.map((night, index) => {
    const x = left + gap + index * (barWidth + gap);
    let y = top + height;
    const parts = (['passed', 'flaky', 'failed'] as const).map((status) => {
      const h = scale(night[status]);
      y -= h;
      return `<rect class="${status}" x="${x}" y="${y.toFixed(1)}" width="${barWidth}" height="${h.toFixed(1)}" fill="${chartColours[status]}"/>`;
    });
    const title = `${nightLabel(night)}: ${night.passed} passed, ${night.flaky} flaky, ${night.failed} failed`;
    const day = `<text x="${x + barWidth / 2}" y="${top + height + 14}" text-anchor="middle">${escape(night.startedAt.slice(5, 10))}</text>`;
    return `<g class="night"><title>${escape(title)}</title>${parts.join('')}${day}</g>`;
  });
  const axis = [0, highest].map(
    (count) =>
      `<text x="${left - 4}" y="${(top + height - scale(count) + 4).toFixed(1)}" text-anchor="end">${count}</text>`,
  );
  return `<svg id="chart" role="img" aria-labelledby="chart-title" width="${width}" height="${top + height + 20}" viewBox="0 0 ${width} ${top + height + 20}" xmlns="http://www.w3.org/2000/svg">
<title id="chart-title">Requirements passed, flaky and failed per night, oldest first</title>
<line x1="${left}" y1="${top + height}" x2="${width}" y2="${top + height}" stroke="#999"/>
${axis.join('')}${bars.join('\n')}</svg>
<p class="legend">${(['passed', 'flaky', 'failed'] as const).map((s) => `<span class="key ${s}"></span>${s}`).join(' ')}</p>`;
}

function nightsTable(nights: readonly HistoryNight[]): string {
  const rows = [...nights]
    .reverse()
    .map(
      (n) =>
        `<tr><th scope="row"><a href="${escape(`${n.folder}/report.html`)}">${escape(nightLabel(n))}</a></th><td class="${n.verdict}">${n.verdict}</td><td>${n.passed}</td><td>${n.partlyExercised}</td><td>${n.failed}</td><td>${n.flaky}</td><td>${n.notExercised}</td><td>${n.requests ?? '—'}</td></tr>`,
    );
  return `<div class="scroll" tabindex="0" role="region" aria-label="Nights, newest first"><table id="nights">
<thead><tr><th scope="col">night (UTC)</th><th scope="col">verdict</th><th scope="col">passed</th><th scope="col">partly exercised</th><th scope="col">failed</th><th scope="col">flaky</th><th scope="col">not exercised</th><th scope="col">requests</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></div>`;
}

/** A status as one mark, with its word for whoever cannot tell the colours apart. */
const marks: Record<RequirementStatus, string> = {
  passed: '✓',
  'partly-exercised': '◐',
  failed: '✗',
  flaky: '~',
  'not-exercised': '·',
};

function gridRow(r: HistoryRequirement, nights: readonly HistoryNight[]): string {
  const cells = r.statuses.map((status, night) => {
    if (status === null) return '<td class="absent" title="not in this report"></td>';
    const since = r.failingSince === night;
    const word = since ? `${status}, first night of the current failure` : status;
    return `<td class="${status}${since ? ' since' : ''}" title="${escape(word)}"${since ? ' data-since' : ''}>${marks[status]}<span class="word">${escape(word)}</span></td>`;
  });
  const since = r.failingSince === null ? '' : escape(nightLabel(nights[r.failingSince] as HistoryNight));
  return `<tr id="${escape(r.id)}"><th scope="row" class="id">${escape(r.id)}</th><td>${escape(r.level)}</td><td class="title">${escape(r.title)}</td><td class="since-column">${since}</td>${cells.join('')}</tr>`;
}

function gridTable(
  id: string,
  label: string,
  rows: readonly HistoryRequirement[],
  nights: readonly HistoryNight[],
): string {
  return `<div class="scroll" tabindex="0" role="region" aria-label="${escape(label)}"><table id="${id}" class="grid">
<thead><tr><th scope="col">id</th><th scope="col">level</th><th scope="col">requirement</th><th scope="col">failing since</th>${nights.map(nightHeading).join('')}</tr></thead>
<tbody>${rows.map((r) => gridRow(r, nights)).join('\n')}</tbody></table></div>`;
}

function gridSection(history: History): string {
  const troubled = history.requirements.filter((r) => r.troubled);
  const steady = history.requirements.filter((r) => !r.troubled);
  const first =
    troubled.length > 0
      ? gridTable('troubled', 'Requirements failed or flaky on some night', troubled, history.nights)
      : '<p>No requirement failed or was flaky on any of these nights.</p>';
  const rest =
    steady.length > 0
      ? `<details><summary>${steady.length} requirements never failed nor flaky on these nights</summary>
${gridTable('steady', 'Requirements never failed nor flaky', steady, history.nights)}</details>`
      : '';
  return `<section id="requirements"><h2>Requirements by night</h2>
<p>✓ passed, ◐ partly exercised (not every probe ran: not a pass), ✗ failed, ~ flaky, · not exercised; a framed ✗ is the first night of a failure that lasts to the last night, through nights that exercised it too little to tell.</p>
${first}
${rest}</section>`;
}

function latencySection(history: History): string {
  const { nights, operations } = history;
  const requests = nights.map((n) => `<td>${n.requests ?? '—'}</td>`).join('');
  const rows = operations.map((operation) => {
    const cells = nights.map((n) => {
      const latency = n.byOperation?.[operation];
      return latency
        ? `<td title="${latency.count} requests">${latency.p50Ms} / ${latency.p95Ms}</td>`
        : '<td>—</td>';
    });
    return `<tr><th scope="row">${escape(operation)}</th>${cells.join('')}</tr>`;
  });
  return `<section id="latency"><h2>Requests and latency</h2>
<p>Each operation's answered requests: median / 95th percentile, in milliseconds; — where a night's report does not record it.</p>
<div class="scroll" tabindex="0" role="region" aria-label="Requests and latency per night"><table id="latency-table">
<thead><tr><th scope="col">operation</th>${nights.map(nightHeading).join('')}</tr></thead>
<tbody><tr class="requests"><th scope="row">requests sent</th>${requests}</tr>
${rows.join('\n')}</tbody></table></div></section>`;
}

const style = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d1d1f}
h1{font-size:1.5rem}.conformant{color:#137333}.nonconformant{color:#b3261e}.incomplete{color:#8a5a00}
table{border-collapse:collapse;margin-bottom:1.5rem}td,th{border-bottom:1px solid #ddd;padding:.3rem .45rem;text-align:left;vertical-align:top}
.scroll{overflow-x:auto}.scroll:focus,a:focus,summary:focus{outline:2px solid #1a73e8;outline-offset:2px}
.grid thead th,#latency-table thead th{white-space:nowrap}.grid td{text-align:center;font-family:ui-monospace,monospace}.grid td.title{text-align:left;font-family:inherit;min-width:18rem}
th.id{white-space:nowrap;font-family:ui-monospace,monospace}.grid td.since-column{white-space:nowrap;text-align:left;font-family:inherit}
td.passed{color:#2e7d32}td.failed{color:#c62828;font-weight:700}td.flaky{color:#a04f00;font-weight:700}td.not-exercised{color:#8a6d00}td.partly-exercised{color:#5f6b00}
td.since{outline:2px solid #c62828;outline-offset:-3px}.word{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
#chart text{font-size:11px;fill:#444}.legend .key{display:inline-block;width:.8em;height:.8em;margin:0 .25em 0 .6em}
.key.passed{background:#2e7d32}.key.flaky{background:#d08c00}.key.failed{background:#c62828}
@media print{body{margin:0;font-size:11px}.scroll{overflow:visible}a{color:inherit;text-decoration:none}td.since{outline:none;border:2px solid #000}#chart rect{print-color-adjust:exact;-webkit-print-color-adjust:exact}}`;

// A folded list prints open: a printed page cannot be unfolded.
const script = `window.addEventListener('beforeprint', () => { for (const d of document.querySelectorAll('details')) d.open = true; });`;

/**
 * `history.html`: the nights side by side in one self-contained page (no network access): passed,
 * flaky and failed per night, the requirements by night (those in trouble first, with the night each
 * current failure began), then requests and latency per operation.
 */
export function historyHtml(history: History): string {
  const { nights } = history;
  const last = nights[nights.length - 1] as HistoryNight;
  const failing = history.requirements.filter((r) => r.failingSince !== null).length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>FDS conformance: ${nights.length} nights</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>${style}</style></head><body>
<h1>FDS conformance: ${nights.length} night${nights.length === 1 ? '' : 's'}</h1>
<p>From ${escape(nightLabel(nights[0] as HistoryNight))} to ${escape(nightLabel(last))} (UTC). The last night: <span class="${last.verdict}">${last.verdict}</span>, ${failing} requirement${failing === 1 ? '' : 's'} failing.</p>
<section id="overview"><h2>Passed, flaky and failed per night</h2>
${chartSvg(nights)}
${nightsTable(nights)}</section>
${gridSection(history)}
${latencySection(history)}
<script>${script}</script>
</body></html>
`;
}
