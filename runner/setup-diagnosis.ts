import { setTimeout as sleep } from 'node:timers/promises';
import { errorObjects, isObject, looksLikeErrorList } from '../src/checks/error-body.ts';
import { connectionReset, timedOut, transientAnswer, type Exchange } from '../src/http/exchange.ts';
import { transientBackoffMs } from '../src/http/http-client.ts';
import type { Secrets } from '../src/http/secrets.ts';
import { TokenManager } from '../src/http/token-manager.ts';
import type { Profile, SettingSources } from '../src/profile/profile.ts';
import { preflightRequest, seconds, statusAndError, type PreflightBudget } from './preflight.ts';
import { unknownFixtures } from './setup-fixtures.ts';

/**
 * Setup errors found before any check runs (docs/design.md#setup-errors): the run's token request (sent
 * again only after a transient answer, as --retry-transient asks) shows a target that accepts connections
 * and says nothing, a service down at the door (a 5xx or a reset), an API key (or the expiry key) the target
 * refuses in the spec's words, or a base URL at whose path no token endpoint answers; with the token it
 * issued, the profile's fixtures are looked up (runner/setup-fixtures.ts). Anything else the token endpoint
 * does, however wrong, is the target's to answer for: the run goes ahead and its checks report it (exit 1).
 * So a conformant target, under every reading of the register, is never diagnosed, and a broken one is never
 * excused as a mistake of the user's.
 */

export interface DiagnosisOptions extends PreflightBudget {
  timeoutMs: number;
  /** The run's secrets (its output's, src/output.ts): the token the pre-flight is issued joins them. */
  secrets: Secrets;
  /** Where the base URL, the keys and the fixtures came from: each line names its setting's. */
  sources: SettingSources;
  /**
   * How long the target has already kept silent: the reachability probe's wait, when it got no answer
   * though the target accepted the connection. The token request waits out the rest of --timeout-ms, and
   * at least a second, not another --timeout-ms.
   */
  silentForMs?: number;
  /** `--retry-transient`: the token request is sent again up to this many times after a 502, 503, 504 or reset. */
  retryTransient?: number;
}

/** A setup error: its one line (without the `fds-conformance:` prefix) and its exit code's meaning. */
export interface SetupError {
  line: string;
  /**
   * The target cannot serve the run at all (exit 3): it says nothing, or its token endpoint is down,
   * rather than saying something that shows a mistake of the setup (exit 2).
   */
  unserved?: true;
}

/**
 * Rows of the token error table that refuse the key (spec: Errors): invalid-grant ("the grant (for
 * example the API key) … is invalid"), parameter-not-valid ("Authorization header parameter … invalid",
 * and 404 "partner account deleted", the readings of AMB-TOKEN-02), access-denied (partner account
 * disabled), and the retired unauthorized-client and invalid-client, which a service may still send.
 */
const keyRefusalCodes = new Set([
  'invalid-grant',
  'parameter-not-valid',
  'access-denied',
  'unauthorized-client',
  'invalid-client',
]);
const keyRefusalStatuses = new Set([400, 401, 403, 404]);

/**
 * Where to look for the token endpoint when the base URL's path has none: the base URL's parents first
 * (an extra segment), then the prefixes services are commonly mounted under, below the base URL and at
 * the root (a missing segment). Short, as each is one more request to the target.
 */
const commonPrefixes = ['/api', '/v1', '/api/v1'];

/** The setup error the pre-flight finds, or undefined to go ahead. */
export async function setupError(
  profile: Profile,
  options: DiagnosisOptions,
): Promise<SetupError | undefined> {
  const { apiKey } = profile;
  if (!apiKey) return undefined;
  const { sources, secrets } = options;
  // Each line is masked where it is written (src/output.ts), with the profile's keys among the secrets.
  const usage = (line: string): SetupError => ({ line });
  const limit = Math.max(options.timeoutMs - (options.silentForMs ?? 0), Math.min(options.timeoutMs, 1000));
  const here = await requestToken(
    profile.baseUrl,
    apiKey,
    profile,
    limit,
    options,
    secrets,
    options.retryTransient,
  );
  const unserved = unservedTokenRequest(here, profile.baseUrl, options);
  if (unserved) return { line: secrets.redact(unserved), unserved: true };
  const base = `${profile.baseUrl} (from ${sources.baseUrl})`;
  const mistaken = await tokenAnswerError(here, apiKey, profile, options, secrets);
  if (mistaken) return usage(mistaken);
  // The profile's other keys that the run asks tokens for, each checked as cheaply: one token request. The
  // disabled and deleted partners' keys are refused by design, so no answer of theirs shows a mistake:
  // their checks judge them.
  const otherKeys = [
    {
      key: profile.tokenExpiry?.apiKey,
      name: `the expiry API key (from ${sources.expiryApiKey})`,
      needed: 'the token-expiry checks need a key the target accepts',
    },
    {
      key: profile.fixtures.nonEnrichPartnerApiKey,
      name: `the API key of a partner not enabled for enrich (from ${sources.nonEnrichPartnerApiKey})`,
      needed: 'the enrich partner check needs a key the target gives tokens to',
    },
  ];
  for (const { key, name, needed } of otherKeys) {
    if (!key) continue;
    const answer = await requestToken(profile.baseUrl, key, profile, options.timeoutMs, options, secrets);
    const refused = keyRefusal(answer.exchange);
    if (refused) return usage(`${name} was refused by POST /token (${refused}); ${needed}`);
  }
  if (!here.token) return undefined;
  const unknown = await unknownFixtures(
    profile.baseUrl,
    here.token,
    profile.fixtures,
    options.timeoutMs,
    options,
    secrets,
  );
  if (unknown.length === 0) return undefined;
  return {
    line: `the target at ${base} does not know ${unknown.length === 1 ? 'a fixture' : 'fixtures'} of ${sources.profile ? `the profile ${sources.profile}` : 'the profile'}: ${unknown.join('; ')}; give ids the target has`,
  };
}

/** The run's token request as sent: its exchange, the URL it went to, and the token it issued, if any. */
export interface TokenAnswer {
  exchange: Exchange;
  tokenUrl: string;
  token?: string;
}

/**
 * The setup error a token request's answer shows (its line, masked where it is written): the API key refused in the
 * spec's words, or no token endpoint at the base URL's path (and where one answers instead). Undefined for
 * any other answer, which is the target's to answer for.
 */
export async function tokenAnswerError(
  here: TokenAnswer,
  apiKey: string,
  profile: Profile,
  options: DiagnosisOptions,
  secrets: Secrets,
): Promise<string | undefined> {
  const refusal = keyRefusal(here.exchange);
  if (refusal) return `the API key (from ${options.sources.apiKey}) was refused by POST /token (${refusal})`;
  const status = here.exchange.response?.status;
  if (status === 404 || status === 405)
    return tokenEndpointElsewhere(here.tokenUrl, status, apiKey, profile, options, secrets);
  return undefined;
}

/**
 * No token endpoint at the base URL's path: the line naming the base URL that has one, looked for at the
 * candidates (candidateBases) within one --timeout-ms for the whole search, so a target that stalls
 * there costs that much, not that much per candidate.
 */
async function tokenEndpointElsewhere(
  tokenUrl: string,
  status: number,
  apiKey: string,
  profile: Profile,
  options: DiagnosisOptions,
  secrets: Secrets,
): Promise<string> {
  const missing = `no token endpoint at ${tokenUrl} (${status}; the base URL from ${options.sources.baseUrl})`;
  const ends = Date.now() + options.timeoutMs;
  for (const base of candidateBases(profile.baseUrl)) {
    const left = ends - Date.now();
    if (left <= 0)
      return `${missing}, and none of its parent paths or common prefixes answered as one within ${seconds(options.timeoutMs)}: check ${options.sources.baseUrl}`;
    const there = await requestToken(base, apiKey, profile, left, options, secrets);
    const refused = keyRefusal(there.exchange);
    if (!refused && !there.token) continue;
    return `${missing}; ${there.tokenUrl} answers as one: try --base-url ${base}${refused ? ` (there the API key is refused too: ${refused})` : ''}`;
  }
  return `${missing}, nor at its parent paths or under ${commonPrefixes.join(', ')} (below it or at the root): check ${options.sources.baseUrl}`;
}

/**
 * The token request's answer when it shows a target that cannot serve the run (exit 3), its line not yet
 * redacted: no answer within the time limit, or, after the retries --retry-transient gave it, a 5xx or a
 * reset, so no check could get a token (the service down, or a gateway in front of a stopped one).
 */
export function unservedTokenRequest(
  here: TokenAnswer,
  baseUrl: string,
  options: Pick<DiagnosisOptions, 'timeoutMs' | 'sources'>,
): string | undefined {
  const { response, failure } = here.exchange;
  const from = `(from ${options.sources.baseUrl})`;
  if (!response && timedOut(here.exchange))
    return `no answer from POST /token in ${seconds(options.timeoutMs)} at ${baseUrl} ${from}: it accepts connections and says nothing; check that the service is up, or raise --timeout-ms`;
  const down =
    response && response.status >= 500
      ? `answered ${statusAndError(response.status, (errorObjects(response.body) ?? [])[0], 160)}`
      : failure === connectionReset
        ? `got no answer: ${connectionReset}`
        : undefined;
  if (down === undefined) return undefined;
  const retried = here.exchange.retries.length;
  const same = retried > 0 ? ` (the same after ${retried} ${retried === 1 ? 'retry' : 'retries'})` : '';
  // A 500 or a 501 is no answer a retry changes: --retry-transient is named for the transient ones alone.
  const again =
    retried === 0 && transientAnswer(here.exchange) !== undefined
      ? '; --retry-transient N sends it again, for a service busy only for moments'
      : '';
  return `POST /token at ${here.tokenUrl} ${down}${same}; the service is down or overloaded, and no check runs without a token: check that it is up and that the base URL ${from} reaches it, not a gateway in front of a stopped one${again}`;
}

/**
 * The run's token request (spec: Authentication, step 2) with the given key, sent by the suite's own token
 * client; after a transient answer (a 502, 503, 504 or reset) sent again up to `transientRetries` times,
 * waiting as --retry-transient does, each attempt in the budget. The answer's exchange lists the retries.
 */
export async function requestToken(
  baseUrl: string,
  apiKey: string,
  profile: Profile,
  limitMs: number,
  options: PreflightBudget,
  secrets: Secrets,
  transientRetries = 0,
): Promise<TokenAnswer> {
  const retries: Exchange['retries'] = [];
  for (;;) {
    const answer = await preflightRequest(baseUrl, limitMs, options, secrets, async (client) => {
      const tokens = new TokenManager(client, {
        apiKey,
        version: profile.version,
        versionHeader: profile.versionHeader,
      });
      const exchange = await tokens.requestToken();
      const token = tokens.tokenFrom(exchange)?.value;
      return { exchange, tokenUrl: exchange.request.url, ...(token !== undefined ? { token } : {}) };
    });
    const { exchange } = answer;
    if (transientAnswer(exchange) === undefined || retries.length >= transientRetries) {
      exchange.retries.unshift(...retries);
      return answer;
    }
    const waitMs = transientBackoffMs(retries.length);
    const status = exchange.response?.status;
    retries.push(status === undefined ? { failure: connectionReset, waitMs } : { status, waitMs });
    await sleep(waitMs);
  }
}

/**
 * "status code: detail" when the answer is a spec-shaped refusal of the key: an error list carrying a
 * code of the key's rows. A parameter-not-valid naming another parameter (the version header) refuses
 * something else, which the checks judge.
 */
function keyRefusal(exchange: Exchange): string | undefined {
  const response = exchange.response;
  if (!response || !keyRefusalStatuses.has(response.status) || !looksLikeErrorList(response.body))
    return undefined;
  const error = (errorObjects(response.body) ?? []).find(
    (e) => typeof e.code === 'string' && keyRefusalCodes.has(e.code) && namesTheKey(e.source),
  );
  return error && statusAndError(response.status, error, 160);
}

/** Whether an error's source leaves the key as what it refuses: it names Authorization or a key, or nothing. */
function namesTheKey(source: unknown): boolean {
  const parameter = isObject(source) ? source.parameter : undefined;
  return typeof parameter !== 'string' || parameter === '' || /authori[sz]ation|key/i.test(parameter);
}

/** Base URLs to try, nearest first, without the given one. */
export function candidateBases(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  const segments = path.split('/').slice(1);
  const parents = segments.map((_, index) => `/${segments.slice(0, index).join('/')}`.replace(/\/$/, ''));
  const prefixes = [
    ...parents.reverse(),
    ...(path ? commonPrefixes.map((prefix) => `${path}${prefix}`) : []),
    ...commonPrefixes,
  ];
  return [...new Set(prefixes)].filter((prefix) => prefix !== path).map((prefix) => `${url.origin}${prefix}`);
}
