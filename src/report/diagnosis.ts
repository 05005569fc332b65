import { connectionReset, timedOut, type Exchange } from '../http/exchange.ts';
import type { CheckResult, Diagnosis } from './model.ts';

/**
 * The setup's diagnosis after a run (docs/design.md#diagnosis-of-the-setup): when the checks' evidence
 * points at the setup rather than the target's conformance, one line saying what it looks like and what
 * to check. The pre-flight setup errors (runner/setup-diagnosis.ts) stop a run on a refused key or a wrong
 * prefix before it starts; this reads what the run met: a target down, a key or token refused, answers
 * that never came, links to another origin. It never changes the verdict.
 */

/**
 * Fewer checks than this judge too little to tell a setup from a target: a run of a requirement or two
 * (`--only AUTH-05`) is never diagnosed.
 */
export const minJudgedChecks = 10;
/**
 * A target down, a key refused or a network timing out fails nearly every check on the same answer; a
 * nonconformant target fails some checks, each on its own finding. More than half of the judged checks
 * ending on one such answer is the line between them.
 */
export const setupShare = 0.5;
/**
 * Only the checks that follow links can meet a link to another origin, a minority of a run, so no share
 * of the run is asked: the service's own links never name another origin than the one it is reached at,
 * and three checks refused on them say a proxy or gateway in front of it names another host.
 */
export const otherOriginChecks = 3;

/** The evidence a failed or flaky check ended on: its failure's exchange, or its first failed attempt's. */
function evidenceOf(check: CheckResult): Exchange | undefined {
  return check.failure?.exchange ?? check.failedAttempts?.find((a) => a.exchange)?.exchange;
}

/** What the run sent with its own credentials: a request the checks malform on purpose says nothing. */
const ownCredentials = new Set(['api-key', 'token']);

type Kind = Diagnosis['kind'];

/** The kind of setup trouble an exchange shows, with the detail a line names (a status, an origin). */
function troubleOf(exchange: Exchange): { kind: Kind; detail: string } | undefined {
  const status = exchange.response?.status;
  const failure = exchange.failure ?? '';
  if (status !== undefined && status >= 500) return { kind: 'unavailable', detail: String(status) };
  if (failure === connectionReset) return { kind: 'unavailable', detail: 'a reset' };
  if (timedOut(exchange)) return { kind: 'timeouts', detail: failure };
  const origin = /^refused to follow a link to another origin \((.*)\)$/.exec(failure)?.[1];
  if (origin !== undefined) return { kind: 'other-origin', detail: origin };
  if (!ownCredentials.has(exchange.request.credential ?? '')) return undefined;
  if (status === 401 || status === 403) return { kind: 'auth-refused', detail: String(status) };
  if (status === 400 && exchange.response?.text.includes('invalid-grant'))
    return { kind: 'auth-refused', detail: '400 invalid-grant' };
  return undefined;
}

/** The detail seen most often, for the line. */
function mostOften(details: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const detail of details) counts.set(detail, (counts.get(detail) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** The diagnosis of a run's checks against the target at `baseUrl`, or undefined when the evidence points nowhere else. */
export function diagnosisOf(checks: readonly CheckResult[], baseUrl: string): Diagnosis | undefined {
  const judged = checks.filter((c) => c.state !== 'not-exercised').length;
  if (judged < minJudgedChecks) return undefined;
  const byKind = new Map<Kind, string[]>();
  for (const check of checks) {
    if (check.state !== 'failed' && check.state !== 'flaky') continue;
    const exchange = evidenceOf(check);
    const trouble = exchange && troubleOf(exchange);
    if (trouble) byKind.set(trouble.kind, [...(byKind.get(trouble.kind) ?? []), trouble.detail]);
  }
  const found = [...byKind]
    .filter(([kind, details]) =>
      kind === 'other-origin' ? details.length >= otherOriginChecks : details.length > judged * setupShare,
    )
    .sort((a, b) => b[1].length - a[1].length)[0];
  if (!found) return undefined;
  const [kind, details] = found;
  const of = `${details.length} of ${judged} checks`;
  const seen = mostOften(details);
  const target = baseUrl === 'embedded mock' ? 'the embedded mock' : baseUrl;
  const lines: Record<Kind, string> = {
    unavailable: `${of} ended on a 5xx or transient answer (${seen} most often): the target looks down or overloaded rather than nonconformant; check that the service at ${target} is up and that --base-url reaches it, not a gateway in front of a stopped one`,
    'auth-refused': `${of} were refused for authentication with the run's own key or token (${seen} most often): check FDS_API_KEY, --api-key or the profile's apiKey, and that the key's partner account is enabled for the API and not only for POST /token`,
    timeouts: `${of} ended without an answer in time (${seen}): the target looks unreachable or slow rather than nonconformant; check the network path to ${target} and --timeout-ms`,
    'other-origin': `${of} met a link to another origin (${seen}) than the target's, and followed none: the service writes its links for another host; check that --base-url is the origin the service names in its links, or the proxy or gateway in front of it`,
  };
  return { kind, line: lines[kind] };
}
