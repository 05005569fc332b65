import type { NotRun, RequirementResult } from './model.ts';

/** What did not run, as the views name it: a probe and its check, or a check as a whole. */
function what(probe: string | undefined, checks: readonly string[]): string {
  const which = checks.length === 1 ? `"${checks[0] ?? ''}"` : `${checks.length} checks`;
  if (probe !== undefined) return `${probe} (${checks.length === 1 ? 'check ' : ''}${which})`;
  return checks.length === 1 ? `its check ${which}` : `${checks.length} of its checks`;
}

/** Why, and what to give where the user could. */
function because(n: Pick<NotRun, 'reason' | 'enableBy'>): string {
  return `${n.reason}${n.enableBy === undefined ? '' : ` (give ${n.enableBy} to run it)`}`;
}

/** The same probe, reason and remedy, whichever check it belongs to: one entry of the views. */
function keyOf(n: NotRun): string {
  return JSON.stringify([n.probe ?? null, n.reason, n.enableBy ?? null]);
}

/**
 * What of a partly exercised requirement did not run, one line per probe (or whole checks) and reason,
 * with the checks it belongs to and what to give: `under another user of the target (check "…"): the run
 * is read-only … (give the profile's fixtures.otherUserId to run it)`. Every view words it so.
 */
export function notRunLines(requirement: Pick<RequirementResult, 'notRun'>): string[] {
  const grouped = new Map<string, { first: NotRun; checks: string[] }>();
  for (const n of requirement.notRun ?? []) {
    const entry = grouped.get(keyOf(n)) ?? { first: n, checks: [] };
    if (!entry.checks.includes(n.check)) entry.checks.push(n.check);
    grouped.set(keyOf(n), entry);
  }
  return [...grouped.values()].map(({ first, checks }) => `${what(first.probe, checks)}: ${because(first)}`);
}

/**
 * What did not run across requirements, without the checks: the key report.md groups partly exercised
 * requirements by (`under another user of the target: the run is read-only …`, `checks that did not run: …`).
 */
export function notRunReasons(requirement: Pick<RequirementResult, 'notRun'>): string[] {
  return [
    ...new Set(
      (requirement.notRun ?? []).map((n) => `${n.probe ?? 'checks that did not run'}: ${because(n)}`),
    ),
  ];
}
