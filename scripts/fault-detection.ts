/**
 * Development aid: the fault-detection matrix for some faults, printed as it runs.
 * `tsx scripts/fault-detection.ts [--group G] [FAULT...]`: no fault named, every fault of the group (or all).
 */
import { parseArgs } from 'node:util';
import { faults } from '../mock/faults/index.ts';
import { requirementById } from '../src/requirements/catalogue.ts';
import { faultMatrix } from '../test/harness/fault-matrix.ts';
import { undeclaredCollateral } from '../test/harness/matrix-report.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { group: { type: 'string' } } });
const selected = faults.filter(
  (f) =>
    (positionals.length === 0 || positionals.includes(f.name)) &&
    (!values.group || requirementById(f.requirement)?.group === values.group),
);
const { clean, detections } = await faultMatrix(selected, (r) =>
  console.log(
    `${r.detected ? 'caught' : 'MISSED'} ${r.fault} (${r.expected}) failed: ${r.failed.join(' ') || '-'}${r.collateral.length > 0 ? ` UNDECLARED: ${r.collateral.join(' ')}` : ''} ${r.seconds.toFixed(1)} s`,
  ),
);
for (const r of detections) for (const line of r.collateralEvidence) console.log(`  ${r.fault} ${line}`);
console.log(`undeclared collateral: ${undeclaredCollateral(detections)}`);
const leaks = [
  ...clean.leaks.map((l) => `clean mock: ${l}`),
  ...detections.flatMap((r) => r.leaks.map((l) => `${r.fault}: ${l}`)),
];
console.log(`credentials in what the runs wrote: ${leaks.length === 0 ? 'none' : ''}`);
for (const leak of leaks) console.log(`  ${leak}`);
console.log(`clean mock: ${clean.failed.length} failed requirement(s) in ${clean.seconds.toFixed(1)} s`);
for (const r of clean.requirements.filter((x) => x.status === 'failed')) {
  for (const f of r.failures) console.log(`  ${r.id} ${f.check}: ${f.message.split('\n').join('\n    ')}`);
}
for (const e of clean.errors) console.log(`  error: ${e}`);
// vitest marks the process failed when any check fails, which every fault makes some do: the matrix's
// own verdict is the exit code, 0 when the clean mock passes and every fault is caught without
// undeclared collateral, and no run's written output holds a credential it saw.
const sound =
  clean.failed.length === 0 &&
  clean.errors.length === 0 &&
  leaks.length === 0 &&
  detections.every((r) => r.detected && r.collateral.length === 0);
process.exitCode = sound ? 0 : 1;
