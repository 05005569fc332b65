/**
 * The suite against its blind implementation (test/independent/) on many seeds:
 * `npm run independent -- --seeds N [--from S]` runs seeds S..S+N-1 (S default 1) and prints, per seed,
 * the MUST failures (each a disagreement to decide by the spec: suite or implementation) and a total.
 * Exit 1 when any seed has a MUST failure or a run error.
 */
import { parseArgs } from 'node:util';
import { openMockSession } from '../src/runner/fault-matrix.ts';
import { runOnIndependent } from '../test/support/independent-run.ts';

const { values } = parseArgs({
  options: { seeds: { type: 'string', default: '10' }, from: { type: 'string', default: '1' } },
});
const count = Number(values.seeds);
const from = Number(values.from);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(from)) {
  console.error('--seeds must be a positive whole number and --from a whole number');
  process.exit(2);
}
const session = await openMockSession();
let failing = 0;
try {
  for (let seed = from; seed < from + count; seed++) {
    const run = await runOnIndependent(session, seed);
    const bad = run.mustFailures.length > 0 || run.errors.length > 0;
    if (bad) failing++;
    console.log(
      `seed ${seed}: ${bad ? 'FAIL' : 'pass'} · ${run.mustFailures.length} MUST failed, ${run.shouldFailures.length} SHOULD failed, ${run.notExercised.length} not exercised · ${run.seconds.toFixed(1)} s`,
    );
    for (const line of [...run.mustFailures, ...run.errors])
      console.log(`  ${line.split('\n').join('\n    ')}`);
    for (const line of run.shouldFailures) console.log(`  (SHOULD) ${line.split('\n')[0]}`);
  }
} finally {
  await session.close();
}
console.log(`${count - failing} of ${count} seeds passed with no MUST failure`);
process.exitCode = failing > 0 ? 1 : 0;
