import type { Fault } from '../../mock/faults/fault.ts';
import { catalogue } from '../../src/requirements/catalogue.ts';
import type { FaultDetection } from './fault-matrix.ts';

/** How many failed requirements, over all faults, no fault declared: each is a misattributed failure. */
export function undeclaredCollateral(detections: readonly FaultDetection[]): number {
  return detections.reduce((sum, d) => sum + d.collateral.length, 0);
}

/** The matrix as a table a person reads: fault, expected requirement, what failed, seconds. */
export function matrixTable(detections: readonly FaultDetection[]): string {
  const list = (ids: string[]) =>
    ids.length > 6 ? `${ids.slice(0, 6).join(' ')} … (${ids.length})` : ids.join(' ') || '-';
  const rows = detections.map((d) => [
    d.detected ? 'caught' : 'MISSED',
    d.fault,
    d.expected,
    list(d.failed),
    list(d.collateral),
    d.seconds.toFixed(1),
  ]);
  const header = ['', 'fault', 'expected', 'failed requirements', 'undeclared collateral', 's'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  const caught = detections.filter((d) => d.detected).length;
  const rate = detections.length === 0 ? 100 : (caught / detections.length) * 100;
  return [
    line(header),
    ...rows.map(line),
    `detection rate: ${caught}/${detections.length} (${rate.toFixed(1)}%)`,
    `undeclared collateral: ${undeclaredCollateral(detections)} failed requirements beyond what the faults declare`,
  ].join('\n');
}

/** A MUST requirement no fault violates, with the exemption's reason where mock/faults/exemptions.ts gives one. */
export interface UncoveredRequirement {
  id: string;
  reason?: string;
}

/**
 * MUST requirements that no fault violates: every MUST requirement that can be violated observably has a
 * fault; those left are listed with the reason none can, so a person can judge each.
 */
export function mustRequirementsWithoutFault(
  faults: readonly Fault[],
  exemptions: Readonly<Record<string, string>>,
): UncoveredRequirement[] {
  const covered = new Set<string>(faults.map((f) => f.requirement));
  return catalogue.requirements
    .filter((r) => r.level === 'MUST' && !covered.has(r.id))
    .map((r) => (exemptions[r.id] !== undefined ? { id: r.id, reason: exemptions[r.id] } : { id: r.id }));
}
