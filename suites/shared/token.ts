import { randomUUID } from 'node:crypto';
import type { Exchange } from '../../src/http/exchange.ts';
import { TokenUnavailable, type TokenManager } from '../../src/http/token-manager.ts';
import { api, perRunValue, runSettings } from '../../src/checks/run-context.ts';

/**
 * The token endpoint as the token and auth suites use it: the token requests they send (each sent once
 * per worker and all at once, so the token checks stay fast) and what the token endpoint answered over
 * the whole run (for the rows of the error table that can only be observed). Here rather than in the
 * token group's support so the auth group's suite imports no other group's.
 */

export function tokens(): TokenManager {
  const manager = api().tokens;
  if (!manager) throw new TokenUnavailable('the profile gives no API key');
  return manager;
}

/** The API key of the run (checks need 'apiKey', so it is there when a check runs). */
export function apiKey(): string {
  return runSettings().profile.apiKey ?? '';
}

/** A credential nobody issued: long and random, shaped like a real one. */
export function garbageCredential(prefix: string): string {
  return `${prefix}${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
}

// ---------------------------------------------------------------------------------------------------
// What the token endpoint answered, over the whole run (this worker): TOKEN-17 … TOKEN-21.

/**
 * Per client: a worker may serve several targets one after another (a session of runs, the fault
 * matrix), each with its own client, and one target's answers must not be judged as another's.
 */
const tokenExchanges = new WeakMap<object, Exchange[]>();

function isTokenExchange(exchange: Exchange): boolean {
  return exchange.request.method === 'POST' && new URL(exchange.request.url).pathname.endsWith('/token');
}

/** Starts recording every POST /token exchange the run's client sends, whoever sends it. */
export function watchTokenEndpoint(): void {
  const client = api();
  if (tokenExchanges.has(client)) return;
  const seen: Exchange[] = [];
  tokenExchanges.set(client, seen);
  client.http.exchanges.push((exchange) => {
    if (isTokenExchange(exchange)) seen.push(exchange);
  });
}

export function tokenExchangesSeen(): readonly Exchange[] {
  return tokenExchanges.get(api()) ?? [];
}

// ---------------------------------------------------------------------------------------------------
// Token requests.

interface TokenRequest {
  /** The Authorization header; absent sends none. */
  authorization?: string;
  credential?: Exchange['request']['credential'];
  /** The version header's value; null sends no version header. */
  version?: string | null;
  form?: Record<string, string>;
  json?: unknown;
  /** A raw body, sent as given under content type application/json (a malformed-request probe). */
  notJson?: string;
}

/** POST /token exactly as described: the version header from the profile unless told otherwise. */
export function sendTokenRequest(request: TokenRequest): Promise<Exchange> {
  const { profile } = runSettings();
  watchTokenEndpoint();
  const version = request.version === undefined ? profile.version : request.version;
  const headers: Record<string, string> = version === null ? {} : { [profile.versionHeader]: version };
  return api().raw({
    method: 'POST',
    path: '/token',
    ...(request.authorization !== undefined
      ? { authorization: request.authorization, credential: request.credential ?? 'probe' }
      : {}),
    ...(request.form !== undefined ? { form: request.form } : {}),
    ...(request.json !== undefined ? { json: request.json } : {}),
    ...(request.notJson !== undefined
      ? { body: request.notJson, headers: { ...headers, 'content-type': 'application/json' } }
      : { headers }),
  });
}

/** POST /token with the run's key, both scopes at once (TOKEN-01 … TOKEN-08, AUTH-01, AUTH-03). */
export const issuedTokens = perRunValue('token:issued', async () => {
  watchTokenEndpoint();
  const manager = tokens();
  const [server, client] = await Promise.all([
    manager.requestToken({ scope: 'SERVER_ACCESS' }),
    manager.requestToken({ scope: 'CLIENT_ACCESS' }),
  ]);
  return { server, client, receivedAt: Date.now() };
});

/**
 * A scope the spec does not name. Why invalid under every reading: scope is "one of SERVER_ACCESS,
 * CLIENT_ACCESS", and this is neither in any letter case or spelling.
 */
export const unnamedScope = 'FULL_ACCESS';
/**
 * A grant type no service supports: the spec's token request names none. Not invalid under every reading
 * (a service may ignore the member, AMB-TOKEN-07): TOKEN-16 accepts a token too.
 */
export const unsupportedGrantType = 'urn:fds-conformance:unsupported-grant-type';
/**
 * A body that is JSON to no parser, cut off after its first member's name. Why invalid under every
 * reading: sent as application/json, it is a malformed request whether or not a service reads JSON.
 */
export const truncatedJson = '{"scope": ';

/**
 * Every refusal of the token error table a client can provoke, sent at once. Each has exactly one thing
 * wrong; the rest is a valid request (the run's key as Basic, the version header, scope SERVER_ACCESS).
 */
export const tokenRefusals = perRunValue('token:refusals', async () => {
  const key = apiKey();
  const basic = { authorization: `Basic ${key}`, credential: 'api-key' as const };
  const server = { scope: 'SERVER_ACCESS' };
  const { unsupportedVersion, fixtures } = runSettings().profile;
  // A partner's key, where the profile gives one: the request is valid but for the partner's state.
  const partner = (key: string | undefined) =>
    key ? sendTokenRequest({ authorization: `Basic ${key}`, form: server }) : Promise.resolve(undefined);
  const requests = {
    // Why each is refused under every reading, or which readings take it: see invalidTokenRequests.
    noAuthorization: sendTokenRequest({ form: server }),
    // The key itself under another scheme: a service that ignored the scheme would hand out a token.
    otherScheme: sendTokenRequest({ authorization: `Bearer ${key}`, form: server }),
    emptyBasic: sendTokenRequest({ authorization: 'Basic', form: server }),
    unknownKey: sendTokenRequest({
      authorization: `Basic ${garbageCredential('fds-unknown-key-')}`,
      form: server,
    }),
    noScope: sendTokenRequest({ ...basic, form: {} }),
    otherScope: sendTokenRequest({ ...basic, form: { scope: unnamedScope } }),
    jsonBody: sendTokenRequest({ ...basic, json: server }),
    // Refused whether or not the service reads JSON: as malformed, or for its scope.
    jsonOtherScope: sendTokenRequest({ ...basic, json: { scope: unnamedScope } }),
    notJson: sendTokenRequest({ ...basic, notJson: truncatedJson }),
    grantType: sendTokenRequest({ ...basic, form: { ...server, grant_type: unsupportedGrantType } }),
    // The grant an API-key exchange is in OAuth's words: taken, it shows the service reads grant_type.
    supportedGrantType: sendTokenRequest({
      ...basic,
      form: { ...server, grant_type: 'client_credentials' },
    }),
    noVersion: sendTokenRequest({ ...basic, version: null, form: server }),
    oldVersion: unsupportedVersion
      ? sendTokenRequest({ ...basic, version: unsupportedVersion, form: server })
      : Promise.resolve(undefined),
    disabledPartner: partner(fixtures.disabledPartnerApiKey),
    deletedPartner: partner(fixtures.deletedPartnerApiKey),
  };
  // All sent at once; each answer under its own name.
  const answers = await Promise.all(Object.values(requests));
  return Object.fromEntries(Object.keys(requests).map((name, index) => [name, answers[index]])) as {
    [Name in keyof typeof requests]: Awaited<(typeof requests)[Name]>;
  };
});

/**
 * The refusals above that every reading of the spec refuses (ERR-11): the others (no scope, a JSON body,
 * a grant_type, no version header) a service may also answer with a token.
 */
export async function invalidTokenRequests(): Promise<{ what: string; exchange: Exchange }[]> {
  const r = await tokenRefusals();
  return [
    // The token table's "Authorization header parameter required": no key at all.
    { what: 'POST /token without Authorization', exchange: r.noAuthorization },
    // "Authorization: Basic <API_KEY>" is the one form the spec gives; Bearer carries no API key.
    { what: 'POST /token with the API key under the Bearer scheme', exchange: r.otherScheme },
    // Basic with no key: the header parameter is there but holds nothing to validate.
    { what: 'POST /token with "Basic" and no key', exchange: r.emptyBasic },
    // A key nobody issued: "the grant (for example the API key) … is invalid".
    { what: 'POST /token with an unknown API key', exchange: r.unknownKey },
    // A scope that is neither named value in any letter case (see unnamedScope).
    { what: 'POST /token with an unsupported scope', exchange: r.otherScope },
    // Refused as malformed if JSON is not read, for its scope if it is (AMB-TOKEN-01).
    { what: 'POST /token with a JSON body naming an unsupported scope', exchange: r.jsonOtherScope },
    // JSON to no parser (see truncatedJson).
    { what: 'POST /token with a body that is not JSON under a JSON content type', exchange: r.notJson },
    // The profile names it as no longer supported: "rejected with parameter-not-valid (400)".
    ...(r.oldVersion ? [{ what: 'POST /token naming an unsupported version', exchange: r.oldVersion }] : []),
    // The table's rows for the partner's state, or the rows of a key the service does not know.
    ...(r.disabledPartner
      ? [{ what: "POST /token with a disabled partner's API key", exchange: r.disabledPartner }]
      : []),
    ...(r.deletedPartner
      ? [{ what: "POST /token with a deleted partner's API key", exchange: r.deletedPartner }]
      : []),
  ];
}
