import type { Output } from '../src/output.ts';
import { compareReports } from '../src/report/compare.ts';
import { readPreviousReport } from './read-report.ts';
import { comparisonLines } from '../src/report/compare-views.ts';
import { parseOptions, type OptionTable } from './options.ts';
import { exitCodes } from './exit-codes.ts';
import { UsageError } from '../src/usage-error.ts';

/** `diff-reports` takes no flags; the empty table still lets its help and its parser agree. */
export const diffReportsOptions = {} as const satisfies OptionTable;

const diffReportsUsage = 'fds-conformance diff-reports OLD NEW';

/**
 * `diff-reports OLD NEW`: each a report folder or its report.json. Lists newly failing, newly passing,
 * still failing, newly flaky and newly not exercised requirements; exit 1 when anything newly fails.
 */
export function diffReportsCommand(args: string[], output: Output): number {
  const { positionals } = parseOptions('diff-reports', diffReportsOptions, args, true);
  const [previousPath, currentPath, ...extra] = positionals;
  if (!previousPath || !currentPath || extra.length > 0) throw new UsageError(`usage: ${diffReportsUsage}`);
  const previous = readPreviousReport(previousPath, 'diff-reports');
  const current = readPreviousReport(currentPath, 'diff-reports');
  const comparison = compareReports(previous, current);
  for (const line of comparisonLines(comparison)) output.stdout(line);
  return comparison.anythingNewlyFails ? exitCodes.failed : exitCodes.ok;
}
