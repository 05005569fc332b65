/**
 * The suite on many seeds: `npm run independent -- --seeds N [--from S] [--against T]` runs seeds
 * S..S+N-1 (S default 1) against T and prints, per seed, the MUST failures (each a disagreement to decide
 * by the spec: suite or target) and a total. Exit 1 when any seed has a MUST failure or a run error.
 *
 * T is `blind` (the default: both implementations written blind from the spec, each seeded too),
 * `independent` (test/independent/, its author's defaults) or `lenient` (test/lenient/, the loosest reading
 * at every silence) alone, `mock` (the
 * embedded mock, the whole suite), or `variants` (the embedded mock under the non-default readings of the
 * ambiguity register that bear on the check files whose probes the seed draws, each with those of these
 * files that can see it (test/support/variant-reach.ts), side by side where their files do not overlap:
 * the mock's world does not depend on the seed, so the other files answer the same on every seed, and
 * npm test runs every reading on its files).
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { startMock } from '../mock/server.ts';
import { mockProfile } from '../mock/profile.ts';
import type { MockOptions } from '../mock/options.ts';
import { registerVariants } from '../src/requirements/ambiguities.ts';
import { requirementResults, type RequirementResult } from '../src/report/model.ts';
import { mockRunSettings, openMockSession, runOnMocks } from '../test/harness/fault-matrix.ts';
import type { SuiteSession } from '../test/harness/suite-session.ts';
import { checkIndex, requirementsHeldBy } from '../runner/check-index.ts';
import { runOnBlind, type BlindName } from '../test/support/blind-run.ts';
import { variantTargets, type VariantTarget } from '../test/support/variant-reach.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '10' },
    from: { type: 'string', default: '1' },
    against: { type: 'string', default: 'blind' },
  },
});
const count = Number(values.seeds);
const from = Number(values.from);
const against = values.against;
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(from)) {
  console.error('--seeds must be a positive whole number and --from a whole number');
  process.exit(2);
}
if (!['blind', 'independent', 'lenient', 'mock', 'variants'].includes(against)) {
  console.error(
    `--against must be blind, independent, lenient, mock or variants, got ${JSON.stringify(against)}`,
  );
  process.exit(2);
}

/** A check file draws from the seed when it, or the support file of its folder, reads the seed or runs properties. */
function drawsFromSeed(file: string): boolean {
  const drawing = /forAll|\bseed\b/;
  const text = readFileSync(file, 'utf8');
  if (drawing.test(text)) return true;
  try {
    return (
      text.includes("from './support.ts'") &&
      drawing.test(readFileSync(`${dirname(file)}/support.ts`, 'utf8'))
    );
  } catch {
    return false;
  }
}

/** The MUST failures of one run, one line each, with the run's errors. */
function mustFailuresOf(run: { requirements: RequirementResult[]; errors: string[] }): string[] {
  return [
    ...run.requirements
      .filter((r) => r.status === 'failed' && r.level === 'MUST')
      .map((r) => `${r.id} · ${r.failures[0]?.check ?? ''}: ${r.failures[0]?.message ?? ''}`),
    ...run.errors,
  ];
}

async function onMock(session: SuiteSession, seed: number, options: Partial<MockOptions>): Promise<string[]> {
  const mock = await startMock(options);
  try {
    const settings = mockRunSettings(mockProfile(mock), { seed });
    const run = await session.run(settings);
    return mustFailuresOf({ requirements: requirementResults(run.checks), errors: run.errors });
  } finally {
    await mock.close();
  }
}

/** One seed against a blind implementation: the lines to print, and whether it failed. */
async function onBlind(session: SuiteSession, name: BlindName, seed: number) {
  const run = await runOnBlind(session, name, seed);
  const failed = run.mustFailures.length > 0 || run.errors.length > 0;
  return {
    failed,
    lines: [
      `seed ${seed} (${name}): ${failed ? 'FAIL' : 'pass'} · ${run.mustFailures.length} MUST failed, ${run.shouldFailures.length} SHOULD failed, ${run.notExercised.length} not exercised · ${run.seconds.toFixed(1)} s`,
      ...[...run.mustFailures, ...run.errors].map((line) => `  ${line.split('\n').join('\n    ')}`),
      ...run.shouldFailures.map((line) => `  (SHOULD) ${line.split('\n')[0]}`),
    ],
  };
}

/** One seed against the target: the lines to print, and whether it failed. */
async function runSeed(session: SuiteSession, seed: number): Promise<{ failed: boolean; lines: string[] }> {
  if (against === 'blind' || against === 'independent' || against === 'lenient') {
    const names: BlindName[] = against === 'blind' ? ['independent', 'lenient'] : [against as BlindName];
    const runs = [];
    for (const name of names) runs.push(await onBlind(session, name, seed));
    return { failed: runs.some((run) => run.failed), lines: runs.flatMap((run) => run.lines) };
  }
  if (against === 'mock') {
    const failures = await onMock(session, seed, {});
    return {
      failed: failures.length > 0,
      lines: [
        `seed ${seed}: ${failures.length > 0 ? 'FAIL' : 'pass'} · ${failures.length} MUST failed`,
        ...failures.map((line) => `  ${line.split('\n')[0]}`),
      ],
    };
  }
  const lines: string[] = [];
  let failing = 0;
  targets ??= await variantTargets(session, variants, seedFiles);
  const runs = await runOnMocks(session, targets, undefined, { seed });
  runs.forEach((run, i) => {
    const failures = mustFailuresOf(run);
    if (failures.length > 0) failing++;
    const name = (targets?.[i]?.name ?? '').slice(0, 60);
    for (const line of failures) lines.push(`  ${name} · ${line.split('\n')[0]}`);
  });
  return {
    failed: failing > 0,
    lines: [
      `seed ${seed}: ${failing > 0 ? 'FAIL' : 'pass'} · ${failing} of ${variants.length} variants with a MUST failure`,
      ...lines,
    ],
  };
}

const index = await checkIndex();
const seedFiles = [...index.keys()].filter(drawsFromSeed);
/**
 * The readings whose variant can answer a seed-drawing file otherwise: those of an entry bearing on a
 * requirement those files check, and every reading of the whole interface (general, errors, auth).
 */
const seedRequirements = new Set<string>(
  seedFiles.flatMap((file) => (index.get(file) ?? []).flatMap(requirementsHeldBy)),
);
const variants = registerVariants().filter(
  ({ entry }) =>
    /^AMB-(GEN|ERR|AUTH)-/.test(entry.id) || entry.requirements.some((id) => seedRequirements.has(id)),
);
if (against === 'variants')
  console.log(
    `${variants.length} of ${registerVariants().length} variants, with the check files that draw from the seed: ${seedFiles.join(', ')}`,
  );
const session = await openMockSession();
/** The readings with the seed-drawing files that can see them, found once for every seed. */
let targets: VariantTarget[] | undefined;
let failing = 0;
try {
  for (let seed = from; seed < from + count; seed++) {
    const { failed, lines } = await runSeed(session, seed);
    if (failed) failing++;
    for (const line of lines) console.log(line);
  }
} finally {
  await session.close();
}
console.log(`${count - failing} of ${count} seeds passed with no MUST failure (against ${against})`);
process.exitCode = failing > 0 ? 1 : 0;
