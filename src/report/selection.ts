import { enablers, isEnabler } from '../profile/enablers.ts';
import type { RequirementResult } from './model.ts';

/** A shard of a run (`--shard i/n`): the i-th of n. */
export interface Shard {
  index: number;
  count: number;
}

/** One report `merge-reports` joined: its shard (null in a report that recorded none) and its seed. */
export interface JoinedShard {
  shard: Shard | null;
  seed: number;
}

/**
 * What a run was asked to cover (report.json `selection`, docs/design.md#reports): the flags that leave
 * requirements out or excuse failures, so every view can say what its verdict is about.
 */
export interface Selection {
  /** `--only` as given: groups, requirement ids and register ids. */
  only?: string[];
  /** `--rerun-failed`: the report folder whose failed and flaky requirements ran again. */
  rerunFailed?: string;
  /** The requirement ids the run was narrowed to (`--only` ids, `--rerun-failed`). */
  requirements?: string[];
  shard?: Shard;
  readOnly: boolean;
  /**
   * The profile file as given (`--profile` or `FDS_PROFILE`; its path, never its contents): a command that
   * reruns a failure names it, so it reaches the target with the run's fixtures.
   */
  profile?: string;
  /**
   * `--baseline` (or the one `--write-baseline` wrote, `written`): its file, its ids, and the profile fields
   * it accepts the run going without (`acceptedMissing`: `fixtures.connectionPassword`; reports of versions
   * before it have none).
   */
  baseline?: { file: string; failing: string[]; acceptedMissing?: string[]; written: boolean };
  /** The requirements a check of the run names: the rest were left out by the selection. */
  selected: number;
  /** The reports `merge-reports` joined, in the order given. */
  merged?: JoinedShard[];
}

/** A selection as a run is given it, before it knows which requirements its checks name. */
export type RunSelection = Omit<Selection, 'selected'>;

/** What left requirements out, by name: `--only users`, `shard 2/3`, or none for a whole run. */
function narrowedBy(selection: RunSelection): string[] {
  return [
    ...(selection.only ? [`--only ${selection.only.join(',')}`] : []),
    ...(selection.rerunFailed !== undefined ? [`--rerun-failed ${selection.rerunFailed}`] : []),
    ...(selection.shard ? [`shard ${selection.shard.index}/${selection.shard.count}`] : []),
  ];
}

/** What a narrowed run left out, as its requirements say it (`outside --only users`); undefined for a whole run. */
export function outsideLabel(selection: RunSelection | undefined): string | undefined {
  const by = selection ? narrowedBy(selection) : [];
  return by.length > 0 ? `outside ${by.join(' and ')}` : undefined;
}

/**
 * Why a requirement no check of the run names is not exercised: outside what the run selected, or, for a
 * whole run, that no check exercises it. Such a requirement never makes a run incomplete.
 */
export function outsideReason(selection: RunSelection | undefined): string {
  return outsideLabel(selection) ?? 'no check exercises it';
}

/** The fields the baseline accepts going without that the run did go without: some requirement wanted each. */
function wentWithout(
  baseline: Pick<NonNullable<Selection['baseline']>, 'acceptedMissing'>,
  requirements: readonly RequirementResult[],
): string[] {
  const wanted = new Set(requirements.flatMap((r) => r.enableBy ?? []));
  return (baseline.acceptedMissing ?? []).filter((field) => isEnabler(field) && wanted.has(enablers[field]));
}

/**
 * How the baseline bore on the verdict: how many of the run's failures it holds, and what it accepted the
 * run going without.
 */
function baselinePart(
  baseline: NonNullable<Selection['baseline']>,
  requirements: readonly RequirementResult[],
): string {
  const failed = requirements.filter((r) => r.status === 'failed');
  const known = failed.filter((r) => baseline.failing.includes(r.id)).length;
  const file = `the baseline ${baseline.file}${baseline.written ? ' this run wrote' : ''}`;
  const without = wentWithout(baseline, requirements);
  const accepted = without.length > 0 ? `; went without ${without.join(', ')}, as ${file} accepts` : '';
  if (failed.length === 0)
    return without.length > 0 ? `none failed${accepted}` : `none failed, ${file} excused nothing`;
  const share = known === failed.length ? 'all' : known === 0 ? 'none' : `${known} of them`;
  return `${failed.length} failed, ${share} in ${without.length > 0 ? 'the baseline' : file}${accepted}`;
}

/** Which shards a merged report joined, or that they could not be verified (older reports record none). */
function mergedPart(merged: readonly JoinedShard[]): string {
  const shards = merged.map(({ shard }) => shard && `${shard.index}/${shard.count}`);
  return shards.every((shard) => shard !== null)
    ? `shards ${shards.join(', ')} merged`
    : `${merged.length} reports merged, their shards not verified`;
}

/**
 * The scope of a verdict in one line: what was selected and what was left out, and the baseline's share
 * of the failures (`--only users: 17 of 257 requirements; --read-only; 3 failed, all in the baseline
 * fds-baseline.json`). Undefined for a whole run without a baseline: its verdict needs no qualifier.
 */
export function scopeLine(report: {
  selection?: Selection;
  requirements: readonly RequirementResult[];
}): string | undefined {
  const { selection } = report;
  if (!selection) return undefined;
  const by = narrowedBy(selection);
  const parts = [
    ...(by.length > 0
      ? [`${by.join(', ')}: ${selection.selected} of ${report.requirements.length} requirements`]
      : []),
    ...(selection.merged ? [mergedPart(selection.merged)] : []),
    ...(selection.readOnly ? ['--read-only'] : []),
    ...(selection.baseline ? [baselinePart(selection.baseline, report.requirements)] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** A verdict with its scope: `conformant (--only users: 17 of 257 requirements)`. */
export function scopedVerdict(verdict: string, report: Parameters<typeof scopeLine>[0]): string {
  const scope = scopeLine(report);
  return scope === undefined ? verdict : `${verdict} (${scope})`;
}
