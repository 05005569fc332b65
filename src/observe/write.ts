import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Output } from '../output.ts';
import type { ObservationReport } from './types.ts';
import { observationHtml, observationMarkdown } from './views.ts';

/**
 * Writes report.json (the model), report.md and report.html (its views) into `out`, through the output
 * that masks the observer's secrets. Each is written beside and renamed into place: a report written on
 * demand, while a reader may be watching for it, is never read half written.
 */
export function writeObservationReports(out: string, report: ObservationReport, output: Output): void {
  mkdirSync(out, { recursive: true });
  output.fileInPlace(join(out, 'report.md'), observationMarkdown(report));
  output.fileInPlace(join(out, 'report.html'), observationHtml(report));
  output.fileInPlace(join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
}
