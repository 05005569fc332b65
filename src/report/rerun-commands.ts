import { shellQuote } from '../http/exchange.ts';
import type { RequirementFailure } from './model.ts';
import type { Report } from './report.ts';

/**
 * The target options a command needs to reach the run's target again: none for the embedded mock (each
 * run starts its own), `--base-url` otherwise, and the profile file the run was given (report.json
 * `selection.profile`: its path, never its contents), so a command copied from any view does not miss a
 * fixture. The API key is a secret: a command never carries it, `FDS_API_KEY` (or the profile) gives it.
 */
function targetOptions(report: Report): string[] {
  if (report.target.embeddedMock) return [];
  const profile = report.selection?.profile;
  return [
    '--base-url',
    shellQuote(report.target.baseUrl),
    ...(profile === undefined ? [] : ['--profile', shellQuote(profile)]),
  ];
}

/** Whether a command for this report needs the run's API key beside it: the key is never recorded. */
export function needsKey(report: Report): boolean {
  return !report.target.embeddedMock;
}

/**
 * The options a command that runs checks again needs: the target's, and `--read-only` as the run had it,
 * so a command copied from a report never writes where the run did not.
 */
function runOptions(report: Report): string[] {
  return [...targetOptions(report), ...(report.selection?.readOnly ? ['--read-only'] : [])];
}

/** The command that runs one requirement's checks again, under the run's seed, against the run's target. */
export function rerunCommand(report: Report, id: string): string {
  return ['npx fds-conformance', '--only', id, '--seed', String(report.seed), ...runOptions(report)].join(
    ' ',
  );
}

/**
 * The command that replays a property's shrunk counter-example (docs/design.md#run-options, --path): the
 * failure's seed and path, only this requirement's checks. Undefined for a failure that is no property's.
 */
export function replayCommand(report: Report, id: string, failure: RequirementFailure): string | undefined {
  if (failure.seed === undefined) return undefined;
  const path = failure.path === undefined ? [] : ['--path', shellQuote(failure.path)];
  return [
    'npx fds-conformance',
    '--only',
    id,
    '--seed',
    String(failure.seed),
    ...path,
    ...runOptions(report),
  ].join(' ');
}

/**
 * The line that sets `$FDS_TOKEN` for a curl line, by the `token` command (POST /token with the run's
 * key, the token alone on stdout). Undefined for the embedded mock, which stopped with its run: no curl
 * line can reach it again.
 */
export function tokenCommand(report: Report): string | undefined {
  if (report.target.embeddedMock) return undefined;
  return `export FDS_TOKEN="$(${['npx fds-conformance token', ...targetOptions(report)].join(' ')})"`;
}
