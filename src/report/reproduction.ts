import { credentialVariables } from '../http/exchange.ts';
import { answerSummary, requestSummary } from './exchange-summary.ts';
import type { RequirementFailure } from './model.ts';
import type { Report } from './report.ts';
import { replayCommand, rerunCommand, tokenCommand } from './rerun-commands.ts';

/**
 * What reproduces one failure (docs/design.md#a-failure-is-reproducible-by-a-person), each part one line:
 * the request with its parameters, the answer with its errors' codes and details, the command that runs
 * the requirement alone again (a property's replays its counter-example), and against a target that
 * outlives the run, the curl line, after the line that sets the token it carries and the one that says
 * what to set the credentials of its body to, and, for a finding between two requests (a page boundary
 * of a walk), the curl line of the request before it just ahead of its own, so the pair is sent in turn.
 * None holds a secret: the key, the token and the credentials stay variables.
 */
export interface Reproduction {
  request?: string;
  answer?: string;
  rerun: string;
  token?: string;
  /** What to set the credentials the curl line's body carries as variables to (credentialsToSet). */
  set?: string;
  before?: string;
  curl?: string;
}

/** What each credential variable of a body holds: the run's own made-up ones are not written anywhere. */
const credentialMeanings: Record<keyof typeof credentialVariables, string> = {
  password: "the connection's password (the profile's fixtures.connectionPassword)",
  securityCode: 'a security code',
  secondaryLoginId: 'a secondary login id',
  loginId: 'a login id',
};

/**
 * What to set the credential variables a curl line's body carries (`$FDS_CONNECTION_PASSWORD`,
 * src/http/exchange.ts curlOf) to before it is pasted, each view saying "set" its own way; undefined for
 * a curl line without one.
 */
export function credentialsToSet(curl: string): string | undefined {
  const set = Object.entries(credentialVariables)
    .filter(([, variable]) => curl.includes(`"$${variable}"`))
    .map(
      ([member, variable]) =>
        `${variable} to ${credentialMeanings[member as keyof typeof credentialVariables]}`,
    );
  return set.length === 0 ? undefined : `${set.join(', ')}; the run's own values are not written`;
}

export function reproductionOf(report: Report, id: string, failure: RequirementFailure): Reproduction {
  const { exchange } = failure;
  // The embedded mock stopped with its run: a curl line to its port reaches nothing.
  const curl = report.target.embeddedMock ? undefined : failure.curl;
  const before = curl === undefined ? undefined : failure.before?.curl;
  const token = [curl, before].some((line) => line?.includes('$FDS_TOKEN'))
    ? tokenCommand(report)
    : undefined;
  const set = curl === undefined ? undefined : credentialsToSet(curl);
  return {
    ...(exchange ? { request: requestSummary(exchange), answer: answerSummary(exchange) } : {}),
    rerun: replayCommand(report, id, failure) ?? rerunCommand(report, id),
    ...(token ? { token } : {}),
    ...(before ? { before } : {}),
    ...(set ? { set } : {}),
    ...(curl ? { curl } : {}),
  };
}
