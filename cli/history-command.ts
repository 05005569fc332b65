import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Output } from '../src/output.ts';
import { buildHistory } from '../src/report/history.ts';
import { historyHtml } from '../src/report/history-html.ts';
import { readPreviousReport } from './read-report.ts';
import { parseOptions, type OptionTable } from './options.ts';
import { exitCodes } from './exit-codes.ts';
import { UsageError } from '../src/usage-error.ts';

/** The flags of `history`, as its parser reads them and its help lists them. */
export const historyOptions = {
  out: {
    type: 'string',
    value: 'DIR',
    description: 'where history.html and history.json go (default the current folder)',
  },
} as const satisfies OptionTable;

/** A report's folder: the path given, or the folder of the report.json given. */
function folderOf(path: string): string {
  return statSync(path).isDirectory() ? path : dirname(path);
}

/**
 * `history DIR... [--out DIR]`: the nights side by side, from report folders (or their report.json),
 * ordered by when each run started. Writes history.html and history.json; exit 0, or 2 on a path that
 * holds no report.
 */
export function historyCommand(args: string[], output: Output): number {
  const { values, positionals } = parseOptions('history', historyOptions, args, true);
  if (positionals.length === 0) throw new UsageError('usage: fds-conformance history DIR... [--out DIR]');
  const target = values.out ?? '.';
  const reports = positionals.map((path) => {
    const report = readPreviousReport(path, 'history');
    // Relative to the page, so its links to each night's report.html work wherever the folders are moved together.
    return { folder: relative(target, folderOf(path)) || '.', report };
  });
  const history = buildHistory(reports);
  mkdirSync(target, { recursive: true });
  output.file(join(target, 'history.json'), `${JSON.stringify(history, null, 1)}\n`);
  output.file(join(target, 'history.html'), historyHtml(history));
  const [first, last] = [history.nights[0], history.nights[history.nights.length - 1]];
  output.stdout(
    `history of ${history.nights.length} night${history.nights.length === 1 ? '' : 's'}, ${first?.startedAt} to ${last?.startedAt}: history.html and history.json in ${target}/`,
  );
  return exitCodes.ok;
}
