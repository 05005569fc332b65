import type { Exchange } from '../http/exchange.ts';
import { groundsOf } from './grounds.ts';
import { oneLine } from './markdown.ts';
import type { RequirementFailure, RequirementResult } from './model.ts';
import { incompleteLine, requirementsLine, timeLine, trafficLine, type Report } from './report.ts';

export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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

function failureHtml(failure: RequirementFailure): string {
  const parts = [
    `<p class="check">${escape(failure.check)}</p>`,
    `<pre class="message">${escape(failure.message)}</pre>`,
  ];
  if (failure.seed !== undefined) {
    parts.push(
      `<p>fast-check seed <code>${failure.seed}</code>, path <code>${escape(failure.path ?? '')}</code>, ` +
        `counter-example <code>${escape(failure.counterexample ?? '')}</code> — replay with <code>--seed ${failure.seed}</code></p>`,
    );
  }
  if (failure.curl) parts.push(`<p>Reproduce:</p><pre class="curl">${escape(failure.curl)}</pre>`);
  if (failure.exchange)
    parts.push(`<p>Exchange:</p><pre class="exchange">${escape(exchangeText(failure.exchange))}</pre>`);
  return `<div class="failure">${parts.join('\n')}</div>`;
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

function rowHtml(r: RequirementResult): string {
  const detail =
    r.status === 'failed' || r.status === 'flaky'
      ? groundsHtml(r) + r.failures.map(failureHtml).join('\n')
      : r.status === 'not-exercised'
        ? `<p>Not exercised: ${escape((r.notExercised ?? []).join('; '))}</p>`
        : `<p>Checks: ${escape(r.checks.join('; '))}</p>`;
  return `<tr class="requirement" id="${r.id}" data-status="${r.status}">
<td class="id">${r.id}</td><td>${r.level}</td><td class="status ${r.status}">${r.status}</td>
<td><details${r.status === 'failed' ? ' class="failed"' : ''}><summary>${escape(r.title)}</summary>
<p class="spec">${escape(r.specRef)}</p>${detail}</details></td></tr>`;
}

const style = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d1d1f}
h1{font-size:1.5rem}.conformant{color:#137333}.nonconformant{color:#b3261e}.incomplete{color:#8a5a00}
table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
td.id{white-space:nowrap;font-family:ui-monospace,monospace}.status.passed{color:#137333}.status.failed{color:#b3261e;font-weight:600}.status.not-exercised{color:#8a6d00}.status.flaky{color:#a04f00;font-weight:600}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;max-height:24rem;white-space:pre-wrap;word-break:break-all}
.filters button{margin-right:.4rem;padding:.3rem .7rem;border:1px solid #999;border-radius:4px;background:#fff;cursor:pointer}
.filters button[aria-pressed=true]{background:#1d1d1f;color:#fff}.spec{color:#666;font-size:.9em}
#headline small{overflow-wrap:anywhere}blockquote.quote{margin:.5rem 0;padding:.3rem .8rem;border-left:3px solid #999;white-space:pre-wrap;color:#333}.notes{color:#444}`;

// Filtering is a few lines of inline script: the page must work offline, with no network access.
const script = `
for (const button of document.querySelectorAll('.filters button')) {
  button.addEventListener('click', () => {
    for (const other of document.querySelectorAll('.filters button')) other.setAttribute('aria-pressed', String(other === button));
    const status = button.dataset.status;
    for (const row of document.querySelectorAll('tr.requirement')) row.hidden = status !== 'all' && row.dataset.status !== status;
    for (const section of document.querySelectorAll('section.group')) section.hidden = !section.querySelector('tr.requirement:not([hidden])');
  });
}`;

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

/**
 * `report.html`: one self-contained page. It opens with what a person wants first: the verdict, the
 * failed and flaky requirements each with its reason, the comparison with the previous run (a fragment
 * from src/report/compare-views.ts, when there is one), then the full matrix grouped by endpoint group.
 */
export function reportHtml(report: Report, comparison = ''): string {
  const groups = [...new Set(report.requirements.map((r) => r.group))];
  const { summary } = report;
  const sections = groups.map((group) => {
    const rows = report.requirements.filter((r) => r.group === group);
    const failed = rows.filter((r) => r.status === 'failed').length;
    return `<section class="group" data-group="${group}"><h2>${group} <small>${rows.length} requirements, ${failed} failed</small></h2>
<table><thead><tr><th>id</th><th>level</th><th>status</th><th>requirement</th></tr></thead><tbody>
${rows.map(rowHtml).join('\n')}
</tbody></table></section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>FDS conformance: ${summary.verdict}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>${style}</style></head><body>
<h1>FDS conformance: <span class="${summary.verdict}">${summary.verdict}</span></h1>
${summary.verdict === 'incomplete' ? `<p class="incomplete"><strong>${escape(incompleteLine(report.requirements) ?? '')}.</strong></p>` : ''}
<p>Target ${report.target.embeddedMock ? 'embedded mock' : escape(report.target.baseUrl)}, version ${escape(report.target.version)};
started ${escape(report.startedAt)}, ${(report.durationMs / 1000).toFixed(1)} s, seed ${report.seed}, ${escape(report.tool.name)} ${escape(report.tool.version)}.</p>
<p>${escape(requirementsLine(summary))}.</p>
${report.traffic ? `<p>${escape(trafficLine(report.traffic))}</p>` : ''}
${report.secondsByGroup ? `<p>${escape(timeLine(report.secondsByGroup))}</p>` : ''}
${headlineHtml(report)}
${comparison}
${createdHtml(report)}
<h2>All requirements</h2>
<div class="filters" role="toolbar" aria-label="Filter by status">
<button data-status="all" aria-pressed="true">all</button><button data-status="failed" aria-pressed="false">failed</button><button data-status="flaky" aria-pressed="false">flaky</button><button data-status="passed" aria-pressed="false">passed</button><button data-status="not-exercised" aria-pressed="false">not exercised</button>
</div>
${sections.join('\n')}
<script>${script}</script>
</body></html>
`;
}
