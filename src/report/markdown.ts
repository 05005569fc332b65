import { groundsOf } from './grounds.ts';
import type { RequirementResult } from './model.ts';
import { notRunReasons } from './not-run.ts';
import { needsKey } from './rerun-commands.ts';
import { reproductionOf } from './reproduction.ts';
import { shortened } from './shortened.ts';
import { scopedVerdict } from './selection.ts';
import {
  acceptIncompleteLine,
  incompleteLine,
  requirementsLine,
  timeLine,
  trafficLine,
  type Report,
  type Verdict,
} from './report.ts';

/** Markdown cells cannot hold a bare pipe or a line break. */
export function cell(text: string): string {
  return text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');
}

/** A line begun as a sentence: its first letter upper case. */
export function capitalised(line: string): string {
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** A finding in one line: its lines joined (the first often only names the request), shortened when long. */
export function oneLine(text: string, max = 200): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
  return shortened(line, max);
}

/**
 * `report.md`: short enough for a CI job summary — verdict with its scope, counts, the comparison with
 * the previous run (a fragment from src/report/compare-views.ts, when there is one), failed requirements
 * with a reason, and why the others were not exercised, one line per reason.
 */
export function reportMarkdown(report: Report, verdict: Verdict, comparison = ''): string {
  const { summary, target } = report;
  const icon = { conformant: '✅', incomplete: '⚠️', nonconformant: '❌' }[summary.verdict];
  const incomplete = incompleteLine(report);
  const lines = [
    `# ${icon} FDS conformance: ${scopedVerdict(summary.verdict, report)}`,
    '',
    // An incomplete run says why before anything else: it vouches for nothing it did not exercise.
    // The setup's diagnosis, when the evidence points there, right under the verdict: it is what to fix first.
    ...(report.diagnosis ? [`**Diagnosis: ${report.diagnosis.line}.**`, ''] : []),
    ...(summary.verdict === 'incomplete' && incomplete
      ? [`**${incomplete}.**`, '', `${capitalised(acceptIncompleteLine(report) ?? '')}.`, '']
      : []),
    `Target ${target.embeddedMock ? 'embedded mock' : `\`${target.baseUrl}\``} (version ${target.version}), ` +
      `${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s, seed ${report.seed}.`,
    '',
    `${requirementsLine(report)}.`,
    '',
    // What changed since the previous run is what a nightly reader looks for first.
    ...(comparison ? [comparison] : []),
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
      const known = verdict.known.includes(r.id) ? ' (baseline)' : '';
      lines.push(
        `| ${r.id} | ${r.level}${known} | ${cell(r.title)} | ${cell(oneLine(r.failures[0]?.message ?? ''))} |`,
      );
    }
    lines.push('');
    if (failed.some((r) => !verdict.blocking.includes(r.id))) {
      lines.push(
        'Not counted against the verdict: SHOULD failures (unless --strict) and baseline entries (known failures).',
        '',
      );
    }
    lines.push(...failed.flatMap((r) => [...reproductionMarkdown(report, r), ...groundsMarkdown(r)]));
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
  if (verdict.undecided.length > 0) {
    lines.push(
      `Baseline entries partly exercised, not enough to tell (keep them): ${verdict.undecided.join(', ')}`,
      '',
    );
  }
  lines.push(...partlyExercisedMarkdown(report.requirements), ...notExercisedMarkdown(report.requirements));
  return lines.join('\n');
}

/**
 * What did not run of the requirements partly exercised: one line per probe and reason, most requirements
 * first, with their ids, as the requirements not exercised are listed below it. None of them passed.
 */
function partlyExercisedMarkdown(requirements: readonly RequirementResult[]): string[] {
  const partly = requirements.filter((r) => r.status === 'partly-exercised');
  if (partly.length === 0) return [];
  const byReason = new Map<string, string[]>();
  for (const r of partly)
    for (const reason of notRunReasons(r)) byReason.set(reason, [...(byReason.get(reason) ?? []), r.id]);
  const lines = [
    `## Partly exercised: ${partly.length} requirement${partly.length === 1 ? '' : 's'}, by what did not run`,
    '',
    'Each was exercised by some of its probes and broken by none, but not by every probe its checks name, so it is not counted as passed.',
    '',
  ];
  for (const [reason, ids] of [...byReason].sort((a, b) => b[1].length - a[1].length))
    lines.push(`- ${ids.length} — ${oneLine(reason)}: ${idRanges(ids).join(', ')}`);
  lines.push('');
  return lines;
}

/**
 * Why requirements were not exercised: one line per reason, most requirements first, with their ids
 * (runs of consecutive ids written as a range), so a run that skipped a hundred stays a few lines long.
 * A requirement whose checks were skipped for different reasons is listed under each.
 */
function notExercisedMarkdown(requirements: readonly RequirementResult[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const r of requirements) {
    for (const reason of r.notExercised ?? []) byReason.set(reason, [...(byReason.get(reason) ?? []), r.id]);
  }
  if (byReason.size === 0) return [];
  const count = requirements.filter((r) => r.status === 'not-exercised').length;
  const lines = [`## Not exercised: ${count} requirement${count === 1 ? '' : 's'}, by reason`, ''];
  for (const [reason, ids] of [...byReason].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`- ${ids.length} — ${oneLine(reason)}: ${idRanges(ids).join(', ')}`);
  }
  lines.push('');
  return lines;
}

/** `AUTH-01–AUTH-04` for AUTH-01, AUTH-02, AUTH-03 and AUTH-04; ids given in catalogue order. */
function idRanges(ids: readonly string[]): string[] {
  const runs: string[][] = [];
  for (const id of ids) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && follows(last, id)) run.push(id);
    else runs.push([id]);
  }
  return runs.map((run) => (run.length > 2 ? `${run[0]}–${run.at(-1)}` : run.join(', ')));
}

/** Whether `id` is the number after `previous` in the same group: TOKEN-03 after TOKEN-02. */
function follows(previous: string, id: string): boolean {
  const [, group, number] = /^(.*-)(\d+)$/.exec(previous) ?? [];
  const [, nextGroup, next] = /^(.*-)(\d+)$/.exec(id) ?? [];
  return group !== undefined && group === nextGroup && Number(next) === Number(number) + 1;
}

/**
 * What reproduces a failed requirement's first failure, folded like its grounds: one shell block to copy,
 * the request and the answer as comments above the commands, so a line of it pasted alone does nothing
 * unexpected.
 */
function reproductionMarkdown(report: Report, r: RequirementResult): string[] {
  const failure = r.failures[0];
  if (!failure) return [];
  const { request, answer, rerun, token, set, before, curl } = reproductionOf(report, r.id, failure);
  const block = [
    ...(request === undefined ? [] : [`# request: ${request}`]),
    ...(answer === undefined ? [] : [`# answer:  ${answer}`]),
    rerun,
    ...(token === undefined ? [] : [token]),
    ...(set === undefined ? [] : [`# set ${set}`]),
    ...(before === undefined ? [] : ['# the request before it, then the request itself:', before]),
    ...(curl === undefined ? [] : [curl]),
  ];
  const fence = '`'.repeat(Math.max(3, ...block.map((line) => longestBacktickRun(line) + 1)));
  return [
    `<details><summary>${r.id}: reproduce it</summary>`,
    '',
    ...(needsKey(report) ? ['With `FDS_API_KEY` set as for the run (no report records the key):', ''] : []),
    `${fence}sh`,
    ...block,
    fence,
    '',
    '</details>',
    '',
  ];
}

/** The longest run of backticks in a line: a code fence must be longer to hold it. */
function longestBacktickRun(line: string): number {
  return Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
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
