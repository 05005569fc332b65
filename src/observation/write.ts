import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ObservationReport } from './types.ts';
import { observationHtml, observationMarkdown } from './views.ts';

/** Writes report.json (the model), report.md and report.html (its views) into `out`. */
export function writeObservationReports(out: string, report: ObservationReport): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(out, 'report.md'), observationMarkdown(report));
  writeFileSync(join(out, 'report.html'), observationHtml(report));
}
