import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ObservationReport } from './types.ts';
import { observationHtml, observationMarkdown } from './views.ts';

/**
 * Writes report.json (the model), report.md and report.html (its views) into `out`. Each is written beside
 * and renamed into place: a report written on demand, while a reader may be watching for it, is never read
 * half written.
 */
export function writeObservationReports(out: string, report: ObservationReport): void {
  mkdirSync(out, { recursive: true });
  const files = {
    'report.md': observationMarkdown(report),
    'report.html': observationHtml(report),
    'report.json': `${JSON.stringify(report, null, 2)}\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    const partial = join(out, `.${name}.${process.pid}.partial`);
    writeFileSync(partial, text);
    renameSync(partial, join(out, name));
  }
}
