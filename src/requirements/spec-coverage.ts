import { readFileSync } from 'node:fs';
import { specUnits, type SpecUnit } from './spec-units.ts';

/**
 * How one normative unit of the spec is accounted for (spec-coverage.json): the requirements that test
 * it (server ids, or CLIENT ids where it obliges only the client), or why it puts no obligation on the
 * server. `pending` marks a server obligation no requirement tests yet; the tests fail until the
 * catalogue has one.
 */
export interface SpecCoverageEntry {
  /** The unit's id (spec-units.ts). */
  id: string;
  /** The unit's normalised text, for a reader of the file; the id, not this, is what is matched. */
  text: string;
  requirements?: string[];
  /** `no obligation on the server: <why>`. */
  noObligation?: string;
  /** The server obligation a requirement is still to be written for. */
  pending?: string;
}

export const noObligationPrefix = 'no obligation on the server: ';

// Read with fs, as the catalogue is: the JSON is edited by hand beside the catalogue's files.
export const specCoverage: readonly SpecCoverageEntry[] = JSON.parse(
  readFileSync(new URL('./spec-coverage.json', import.meta.url), 'utf8'),
) as SpecCoverageEntry[];

/** A unit of the spec with its entry, or none when spec-coverage.json does not account for it. */
export interface AnnotatedUnit extends SpecUnit {
  entry?: SpecCoverageEntry;
}

export interface SpecCoverageSummary {
  units: number;
  tested: number;
  noObligation: number;
  pending: number;
  unaccounted: number;
}

/** The spec's units in document order, each with its entry. */
export function annotate(markdown: string): AnnotatedUnit[] {
  const byId = new Map(specCoverage.map((entry) => [entry.id, entry]));
  return specUnits(markdown).map((unit) => ({ ...unit, entry: byId.get(unit.id) }));
}

export function summarise(units: readonly AnnotatedUnit[]): SpecCoverageSummary {
  const count = (test: (entry: SpecCoverageEntry) => boolean) =>
    units.filter(({ entry }) => entry !== undefined && test(entry)).length;
  return {
    units: units.length,
    tested: count((entry) => entry.pending === undefined && (entry.requirements?.length ?? 0) > 0),
    noObligation: count((entry) => entry.pending === undefined && entry.noObligation !== undefined),
    pending: count((entry) => entry.pending !== undefined),
    unaccounted: units.filter(({ entry }) => entry === undefined).length,
  };
}

/** `248 normative units: 230 tested by requirements, 15 with no obligation on the server`, and what is left. */
export function summaryLine(summary: SpecCoverageSummary): string {
  const left = [
    summary.pending > 0 ? `${summary.pending} pending` : '',
    summary.unaccounted > 0 ? `${summary.unaccounted} not accounted for` : '',
  ].filter(Boolean);
  return (
    `${summary.units} normative units: ${summary.tested} tested by requirements, ` +
    `${summary.noObligation} with no obligation on the server${left.map((part) => `, ${part}`).join('')}`
  );
}

/** What a reader is told of a unit: its requirement ids, its no-obligation line, or what is missing. */
function accountOf(entry: SpecCoverageEntry | undefined): string {
  if (entry === undefined) return 'not accounted for in spec-coverage.json';
  if (entry.pending !== undefined) return `pending: ${entry.pending}`;
  if (entry.requirements?.length) return entry.requirements.join(', ');
  return entry.noObligation ?? 'neither requirements nor a no-obligation line';
}

/** The spec annotated: each section's heading path, then each unit's text with how it is accounted for. */
export function specCoverageMarkdown(units: readonly AnnotatedUnit[]): string {
  const lines = ['# The spec annotated with its requirements'];
  let section: string | undefined;
  for (const unit of units) {
    if (unit.section !== section) {
      section = unit.section;
      lines.push('', `## ${section}`, '');
    }
    lines.push(`- ${unit.text}`, `  ${accountOf(unit.entry)}`);
  }
  lines.push('', summaryLine(summarise(units)));
  return lines.join('\n');
}
