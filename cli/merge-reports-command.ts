import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildReport } from '../src/report/report.ts';
import { scopedVerdict } from '../src/report/selection.ts';
import type { Output } from '../src/output.ts';
import { writeReports } from '../src/report/write-reports.ts';
import { baselineSelection, readBaseline, runOptions } from './run-options.ts';
import { parseOptions, type OptionTable } from './options.ts';
import { verdictExitCode } from './exit-codes.ts';
import { UsageError } from '../src/usage-error.ts';
import { verifyShards, type ShardRun } from './shard-verification.ts';

/** The flags of `merge-reports`, as its parser reads them and its help lists them. */
export const mergeReportsOptions = {
  out: { type: 'string', value: 'DIR', description: 'the merged report folder (default conformance-report)' },
  // The verdict's flags, as `run` reads them: merging shards judges as the one run they split would.
  strict: runOptions.strict,
  baseline: runOptions.baseline,
  'fail-on-flaky': runOptions['fail-on-flaky'],
  'allow-incomplete': runOptions['allow-incomplete'],
} as const satisfies OptionTable;

function readShard(dir: string): ShardRun {
  const path = join(dir, 'checks.json');
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Omit<ShardRun, 'dir'>;
    if (!Array.isArray(data.checks)) throw new Error('no checks array');
    return { ...data, dir };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`${path}: not a shard's report (${reason})`);
  }
}

/**
 * `merge-reports DIR... [--out DIR] [--strict] [--baseline FILE] [--fail-on-flaky] [--allow-incomplete]`: joins the reports
 * of `--shard` runs into one, as if the shards had been one run. Exit 0, 1 or 4 like `run`; 2 for shards
 * that are not one run's (cli/shard-verification.ts).
 */
export function mergeReportsCommand(args: string[], output: Output): number {
  const { values, positionals } = parseOptions('merge-reports', mergeReportsOptions, args, true);
  if (positionals.length === 0)
    throw new UsageError(
      'usage: fds-conformance merge-reports DIR... [--out DIR] [--strict] [--baseline FILE] [--fail-on-flaky] [--allow-incomplete]',
    );
  const parts = positionals.map(readShard);
  const shards = verifyShards(parts);
  const first = parts[0] as ShardRun;
  const startedAt = parts.map((p) => p.startedAt).sort()[0] ?? first.startedAt;
  const checks = parts.flatMap((p) => p.checks);
  // What some shard left out and no shard ran: outside the whole run's selection (`--only`).
  const ran = new Set(checks.map((c) => `${c.file}\n${c.name}`));
  const leftOut = [
    ...new Map(
      parts
        .flatMap((p) => p.leftOut ?? [])
        .filter((c) => !ran.has(`${c.file}\n${c.name}`))
        .map((c) => [`${c.file}\n${c.name}`, c]),
    ).values(),
  ];
  const baseline = values.baseline ? readBaseline(values.baseline) : undefined;
  const { report, verdict } = buildReport({
    checks,
    target: first.target,
    startedAt: new Date(startedAt),
    durationMs: Math.max(...parts.map((p) => p.durationMs)),
    seed: first.seed,
    strict: values.strict ?? false,
    // The shards' own --fail-on-flaky: without it here, the merged verdict would pass what each shard failed.
    failOnFlaky: values['fail-on-flaky'] ?? false,
    ...(baseline ? { baseline: baseline.failing } : {}),
    leftOut,
    selection: {
      ...(shards.selection ?? { readOnly: false }),
      ...(baseline && values.baseline ? { baseline: baselineSelection(values.baseline, baseline) } : {}),
      merged: shards.joined,
    },
  });
  const target = values.out ?? 'conformance-report';
  const allowIncomplete = values['allow-incomplete'] ?? false;
  // junit.xml too, from the merged report: a sharded CI gate has one JUnit file agreeing with this exit code.
  writeReports(target, { report, verdict, checks, leftOut, allowIncomplete }, output);
  if (!shards.verified)
    output.stdout(
      'fds-conformance: the shards could not be verified: their checks.json record no shard (written by an older fds-conformance)',
    );
  output.stdout(
    `merged ${parts.length} reports: ${scopedVerdict(report.summary.verdict, report)}; reports in ${target}/`,
  );
  return verdictExitCode(report.summary.verdict, allowIncomplete);
}
