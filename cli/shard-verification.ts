import type { CheckResult, LeftOutCheck } from '../src/report/model.ts';
import type { Report } from '../src/report/report.ts';
import type { JoinedShard, RunSelection, Selection, Shard } from '../src/report/selection.ts';
import { UsageError } from '../src/usage-error.ts';

/** A shard's checks.json as `merge-reports` reads it; `tool` and `selection` are absent from older ones. */
export interface ShardRun {
  /** The folder it was read from, as given. */
  dir: string;
  tool?: Report['tool'];
  target: Report['target'];
  seed: number;
  startedAt: string;
  durationMs: number;
  selection?: Selection;
  checks: CheckResult[];
  /** The checks its selection left out; absent from the shards of versions before it. */
  leftOut?: LeftOutCheck[];
}

/** What the shards, once verified, make of the whole run: its selection and the shards joined. */
export interface VerifiedShards {
  /** The selection the shards share, without a shard; absent when they recorded none. */
  selection?: RunSelection;
  joined: JoinedShard[];
  /** False for shards written before checks.json recorded the shard: they are joined unverified. */
  verified: boolean;
}

/** A run without `--shard` is its own single shard. */
const shardOf = (run: ShardRun): Shard => run.selection?.shard ?? { index: 1, count: 1 };

const shardText = (shard: Shard) => `${shard.index}/${shard.count}`;

/** What the shards of one run share: the selection but for the shard. */
function selectionText(selection: Selection | undefined): string {
  const only = selection?.only ? `--only ${selection.only.join(',')}` : '';
  const rerun = selection?.rerunFailed !== undefined ? `--rerun-failed ${selection.rerunFailed}` : '';
  const readOnly = selection?.readOnly ? '--read-only' : '';
  return [only, rerun, readOnly].filter(Boolean).join(' ') || 'the whole suite';
}

/** What two shards of one run must have alike, each with the words that name it. */
const alike: readonly { what: string; of: (run: ShardRun) => string }[] = [
  { what: 'fds-conformance', of: (run) => run.tool?.version ?? '' },
  {
    what: 'target',
    of: (run) => (run.target.embeddedMock ? 'the embedded mock' : run.target.baseUrl),
  },
  { what: 'version', of: (run) => run.target.version },
  { what: 'selection', of: (run) => selectionText(run.selection) },
];

/**
 * Holds the shards given to `merge-reports` to one run: each shard of its split once, none missing, all of
 * one target, interface version, tool version and selection. A mistake is one line naming the folders
 * (a UsageError, exit 2). Seeds may differ: each `--shard` run draws its own unless `--seed` is given.
 * Shards written before checks.json recorded the shard are joined as before, unverified.
 */
export function verifyShards(runs: readonly ShardRun[]): VerifiedShards {
  const recorded = runs.filter((run) => run.selection !== undefined);
  if (recorded.length === 0)
    return { joined: runs.map((run) => ({ shard: null, seed: run.seed })), verified: false };
  const first = recorded[0] as ShardRun;
  const older = runs.find((run) => run.selection === undefined);
  if (older)
    throw new UsageError(
      `merge-reports: ${older.dir} records no shard, ${first.dir} does: shards of different versions of fds-conformance`,
    );
  for (const run of runs) {
    for (const { what, of } of alike)
      if (of(run) !== of(first))
        throw new UsageError(
          `merge-reports: ${run.dir} is a shard of another run: ${what} ${of(run)}, ${first.dir} has ${of(first)}`,
        );
    if (shardOf(run).count !== shardOf(first).count)
      throw new UsageError(
        `merge-reports: ${run.dir} is shard ${shardText(shardOf(run))}, ${first.dir} shard ${shardText(shardOf(first))}: shards of different splits`,
      );
  }
  const byIndex = new Map<number, ShardRun>();
  for (const run of runs) {
    const twice = byIndex.get(shardOf(run).index);
    if (twice)
      throw new UsageError(
        `merge-reports: ${twice.dir} and ${run.dir} are both shard ${shardText(shardOf(run))}`,
      );
    byIndex.set(shardOf(run).index, run);
  }
  const count = shardOf(first).count;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0)
    throw new UsageError(
      `merge-reports: shard${missing.length === 1 ? '' : 's'} ${missing.map((index) => `${index}/${count}`).join(', ')} missing: give the report folder of each --shard run`,
    );
  const {
    shard: _shard,
    selected: _selected,
    merged: _merged,
    baseline: _baseline,
    ...shared
  } = first.selection as Selection;
  return {
    selection: shared,
    joined: runs.map((run) => ({ shard: shardOf(run), seed: run.seed })),
    verified: true,
  };
}
