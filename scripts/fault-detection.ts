/**
 * Development aid: runs the suites against the clean mock and against named faults and prints what was
 * caught. `tsx scripts/fault-detection.ts [--group G] [FAULT...]` (no fault: every fault of the group, or all).
 */
import { parseArgs } from 'node:util';
import { faults } from '../mock/faults.ts';
import { requirementById } from '../src/requirements/catalogue.ts';
import { detectFault, runAgainstMock } from '../src/runner/fault-matrix.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { group: { type: 'string' } } });
const clean = await runAgainstMock({}, values.group ? [values.group] : undefined);
console.log(`clean mock: ${clean.failed.length} failed requirement(s) in ${clean.seconds.toFixed(1)} s`);
for (const id of clean.failed) {
  const r = clean.requirements.find((x) => x.id === id);
  for (const f of r?.failures ?? [])
    console.log(`  ${id} ${f.check}: ${f.message.split('\n').join('\n    ')}`);
}
for (const e of clean.errors) console.log(`  error: ${e}`);
const selected = faults.filter(
  (f) =>
    (positionals.length === 0 || positionals.includes(f.name)) &&
    (!values.group || requirementById(f.requirement)?.group === values.group || positionals.includes(f.name)),
);
for (const fault of selected) {
  const result = await detectFault(fault);
  console.log(
    `${result.detected ? 'caught' : 'MISSED'} ${fault.name} (${fault.requirement}) failed: ${result.failed.join(' ') || '-'} ${result.seconds.toFixed(1)} s`,
  );
}
