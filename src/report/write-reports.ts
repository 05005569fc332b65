import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Output } from '../output.ts';
import type { Comparison } from './compare.ts';
import { comparisonHtml, comparisonMarkdown } from './compare-views.ts';
import type { CheckResult, LeftOutCheck } from './model.ts';
import { reportHtml } from './html.ts';
import { junitXml, stoppedRunJunitXml } from './junit.ts';
import { reportMarkdown } from './markdown.ts';
import { acceptableMissing, type Report, type Verdict } from './report.ts';

/** What the report files are views of: the report, its verdict, and what the exit code also depends on. */
export interface ReportFiles {
  report: Report;
  verdict: Verdict;
  /** The raw check results, written as checks.json for `merge-reports`. */
  checks: CheckResult[];
  /** The checks the selection left out, written to checks.json beside them. */
  leftOut?: readonly LeftOutCheck[];
  /** --allow-incomplete: an incomplete run exits 0, and junit.xml fails no build for it. */
  allowIncomplete: boolean;
  /** Errors outside any check (a suite file that failed to load): the run exits 1 on them. */
  errors?: readonly string[];
  comparison?: Comparison;
}

/**
 * checks.json: the run's checks and what `merge-reports` needs to join it with the other shards of its
 * run and to refuse a shard of another (cli/merge-reports-command.ts): the tool, the target, the seed,
 * the selection with the shard, and the checks the selection left out (another shard's, or outside
 * `--only`), so the merged report knows which of them no shard ran.
 */
export function shardRun(report: Report, checks: CheckResult[], leftOut?: readonly LeftOutCheck[]) {
  const { tool, target, seed, startedAt, durationMs, selection } = report;
  return {
    tool,
    target,
    seed,
    startedAt,
    durationMs,
    ...(selection ? { selection } : {}),
    checks,
    ...(leftOut ? { leftOut } : {}),
  };
}

/**
 * Writes report.json, report.md, report.html, junit.xml and checks.json (the raw check results
 * merge-reports combines) into the out folder, through the output that masks the run's secrets; report.md
 * is appended to $GITHUB_STEP_SUMMARY when that is set.
 */
export function writeReports(out: string, files: ReportFiles, output: Output, env = process.env): void {
  const { report, verdict, checks, comparison } = files;
  mkdirSync(out, { recursive: true });
  output.file(join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  // The comparison's views are joined here, so the report views and the comparison's need not import
  // each other.
  const markdown = reportMarkdown(report, verdict, comparison ? comparisonMarkdown(comparison) : '');
  output.file(join(out, 'report.md'), markdown);
  output.file(join(out, 'report.html'), reportHtml(report, comparison ? comparisonHtml(comparison) : ''));
  output.file(
    join(out, 'junit.xml'),
    junitXml(report, {
      verdict,
      allowIncomplete: files.allowIncomplete,
      ...(files.errors ? { errors: files.errors } : {}),
    }),
  );
  output.file(
    join(out, 'checks.json'),
    `${JSON.stringify(shardRun(report, checks, files.leftOut), null, 1)}\n`,
  );
  if (env.GITHUB_STEP_SUMMARY) output.append(env.GITHUB_STEP_SUMMARY, `${markdown}\n`);
}

/** A run that stopped before any check ran: its one line, what kind of stop it was, when and how long. */
export interface StoppedRun {
  /** The console's line. */
  line: string;
  type: 'setup error' | 'unreachable';
  startedAt: Date;
  durationMs: number;
}

/**
 * What a run that stopped before any check ran still writes, so that a CI page says why it is empty:
 * junit.xml with the one error, and the line appended to $GITHUB_STEP_SUMMARY when that is set. No
 * report.json: nothing was judged, and a report would claim counts about a target no check reached.
 */
export function writeStoppedRun(out: string, stop: StoppedRun, output: Output, env = process.env): void {
  mkdirSync(out, { recursive: true });
  output.file(
    join(out, 'junit.xml'),
    stoppedRunJunitXml(stop.line, stop.type, stop.startedAt.toISOString(), stop.durationMs),
  );
  if (env.GITHUB_STEP_SUMMARY) output.append(env.GITHUB_STEP_SUMMARY, `${stop.line}\n`);
}

/**
 * Writes a baseline from the report (`--write-baseline`): its failed requirement ids, and the profile
 * fields its run went without that a baseline may accept (`acceptedMissing`); returns both.
 */
export function writeBaseline(
  path: string,
  report: Report,
  output: Output,
): { failing: string[]; acceptedMissing: string[] } {
  const failing = report.requirements.filter((r) => r.status === 'failed').map((r) => r.id);
  const acceptedMissing = acceptableMissing(report);
  const baseline = {
    description: `Known failing requirements of ${report.target.baseUrl}, and the profile fields its run went without, written by fds-conformance ${report.tool.version} on ${report.startedAt}`,
    failing,
    acceptedMissing,
  };
  output.file(path, `${JSON.stringify(baseline, null, 2)}\n`);
  return { failing, acceptedMissing };
}
