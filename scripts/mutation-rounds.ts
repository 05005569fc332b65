/**
 * The blind mutation rounds (test/mutants/): `npm run mutants -- [--round NAME] [--seed N] [--write]` runs
 * the whole suite against each mutant of a round, each in front of the round's blind implementation, and
 * prints whether a MUST requirement failed (caught) and which, then the round's catch rate. That rate,
 * taken before anything is changed for the round, is the honest measure of the suite on violations nobody
 * named to it. `--write` records each caught mutant's first failing requirement in
 * test/mutants/verdicts.json, which npm test holds (test/matrix/mutation-rounds.test.ts); a disputed
 * mutant keeps the spec sentence that allows a second reading. Exit 1 when a mutant is neither caught nor
 * disputed.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { groupPrefixes } from '../src/requirements/groups.ts';
import { openMockSession } from '../test/harness/fault-matrix.ts';
import { rounds } from '../test/mutants/rounds.ts';
import { verdicts, verdictsPath, type RoundVerdicts } from '../test/mutants/verdicts.ts';
import { runOnBlind } from '../test/support/blind-run.ts';

const { values } = parseArgs({
  options: {
    round: { type: 'string' },
    seed: { type: 'string', default: '1' },
    write: { type: 'boolean', default: false },
  },
});
const seed = Number(values.seed);
const names = values.round ? [values.round] : Object.keys(rounds);
const unknown = names.filter((name) => !rounds[name] || !verdicts[name]);
if (!Number.isInteger(seed) || unknown.length > 0) {
  console.error(
    unknown.length > 0
      ? `no round named ${unknown.join(', ')} in test/mutants/rounds.ts and verdicts.json (rounds: ${Object.keys(rounds).join(', ')})`
      : '--seed must be a whole number',
  );
  process.exit(2);
}

/** The requirement a catch is recorded under: the first failed one of the mutant's own group, else the first. */
function recordedRequirement(failed: string[], group: string): string {
  const prefix = groupPrefixes[group];
  return failed.find((id) => id.startsWith(`${prefix}-`)) ?? (failed[0] as string);
}

const session = await openMockSession();
let open = 0;
try {
  for (const name of names) {
    const round = verdicts[name] as RoundVerdicts;
    const mutants = rounds[name] ?? [];
    let caught = 0;
    for (const mutant of mutants) {
      const run = await runOnBlind(session, round.target, seed, mutant);
      const disputed = round.mutants[mutant.name]?.disputed;
      if (run.mustFailed.length > 0) {
        caught++;
        if (values.write && !disputed)
          round.mutants[mutant.name] = { caughtBy: recordedRequirement(run.mustFailed, mutant.group) };
      } else if (!disputed) open++;
      const verdict = run.mustFailed.length > 0 ? 'caught  ' : disputed ? 'disputed' : 'MISSED  ';
      console.log(`${verdict} ${mutant.name} (${mutant.group}) ${run.mustFailed.join(' ')}`);
    }
    const disputed = mutants.filter((m) => round.mutants[m.name]?.disputed).length;
    const rate = mutants.length > 0 ? ((100 * caught) / mutants.length).toFixed(0) : '-';
    console.log(
      `${name} against ${round.target}: caught ${caught} of ${mutants.length} (${rate}%), ${disputed} disputed`,
    );
  }
} finally {
  await session.close();
}
if (values.write) writeFileSync(verdictsPath, `${JSON.stringify(verdicts, null, 2)}\n`);
process.exitCode = open > 0 ? 1 : 0;
