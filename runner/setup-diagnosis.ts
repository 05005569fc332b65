import { setTimeout as sleep } from 'node:timers/promises';
import { errorObjects, isObject, looksLikeErrorList } from '../src/checks/error-body.ts';
import type { Exchange } from '../src/http/exchange.ts';
import { HttpClient } from '../src/http/http-client.ts';
import { Secrets } from '../src/http/secrets.ts';
import { TokenManager } from '../src/http/token-manager.ts';
import { windowMs } from '../src/http/traffic.ts';
import type { Profile } from '../src/profile/profile.ts';
import { oneLine } from '../src/report/markdown.ts';

/**
 * Setup errors found before any check runs (docs/design.md#setup-errors): the run's token request, sent once, shows
 * an API key the target refuses in the spec's words, or a base URL at whose path no token endpoint
 * answers. Anything else the token endpoint does, however wrong, is the target's to answer for: the run
 * goes ahead and its checks report it (exit 1). So a conformant target, under every reading of the
 * register, is never diagnosed, and a broken one is never excused as a mistake of the user's.
 */

export interface DiagnosisOptions {
  timeoutMs: number;
  /** The run's budget (`--max-rps`): the diagnosis's requests wait their turn in it. */
  maxRps?: number;
  /** When the requests sent before the run were answered; the diagnosis adds its own. */
  answered: number[];
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

/** The one line of a setup error (without the `fds-conformance:` prefix), or undefined to go ahead. */
export async function setupError(profile: Profile, options: DiagnosisOptions): Promise<string | undefined> {
  const apiKey = profile.apiKey;
  if (!apiKey) return undefined;
  const secrets = new Secrets();
  const here = await requestToken(profile.baseUrl, profile, options, secrets);
  const refusal = keyRefusal(here.exchange);
  if (refusal)
    return secrets.redact(
      `the API key was refused by POST /token (${refusal}); check FDS_API_KEY, --api-key or the profile's apiKey`,
    );
  const status = here.exchange.response?.status;
  if (status !== 404 && status !== 405) return undefined;
  const missing = `no token endpoint at ${here.tokenUrl} (${status})`;
  for (const base of candidateBases(profile.baseUrl)) {
    const there = await requestToken(base, profile, options, secrets);
    const refused = keyRefusal(there.exchange);
    if (!refused && !there.issued) continue;
    return secrets.redact(
      `${missing}; ${there.tokenUrl} answers as one: try --base-url ${base}${refused ? ` (there the API key is refused too: ${refused})` : ''}`,
    );
  }
  return `${missing}, nor at its parent paths or under ${commonPrefixes.join(', ')} (below it or at the root): check --base-url or the profile's baseUrl`;
}

/** The run's token request (spec: Authentication, step 2), sent by the suite's own token client. */
async function requestToken(
  baseUrl: string,
  profile: Profile,
  options: DiagnosisOptions,
  secrets: Secrets,
): Promise<{ exchange: Exchange; tokenUrl: string; issued: boolean }> {
  const client = new HttpClient({
    baseUrl,
    timeoutMs: options.timeoutMs,
    concurrency: 1,
    maxBodyBytes: 1024 * 1024,
    readOnly: false,
    secrets,
    // A 429 is not retried: each retry would be a request outside the budget's count.
    maxRetries: 0,
  });
  try {
    const tokens = new TokenManager(client, {
      apiKey: profile.apiKey ?? '',
      version: profile.version,
      versionHeader: profile.versionHeader,
    });
    await turnInBudget(options);
    const exchange = await tokens.requestToken();
    options.answered.push(Date.now());
    return {
      exchange,
      tokenUrl: client.resolve('/token').href,
      issued: tokens.tokenFrom(exchange) !== undefined,
    };
  } finally {
    await client.close();
  }
}

/**
 * Waits until the budget has room for one more request. The diagnosis sends one request at a time, so
 * the rule of the run's coordinator (src/http/traffic.ts) reduces to: fewer than N answered in the window.
 */
async function turnInBudget({ maxRps, answered }: DiagnosisOptions): Promise<void> {
  if (!maxRps) return;
  for (;;) {
    const now = Date.now();
    const recent = answered.filter((at) => at > now - windowMs).sort((a, b) => a - b);
    if (recent.length < maxRps) return;
    await sleep((recent[0] as number) + windowMs - now);
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
  if (!error) return undefined;
  const said = [error.detail, error.title].find((text) => typeof text === 'string' && text.trim() !== '');
  return oneLine(`${response.status} ${String(error.code)}${said ? `: ${String(said)}` : ''}`, 160);
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
