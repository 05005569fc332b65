import { apiKeyOf, credential } from '../auth.ts';
import { detail, kindOf, MockError, quoted } from '../errors.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import type { TokenPolicy } from '../policy/token.ts';
import { partnerApiKeys } from '../test-credentials.ts';

const scopes = new Set(['SERVER_ACCESS', 'CLIENT_ACCESS']);
/**
 * The spec's token request names no grant type; the mock takes the OAuth grant that an API-key exchange
 * is, and refuses any other (spec: Errors, unsupported-grant-type).
 */
const supportedGrantType = 'client_credentials';

/** The last token issued per key and scope: for reuse, and for a service that reissues it live or not. */
const lastIssued = new WeakMap<object, Map<string, string>>();

function invalidRequest(said: string, parameter: string): MockError {
  return new MockError(400, 'invalid-request', 'Invalid request', said, parameter);
}

/**
 * The token request's parameters. The form body is what the spec shows; under the jsonBody reading a JSON
 * body arrives here too and is read the same way, so a JSON body that is no object of strings is malformed.
 */
function parameters(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidRequest(detail.malformed('the body', 'an object of parameters', kindOf(body)), 'body');
  const entries = Object.entries(body);
  const nonString = entries.find(([, value]) => typeof value !== 'string');
  // Told by type: a parameter of the token request may be a credential.
  if (nonString)
    throw invalidRequest(detail.malformed(nonString[0], 'a string', kindOf(nonString[1])), nonString[0]);
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The scope asked for, as the policy reads it; throws the table's refusal otherwise. */
function requestedScope(scope: string | undefined, policy: TokenPolicy['scope']): string {
  if (scope === undefined || scope === '') {
    // Scope is never marked required: one reading gives the full-access default.
    if (policy.missing === 'server-access') return 'SERVER_ACCESS';
    if (policy.missing === 'invalid-grant')
      throw new MockError(400, 'invalid-grant', 'Invalid grant', 'no scope was given', 'scope');
    throw invalidRequest(scope === '' ? detail.empty('scope') : detail.missing('scope'), 'scope');
  }
  const asked = policy.letterCase === 'insensitive' ? scope.toUpperCase() : scope;
  const named =
    policy.match === 'prefix' ? ([...scopes].find((known) => asked.startsWith(known)) ?? asked) : asked;
  if (!scopes.has(named) && policy.unknownRefused)
    throw invalidRequest(
      detail.unknown('scope', quoted(scope), `the scopes are ${[...scopes].join(', ')}`),
      'scope',
    );
  if (named === 'CLIENT_ACCESS' && !policy.clientAccessTaken)
    throw invalidRequest('scope CLIENT_ACCESS is not supported', 'scope');
  return named;
}

/** The grant_type field, which the spec never names: refused unless it is the one grant the mock takes. */
function checkGrantType(grantType: string | undefined, policy: TokenPolicy) {
  const answer = policy.otherGrantType;
  if (grantType !== undefined && answer === 'field-refused')
    throw invalidRequest('grant_type is no parameter of the token request', 'grant_type');
  if (grantType === undefined || grantType === supportedGrantType || answer === 'ignored') return;
  const said = `unsupported grant_type ${quoted(grantType)}: the grant type supported is ${supportedGrantType}`;
  if (answer === 'invalid-request') throw invalidRequest(said, 'grant_type');
  throw new MockError(400, answer, 'Unsupported grant type', said, 'grant_type');
}

/** A live token to hand out again where tokens are reused, with the seconds it reports. */
function reused(
  previous: string | undefined,
  lifetime: number,
  reuse: TokenPolicy['reuse'],
  context: MockContext,
): { token: string; expiresIn: number } | undefined {
  const issued = previous === undefined ? undefined : context.state.tokens.get(previous);
  if (reuse === 'fresh' || previous === undefined || !issued) return undefined;
  const now = Date.now();
  const left = Math.floor((issued.expiresAt - now) / 1000);
  // A token about to die is not handed out: a fresh token must report seconds left (TOKEN-06).
  if (left < 1) return undefined;
  if (reuse === 'countdown') return { token: previous, expiresIn: left };
  issued.expiresAt = now + lifetime * 1000;
  return { token: previous, expiresIn: lifetime };
}

/** POST /token (spec: Endpoints > POST {base_url}/token, Authentication, Errors). */
export const issueToken: RouteHandler = {
  handle(request, context) {
    const policy = context.policy.token;
    const form = parameters(request.body);
    const scope = requestedScope(form.scope, policy.scope);
    checkGrantType(form.grant_type, policy);
    const header = request.headers[context.options.versionHeader.toLowerCase()];
    const version = Array.isArray(header) ? header[0] : header;
    // A retired version refused for SERVER_ACCESS only is let through by authentication (auth.ts).
    const refused =
      version !== undefined &&
      ((context.options.supportedVersions.includes(version) && !policy.supportedVersionTaken) ||
        (context.options.unsupportedVersions.includes(version) &&
          scope !== 'CLIENT_ACCESS' &&
          policy.retiredVersionRefused === 'server-access-only'));
    if (refused) {
      throw new MockError(
        400,
        'parameter-not-valid',
        'Version not supported',
        `version ${version} is no longer supported`,
        context.options.versionHeader,
      );
    }
    const basic = credential(request.headers, 'basic') ?? '';
    if (policy.keyAsWritten === 'refused') {
      // Wants the credentials as base64 of "key:", so the key sent as the spec writes it is refused.
      throw new MockError(400, 'invalid-grant', 'Invalid grant', 'the API key is invalid', 'Authorization');
    }
    const key = apiKeyOf(basic, context) ?? basic;
    const lifetime = context.options.apiKeys[key] ?? 3600;
    let issued = lastIssued.get(context.state);
    if ((policy.lastReissued || policy.reuse !== 'fresh') && !issued)
      lastIssued.set(context.state, (issued = new Map()));
    const slot = `${key} ${scope}`;
    const previous = issued?.get(slot);
    const again = reused(previous, lifetime, policy.reuse, context);
    const token =
      again?.token ??
      (policy.lastReissued ? previous : undefined) ??
      context.state.issueToken(
        scope,
        lifetime / policy.lifetimeDivisor,
        key === partnerApiKeys.nonEnrich ? { enrichDenied: true } : {},
      );
    issued?.set(slot, token);
    return {
      status: scope === 'SERVER_ACCESS' ? policy.serverAccessStatus : 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in:
          policy.expiresIn === 'one-second' ? Math.min(1, lifetime) : (again?.expiresIn ?? lifetime),
      },
      // Tokens are credentials; a cache must not keep them.
      headers: { 'cache-control': 'no-store' },
    };
  },
};
