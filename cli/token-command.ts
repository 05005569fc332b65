import { evidenceOf } from '../src/http/exchange.ts';
import type { Output } from '../src/output.ts';
import { profileSecrets } from '../src/profile/load-profile.ts';
import { answerSummary } from '../src/report/exchange-summary.ts';
import { UsageError } from '../src/usage-error.ts';
import { unreachableReason } from '../runner/reachability.ts';
import { requestToken, tokenAnswerError, unservedTokenRequest } from '../runner/setup-diagnosis.ts';
import { exitCodes } from './exit-codes.ts';
import type { OptionTable } from './options.ts';
import { parseOptions } from './options.ts';
import { parseRunOptions, runOptions } from './run-options.ts';

/** The flags of `token`: those of `run` that say where the target is and which key it takes. */
export const tokenOptions = {
  'base-url': {
    ...runOptions['base-url'],
    description: "the target, may carry a path prefix (env FDS_BASE_URL, the profile's baseUrl)",
  },
  'api-key': runOptions['api-key'],
  profile: runOptions.profile,
  'timeout-ms': runOptions['timeout-ms'],
  'retry-transient': runOptions['retry-transient'],
} as const satisfies OptionTable;

/**
 * `token`: one POST /token (spec: Authentication, step 2) with the key and version a run would send, to
 * the target a run would reach, read from the same flags, environment and profile; stdout is the access
 * token alone, so `export FDS_TOKEN="$(npx fds-conformance token …)"` sets what a report's curl line
 * carries. Printing the token is the command's purpose, so it is the one place a secret reaches stdout;
 * no report ever holds it. A target without a token answer is one line on stderr: 2 for a mistake of the
 * setup (no target, no key, a key refused, no token endpoint at the path), 3 for no connection, no answer,
 * or a 5xx or reset after --retry-transient's retries, 1 for a token endpoint that answers without a token.
 */
export async function tokenCommand(args: string[], output: Output, env = process.env): Promise<number> {
  parseOptions('token', tokenOptions, args);
  const { profile, sources, timeoutMs, retryTransient } = parseRunOptions(args, env);
  if (!profile)
    throw new UsageError(
      "token: no target: give --base-url, FDS_BASE_URL or the profile's baseUrl (the embedded mock stops with its run; `fds-conformance mock` starts one that stays)",
    );
  if (!profile.apiKey)
    throw new UsageError("token: no API key: give FDS_API_KEY, --api-key or the profile's apiKey");
  for (const secret of profileSecrets(profile)) output.secrets.add(secret);
  const unreachable = await unreachableReason(profile.baseUrl, Math.min(timeoutMs, 10_000));
  if (unreachable) {
    output.stderr(
      `fds-conformance: cannot reach ${profile.baseUrl} (from ${sources.baseUrl}): ${unreachable}`,
    );
    return exitCodes.unreachable;
  }
  // The request and the reading of its answer are the pre-flight's (runner/setup-diagnosis.ts).
  const { secrets } = output;
  const options = { timeoutMs, sources, answered: [], secrets };
  const here = await requestToken(
    profile.baseUrl,
    profile.apiKey,
    profile,
    timeoutMs,
    options,
    secrets,
    retryTransient,
  );
  if (here.token !== undefined) {
    output.askedFor(here.token);
    return exitCodes.ok;
  }
  // A target silent or down at the door is named as a run names it before its checks.
  const unserved = unservedTokenRequest(here, profile.baseUrl, options);
  if (unserved) {
    output.stderr(`fds-conformance: ${unserved}`);
    return exitCodes.unreachable;
  }
  const answer = answerSummary(evidenceOf(here.exchange, secrets));
  if (!here.exchange.response) {
    output.stderr(`fds-conformance: POST /token at ${here.tokenUrl}: ${answer}`);
    return exitCodes.unreachable;
  }
  // A refused key or a token endpoint elsewhere is the setup's, named as a run names it before its checks.
  const setup = await tokenAnswerError(here, profile.apiKey, profile, options, secrets);
  if (setup) {
    output.stderr(`fds-conformance: ${setup}`);
    return exitCodes.usage;
  }
  output.stderr(`fds-conformance: POST /token answered without an access token: ${answer}`);
  return exitCodes.failed;
}
