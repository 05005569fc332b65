import type { Exchange } from '../http/exchange.ts';
import { escape } from './escape.ts';
import { groundsOf } from './grounds.ts';
import { capitalised, oneLine } from './markdown.ts';
import type { RequirementFailure, RequirementResult } from './model.ts';
import { chartSvg, statuses } from './html-chart.ts';
import { notRunLines } from './not-run.ts';
import { credentialsToSet } from './reproduction.ts';
import { needsKey, replayCommand, rerunCommand, tokenCommand } from './rerun-commands.ts';
import {
  acceptIncompleteLine,
  incompleteLine,
  requirementsLine,
  timeLine,
  trafficLine,
  type Report,
} from './report.ts';
import { scopeLine, scopedVerdict } from './selection.ts';

function exchangeText(exchange: Exchange): string {
  const { request, response } = exchange;
  const lines = [`${request.method} ${request.url}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (request.body !== undefined) lines.push('', request.body);
  lines.push('', '---', '');
  if (response) {
    lines.push(`HTTP ${response.status} (${response.durationMs} ms)`);
    for (const [name, value] of Object.entries(response.headers)) lines.push(`${name}: ${value}`);
    lines.push('', response.text);
  } else {
    lines.push(`no response: ${exchange.failure ?? 'unknown'}`);
  }
  for (const retry of exchange.retries)
    lines.push(`(retried after ${retry.status ?? retry.failure}, waited ${retry.waitMs} ms)`);
  return lines.join('\n');
}

function failureHtml(report: Report, id: string, failure: RequirementFailure): string {
  const parts = [
    `<p class="check">${escape(failure.check)}</p>`,
    `<pre class="message">${escape(failure.message)}</pre>`,
  ];
  const replay = replayCommand(report, id, failure);
  if (replay !== undefined) {
    parts.push(
      `<p>fast-check seed <code>${failure.seed}</code>, path <code>${escape(failure.path ?? '')}</code>, ` +
        `counter-example <code>${escape(failure.counterexample ?? '')}</code>; replay it:</p><pre class="replay">${escape(replay)}</pre>`,
    );
  }
  if (failure.curl) parts.push(curlHtml(report, failure.curl, failure.before?.curl));
  if (failure.before)
    parts.push(
      `<p>The exchange before it:</p><pre class="exchange">${escape(exchangeText(failure.before.exchange))}</pre>`,
    );
  if (failure.exchange)
    parts.push(`<p>Exchange:</p><pre class="exchange">${escape(exchangeText(failure.exchange))}</pre>`);
  return `<div class="failure">${parts.join('\n')}</div>`;
}

/**
 * The curl line, and where it carries a token, the line that gets one before it: the `token` command,
 * with the run's profile and key. The embedded mock stopped with its run, so no token of it is to be had.
 * For a finding between two requests, the curl line of the request before it comes first.
 */
function curlHtml(report: Report, curl: string, before?: string): string {
  const token = [curl, before].some((line) => line?.includes('$FDS_TOKEN'))
    ? tokenCommand(report)
    : undefined;
  const how =
    token === undefined
      ? '<p>Reproduce:</p>'
      : '<p>Reproduce: first set <code>$FDS_TOKEN</code> to a token of the target (the <code>token</code> command sends POST /token with the run&#39;s profile and <code>FDS_API_KEY</code> and prints the token alone), then send the request:</p>' +
        `<pre class="token">${escape(token)}</pre>`;
  const first =
    before === undefined
      ? ''
      : `<p>The request before it, then the request itself:</p><pre class="curl">${escape(before)}</pre>`;
  const set = credentialsToSet(curl);
  return `${how}${set === undefined ? '' : `<p>Set ${escape(set)}.</p>`}${first}<pre class="curl">${escape(curl)}</pre>`;
}

/** Beside the evidence, what a person needs to dispute it: the spec's words, the notes, the readings. */
function groundsHtml(r: RequirementResult): string {
  const grounds = groundsOf(r.id);
  if (!grounds) return '';
  const parts = [`<blockquote class="quote">${escape(grounds.quote)}</blockquote>`];
  if (grounds.notes)
    parts.push(`<p class="notes">Why ${r.level}, what is accepted: ${escape(grounds.notes)}</p>`);
  if (grounds.whyMust)
    parts.push(`<p class="notes">Which reading might not oblige it: ${escape(grounds.whyMust)}</p>`);
  for (const entry of grounds.ambiguities) {
    const readings = entry.readings.map(({ reading }) => `<li>${escape(reading)}</li>`).join('');
    parts.push(
      `<div class="readings"><p>Accepted readings (${escape(entry.id)}, ${escape(entry.topic)}):</p><ul>${readings}</ul></div>`,
    );
  }
  return `<div class="grounds">${parts.join('\n')}</div>`;
}

/** How to run a failed or flaky requirement again, alone, under the run's seed. */
function rerunHtml(report: Report, id: string): string {
  const key = needsKey(report)
    ? ' With <code>FDS_API_KEY</code> set as for the run (no report records the key).'
    : '';
  return `<div class="rerun"><p>Rerun just it:${key}</p><pre class="rerun">${escape(rerunCommand(report, id))}</pre></div>`;
}

/** A partly exercised requirement's fold: what did not run and why, then the checks that did. */
function partlyHtml(r: RequirementResult): string {
  const items = notRunLines(r).map((line) => `<li>${escape(line)}</li>`);
  return `<div class="not-run"><p>Not passed: not every probe ran. What did not run:</p><ul>${items.join('')}</ul></div><p>Checks: ${escape(r.checks.join('; '))}</p>`;
}

function rowHtml(report: Report, r: RequirementResult): string {
  const detail =
    r.status === 'failed' || r.status === 'flaky'
      ? groundsHtml(r) +
        rerunHtml(report, r.id) +
        r.failures.map((f) => failureHtml(report, r.id, f)).join('\n')
      : r.status === 'not-exercised'
        ? `<p>Not exercised: ${escape((r.notExercised ?? []).join('; '))}</p>`
        : r.status === 'partly-exercised'
          ? partlyHtml(r)
          : `<p>Checks: ${escape(r.checks.join('; '))}</p>`;
  return `<tr class="requirement" id="${r.id}" data-status="${r.status}" data-group="${r.group}" data-level="${r.level}">
<td class="id">${r.id}</td><td>${r.level}</td><td class="status ${r.status}">${r.status}</td>
<td><details${r.status === 'failed' ? ' class="failed"' : ''}><summary>${escape(r.title)}</summary>
<p class="spec">${escape(r.specRef)}</p>${detail}</details></td></tr>`;
}

const style = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d1d1f;max-width:80rem}
h1{font-size:1.5rem}.conformant{color:#137333}.nonconformant{color:#b3261e}.incomplete{color:#8a5a00}
#diagnosis{border-left:4px solid #8a5a00;background:#fff8e1;padding:.4rem .8rem;margin:.5rem 0 1rem}
table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
td.id{white-space:nowrap;font-family:ui-monospace,monospace}.status.passed{color:#137333}.status.failed{color:#b3261e;font-weight:600}.status.not-exercised{color:#6b6b6b}.status.partly-exercised{color:#5f6b00;font-weight:600}.status.flaky{color:#a04f00;font-weight:600}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;max-height:24rem;white-space:pre-wrap;word-break:break-all}
summary{cursor:pointer}tr.requirement,section.group{scroll-margin-top:9rem}.spec{color:#666;font-size:.9em}
figure{margin:0}#chart{max-width:56rem;display:block}#chart text{font-size:13px;fill:#1d1d1f}#chart a:hover text,#chart a:focus text{text-decoration:underline}
.bar.passed,.swatch.passed{fill:#1e8e3e;background:#1e8e3e}.bar.failed,.swatch.failed{fill:#b3261e;background:#b3261e}
.bar.flaky,.swatch.flaky{fill:#e8710a;background:#e8710a}.bar.partly-exercised,.swatch.partly-exercised{fill:#c0ca33;background:#c0ca33}.bar.not-exercised,.swatch.not-exercised{fill:#bdc1c6;background:#bdc1c6}
.legend{list-style:none;padding:0;display:flex;gap:1rem;flex-wrap:wrap}.swatch{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;vertical-align:-.05rem}
.filters{display:flex;flex-wrap:wrap;gap:.6rem 1.2rem;align-items:center;padding:.6rem .8rem;background:#f6f8fa;border-radius:6px;position:sticky;top:0;z-index:1}
.filters fieldset{border:0;padding:0;margin:0;display:flex;gap:.6rem;flex-wrap:wrap}.filters legend{float:left;margin-right:.4rem;font-weight:600}
.filters label{white-space:nowrap}.filters select,.filters input{font:inherit}#shown{margin:0;font-weight:600}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}#chart a:focus-visible{outline:none}#chart a:focus-visible rect{stroke:#0b57d0;stroke-width:3}
#headline small{overflow-wrap:anywhere}blockquote.quote{margin:.5rem 0;padding:.3rem .8rem;border-left:3px solid #999;white-space:pre-wrap;color:#333}.notes{color:#444}
@media print{body{margin:0;font-size:11px;max-width:none}.filters{display:none}pre{max-height:none;overflow:visible}
details::details-content{content-visibility:visible;display:block}#chart,.swatch{print-color-adjust:exact;-webkit-print-color-adjust:exact}}`;

// The filters and the search are a few lines of inline script: the page must work offline, with no
// network access. Printing opens every fold and closes again those that were closed.
const script = `
const form = document.getElementById('filters');
const rows = [...document.querySelectorAll('tr.requirement')];
const words = new Map(rows.map((row) => [row, (row.id + ' ' + row.querySelector('summary').textContent + ' ' + row.querySelector('.spec').textContent).toLowerCase()]));
function apply() {
  const { status, group, level, search } = form.elements;
  const terms = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
  let shown = 0;
  for (const row of rows) {
    const d = row.dataset;
    row.hidden = !((status.value === 'all' || d.status === status.value) && (group.value === 'all' || d.group === group.value) &&
      (level.value === 'all' || d.level === level.value) && terms.every((t) => words.get(row).includes(t)));
    if (!row.hidden) shown += 1;
  }
  for (const section of document.querySelectorAll('section.group')) section.hidden = !section.querySelector('tr.requirement:not([hidden])');
  document.getElementById('shown').textContent = shown + ' of ' + rows.length + ' shown';
}
form.addEventListener('input', apply);
form.addEventListener('submit', (event) => event.preventDefault());
// A link to a requirement or a group (the headline, the chart) shows it even when the filters hid it.
function reveal() {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (!target || !target.matches('tr.requirement, section.group')) return;
  if (target.closest('[hidden]')) { form.reset(); apply(); }
  if (target.matches('tr.requirement')) target.querySelector('details').open = true;
  target.scrollIntoView();
}
addEventListener('hashchange', reveal);
// A link to the requirement already in the address changes no hash, so no hashchange: its click reveals it.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element && event.target.closest('a[href^="#"]');
  if (link && link.getAttribute('href') === location.hash) reveal();
});
reveal();
let closed = [];
addEventListener('beforeprint', () => { closed = [...document.querySelectorAll('details:not([open])')]; for (const d of closed) d.open = true; });
addEventListener('afterprint', () => { for (const d of closed) d.open = false; });`;

/** The setup's diagnosis, when the run has one (docs/design.md#reports): the one line to read first. */
function diagnosisHtml(report: Report): string {
  // `diagnosis` is optional in report.json: a run whose evidence points at no setup mistake has none.
  const { diagnosis } = report;
  if (!diagnosis) return '';
  return `<section id="diagnosis" role="note" data-kind="${escape(diagnosis.kind)}"><p><strong>Check the setup first:</strong> ${escape(diagnosis.line)}</p></section>`;
}

/** What the verdict covers, beside it: the selection and the baseline's share (src/report/selection.ts). */
function scopeHtml(report: Report): string {
  const scope = scopeLine(report);
  return scope === undefined ? '' : ` <small id="scope">(${escape(scope)})</small>`;
}

/** The overview: the requirements by group and status, as a chart with its legend. */
function overviewHtml(report: Report): string {
  const legend = statuses
    .map(({ status, label }) => `<li><span class="swatch ${status}"></span>${label}</li>`)
    .join('');
  return `<section id="overview"><figure><figcaption id="chart-caption"><h2>Requirements by group and status</h2></figcaption>
<ul class="legend" aria-hidden="true">${legend}</ul>
${chartSvg(report.requirements)}
</figure></section>`;
}

/** The first thing a person reads in the morning: each failed and flaky requirement with its reason. */
function headlineHtml(report: Report): string {
  const listed = report.requirements.filter((r) => r.status === 'failed' || r.status === 'flaky');
  if (listed.length === 0) return '';
  const items = listed.map(
    (r) =>
      `<li><span class="status ${r.status}">${r.status}</span> <a href="#${r.id}">${r.id}</a> ${r.level}: ${escape(r.title)}<br><small>${escape(oneLine(r.failures[0]?.message ?? ''))}</small></li>`,
  );
  return `<section id="headline"><h2>Failed and flaky requirements</h2><ul>${items.join('\n')}</ul></section>`;
}

/** What a writing run left on the target, so the environment's owners can clean up. */
function createdHtml(report: Report): string {
  if (report.created.length === 0) return '';
  const rows = report.created.map(
    (r) =>
      `<tr><td>${escape(r.type)}</td><td class="id">${escape(r.id)}</td><td>${escape(r.request)} (${r.status})</td><td>${escape(r.check)}</td></tr>`,
  );
  return `<section id="created"><details><summary>What the run left behind on the target: ${report.created.length} resources</summary>
<table><thead><tr><th>type</th><th>id</th><th>created by</th><th>check</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></details></section>`;
}

/** The filters over the list: status, group and level, each with its count, and a search of ids and words. */
function filtersHtml(report: Report, groups: readonly string[]): string {
  const all = report.requirements;
  const count = (keep: (r: RequirementResult) => boolean) => all.filter(keep).length;
  const status = [
    `<label><input type="radio" name="status" value="all" checked> all (${all.length})</label>`,
    ...statuses.map(
      ({ status: s, label }) =>
        `<label><input type="radio" name="status" value="${s}"> ${label} (${count((r) => r.status === s)})</label>`,
    ),
  ];
  const option = (value: string, label: string) => `<option value="${value}">${label}</option>`;
  const groupOptions = groups.map((g) => option(g, `${g} (${count((r) => r.group === g)})`));
  const levels = [...new Set(all.map((r) => r.level))];
  const levelOptions = levels.map((l) => option(l, `${l} (${count((r) => r.level === l)})`));
  return `<form id="filters" class="filters" role="search" aria-label="Filter the requirements">
<fieldset><legend>Status</legend>${status.join('')}</fieldset>
<span><label for="filter-group">Group</label> <select id="filter-group" name="group">${option('all', 'all groups')}${groupOptions.join('')}</select></span>
<span><label for="filter-level">Level</label> <select id="filter-level" name="level">${option('all', 'all levels')}${levelOptions.join('')}</select></span>
<span><label for="filter-search">Search</label> <input type="search" id="filter-search" name="search" placeholder="id or words"></span>
<p id="shown" role="status">${all.length} of ${all.length} shown</p>
</form>`;
}

/**
 * `report.html`: one self-contained page (inline style, script and SVG; nothing from the network). It
 * opens with what a person wants first: the verdict, the setup's diagnosis when there is one, the counts,
 * the chart of requirements by group and status, the failed and flaky requirements each with its reason,
 * the comparison with the previous run (a fragment from src/report/compare-views.ts, when there is one);
 * then every requirement by endpoint group, filtered by status, group, level and a search, each
 * foldable, a failed or flaky one to its spec quote, evidence, curl line and the commands that run it again.
 */
export function reportHtml(report: Report, comparison = ''): string {
  const groups = [...new Set(report.requirements.map((r) => r.group))];
  const { summary } = report;
  const sections = groups.map((group) => {
    const rows = report.requirements.filter((r) => r.group === group);
    const failed = rows.filter((r) => r.status === 'failed').length;
    return `<section class="group" id="group-${group}" data-group="${group}"><h2>${group} <small>${rows.length} requirements, ${failed} failed</small></h2>
<table><thead><tr><th>id</th><th>level</th><th>status</th><th>requirement</th></tr></thead><tbody>
${rows.map((r) => rowHtml(report, r)).join('\n')}
</tbody></table></section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>FDS conformance: ${escape(scopedVerdict(summary.verdict, report))}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>${style}</style></head><body>
<h1>FDS conformance: <span class="${summary.verdict}">${summary.verdict}</span>${scopeHtml(report)}</h1>
${diagnosisHtml(report)}
${summary.verdict === 'incomplete' ? `<p class="incomplete"><strong>${escape(incompleteLine(report) ?? '')}.</strong> ${escape(capitalised(acceptIncompleteLine(report) ?? ''))}.</p>` : ''}
<p>Target ${report.target.embeddedMock ? 'embedded mock' : escape(report.target.baseUrl)}, version ${escape(report.target.version)};
started ${escape(report.startedAt)}, ${(report.durationMs / 1000).toFixed(1)} s, seed ${report.seed}, ${escape(report.tool.name)} ${escape(report.tool.version)}.</p>
<p>${escape(requirementsLine(report))}.</p>
${overviewHtml(report)}
${report.traffic ? `<p>${escape(trafficLine(report.traffic))}</p>` : ''}
${report.secondsByGroup ? `<p>${escape(timeLine(report.secondsByGroup))}</p>` : ''}
${headlineHtml(report)}
${comparison}
${createdHtml(report)}
<section id="requirements"><h2>All requirements</h2>
${filtersHtml(report, groups)}
${sections.join('\n')}
</section>
<script>${script}</script>
</body></html>
`;
}
