import { describe, expect, it } from 'vitest';
import { faultExemptions } from '../../mock/faults/exemptions.ts';
import { faults } from '../../mock/faults/index.ts';
import { faultMatrix } from '../harness/fault-matrix.ts';
import { matrixTable, mustRequirementsWithoutFault, undeclaredCollateral } from '../harness/matrix-report.ts';

/**
 * The suite proves its own worth (docs/design.md#the-suite-proves-its-own-worth): against the clean mock it finds nothing, and
 * each named fault of the mock makes the run nonconformant with the fault's requirement among the failed,
 * and fails no requirement beyond it but those the fault declares as collateral. What the CLI writes for
 * every one of these runs holds none of the credentials the run saw.
 */
describe('the fault-detection matrix', () => {
  it('passes the clean mock and catches every named fault', { timeout: 900_000 }, async () => {
    const { clean, detections } = await faultMatrix(faults);
    console.log(matrixTable(detections));
    const uncovered = mustRequirementsWithoutFault(faults, faultExemptions);
    console.log(
      `MUST requirements no fault violates: ${uncovered.length === 0 ? 'none' : ''}\n` +
        uncovered.map(({ id, reason }) => `  ${id}: ${reason ?? 'no reason given'}`).join('\n'),
    );
    const cleanFailures = clean.requirements
      .filter((r) => r.status === 'failed')
      .map((r) => `${r.id}: ${r.failures[0]?.message ?? ''}`);
    expect(cleanFailures).toEqual([]);
    expect(clean.errors).toEqual([]);
    expect(faults.length).toBeGreaterThanOrEqual(40);
    expect(detections.filter((d) => !d.detected).map((d) => `${d.fault} (${d.expected})`)).toEqual([]);
    // A failure fails the requirement its evidence breaks, and no other (docs/design.md#a-failure-fails-only-what-its-evidence-breaks): a
    // fault fails only its own requirement and those it declares, each with the reason it breaks them.
    const undeclared = detections.flatMap((d) => d.collateralEvidence.map((line) => `${d.fault} ${line}`));
    console.log(`undeclared collateral: ${undeclaredCollateral(detections)}`);
    expect(undeclared).toEqual([]);
    // Secrets never leave the process (docs/design.md#secrets-never-leave-the-process): what the CLI
    // writes for each of these runs holds no credential the run saw, in any form.
    const leaks = [
      ...clean.leaks.map((leak) => `the clean mock: ${leak}`),
      ...detections.flatMap((d) => d.leaks.map((leak) => `${d.fault}: ${leak}`)),
    ];
    expect(leaks).toEqual([]);
  });
});
