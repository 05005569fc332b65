import { shellQuote } from '../http/exchange.ts';
import type { RequirementFailure } from './model.ts';
import type { Report } from './report.ts';

/**
 * What the run was given that report.json does not record and a command needs to reach its target the
 * same way: the profile file as given (its path, never its contents) and `--read-only`, so a command
 * copied from the console neither misses a fixture nor writes where the run did not. The console knows
 * them; a report file read later does not, and says so beside its commands instead.
 */
export interface GivenOptions {
  profile?: string;
  readOnly?: boolean;
}

/**
 * The target options a command needs to reach the run's target again: none for the embedded mock (each
 * run starts its own), `--base-url` otherwise, and what the run was given beside it. The API key is a
 * secret: a command never carries it, `FDS_API_KEY` (or the profile) gives it.
 */
function targetOptions(report: Report, given: GivenOptions): string[] {
  if (report.target.embeddedMock) return [];
  return [
    '--base-url',
    shellQuote(report.target.baseUrl),
    ...(given.profile === undefined ? [] : ['--profile', shellQuote(given.profile)]),
  ];
}

/** Whether a command for this report needs the run's profile and API key beside it. */
export function needsProfile(report: Report): boolean {
  return !report.target.embeddedMock;
}

/** The options a command that runs checks again needs: the target's, and `--read-only` as the run had it. */
function runOptions(report: Report, given: GivenOptions): string[] {
  return [...targetOptions(report, given), ...(given.readOnly ? ['--read-only'] : [])];
}

/** The command that runs one requirement's checks again, under the run's seed, against the run's target. */
export function rerunCommand(report: Report, id: string, given: GivenOptions = {}): string {
  return [
    'npx fds-conformance',
    '--only',
    id,
    '--seed',
    String(report.seed),
    ...runOptions(report, given),
  ].join(' ');
}

/**
 * The command that replays a property's shrunk counter-example (docs/design.md#run-options, --path): the
 * failure's seed and path, only this requirement's checks. Undefined for a failure that is no property's.
 */
export function replayCommand(
  report: Report,
  id: string,
  failure: RequirementFailure,
  given: GivenOptions = {},
): string | undefined {
  if (failure.seed === undefined) return undefined;
  const path = failure.path === undefined ? [] : ['--path', shellQuote(failure.path)];
  return [
    'npx fds-conformance',
    '--only',
    id,
    '--seed',
    String(failure.seed),
    ...path,
    ...runOptions(report, given),
  ].join(' ');
}

/**
 * The line that sets `$FDS_TOKEN` for a curl line, by the `token` command (POST /token with the run's
 * key, the token alone on stdout). Undefined for the embedded mock, which stopped with its run: no curl
 * line can reach it again.
 */
export function tokenCommand(report: Report, given: GivenOptions = {}): string | undefined {
  if (report.target.embeddedMock) return undefined;
  return `export FDS_TOKEN="$(${['npx fds-conformance token', ...targetOptions(report, given)].join(' ')})"`;
}
