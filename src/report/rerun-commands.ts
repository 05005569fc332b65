import { shellQuote } from '../http/exchange.ts';
import type { RequirementFailure } from './model.ts';
import type { Report } from './report.ts';

/**
 * The target options a command needs to reach the run's target again, as report.json records them: none
 * for the embedded mock, `--base-url` otherwise. The profile and the API key are not in report.json (the
 * key is a secret), so a command for another target is given with them as the run had them.
 */
function targetOptions(report: Report): string[] {
  return report.target.embeddedMock ? [] : ['--base-url', shellQuote(report.target.baseUrl)];
}

/** Whether a command for this report needs the run's profile and API key beside it. */
export function needsProfile(report: Report): boolean {
  return !report.target.embeddedMock;
}

/** The command that runs one requirement's checks again, under the run's seed, against the run's target. */
export function rerunCommand(report: Report, id: string): string {
  return ['npx fds-conformance', '--only', id, '--seed', String(report.seed), ...targetOptions(report)].join(
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
    ...targetOptions(report),
  ].join(' ');
}
