import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { oneLine } from '../src/report/markdown.ts';
import type { Report } from '../src/report/report.ts';
import { UsageError } from '../src/usage-error.ts';

/**
 * Reading a report a user points at (`--compare DIR`, `diff-reports OLD NEW`) is the CLI's business: a
 * path that holds no report is a usage error, so it lives here rather than beside the comparison.
 */
function isReport(data: unknown): data is Report {
  if (typeof data !== 'object' || data === null) return false;
  const report = data as Partial<Report>;
  return (
    typeof report.startedAt === 'string' &&
    typeof report.target === 'object' &&
    report.target !== null &&
    Array.isArray(report.requirements) &&
    report.requirements.every(
      (r) => typeof r === 'object' && r !== null && typeof r.id === 'string' && typeof r.status === 'string',
    )
  );
}

/**
 * A previous run's report.json, from its report folder or the file itself (relative paths against the
 * working directory). Anything else is the user's mistake: a UsageError of one line naming `source`
 * (the flag or command that gave the path) and the path.
 */
export function readPreviousReport(path: string, source = '--compare'): Report {
  let file = path;
  let data: unknown;
  try {
    if (statSync(path).isDirectory()) file = join(path, 'report.json');
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? oneLine((error as Error).message, 120);
    throw new UsageError(`${source} ${path}: no readable report.json (${reason})`);
  }
  if (!isReport(data)) {
    throw new UsageError(`${source} ${path}: ${file} is not a conformance report.json`);
  }
  return data;
}
