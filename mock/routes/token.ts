import { apiKeyOf, credential } from '../auth.ts';
import { detail, kindOf, MockError, quoted } from '../errors.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import type { TokenVariants } from '../variants/types.ts';

const scopes = new Set(['SERVER_ACCESS', 'CLIENT_ACCESS']);
/**
 * The spec's token request names no grant type; the mock takes the OAuth grant that an API-key exchange
 * is, and refuses any other (spec: Errors, unsupported-grant-type).
 */
const supportedGrantType = 'client_credentials';

/** The last token issued per key and scope: for the reuse variant, and the fault that reissues it. */
const lastIssued = new WeakMap<object, Map<string, string>>();

function invalidRequest(said: string, parameter: string): MockError {
  return new MockError(400, 'invalid-request', 'Invalid request', said, parameter);
}

/**
 * The token request's parameters. The form body is what the spec shows; under the jsonBody variant a JSON
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

/** The scope asked for, as the variants in force read it; throws the table's refusal otherwise. */
function requestedScope(scope: string | undefined, variants: TokenVariants, context: MockContext): string {
  if (scope === undefined || scope === '') {
    // Scope is never marked required: the missingScope variant gives the full-access default.
    if (variants.missingScope === 'server-access') return 'SERVER_ACCESS';
    if (context.fault('token-missing-scope-wrong-code')) {
      throw new MockError(400, 'invalid-grant', 'Invalid grant', 'no scope was given', 'scope');
    }
    throw invalidRequest(scope === '' ? detail.empty('scope') : detail.missing('scope'), 'scope');
  }
  const asked = variants.scopeCase === 'insensitive' ? scope.toUpperCase() : scope;
  // The fault matches a scope by its start: SERVER_ACCESS_ADMIN is read as SERVER_ACCESS.
  const named = context.fault('token-scope-prefix-matched')
    ? ([...scopes].find((known) => asked.startsWith(known)) ?? asked)
    : asked;
  if (!scopes.has(named) && !context.fault('token-unsupported-scope-accepted'))
    throw invalidRequest(
      detail.unknown('scope', quoted(scope), `the scopes are ${[...scopes].join(', ')}`),
      'scope',
    );
  if (named === 'CLIENT_ACCESS' && context.fault('token-client-scope-refused'))
    throw invalidRequest('scope CLIENT_ACCESS is not supported', 'scope');
  return named;
}

/** The grant_type field, which the spec never names: refused unless it is the one grant the mock takes. */
function checkGrantType(grantType: string | undefined, variants: TokenVariants, context: MockContext) {
  if (grantType === undefined || grantType === supportedGrantType || variants.grantType === 'ignored') return;
  const said = `unsupported grant_type ${quoted(grantType)}: the grant type supported is ${supportedGrantType}`;
  if (variants.grantType === 'invalid-request') throw invalidRequest(said, 'grant_type');
  // The fault answers with the row of an invalid grant (the key) instead of an unsupported grant type.
  const code = context.fault('token-grant-type-wrong-code') ? 'invalid-grant' : 'unsupported-grant-type';
  throw new MockError(400, code, 'Unsupported grant type', said, 'grant_type');
}

/** A live token to hand out again under the reuse variant, with the seconds it reports. */
function reused(
  previous: string | undefined,
  lifetime: number,
  reuse: TokenVariants['reuse'],
  context: MockContext,
): { token: string; expiresIn: number } | undefined {
  const issued = previous === undefined ? undefined : context.state.tokens.get(previous);
  if (!reuse || previous === undefined || !issued) return undefined;
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
    const variants = context.options.variants.token ?? {};
    const form = parameters(request.body);
    const scope = requestedScope(form.scope, variants, context);
    checkGrantType(form.grant_type, variants, context);
    const header = request.headers[context.options.versionHeader.toLowerCase()];
    const version = Array.isArray(header) ? header[0] : header;
    // One fault refuses a supported version; another retires an older one only for SERVER_ACCESS
    // (authentication let it through).
    const refused =
      version !== undefined &&
      ((context.options.supportedVersions.includes(version) &&
        context.fault('token-supported-version-refused')) ||
        (context.options.unsupportedVersions.includes(version) &&
          scope !== 'CLIENT_ACCESS' &&
          context.fault('token-retired-version-client-scope-accepted')));
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
    if (context.fault('token-api-key-base64-only')) {
      // Wants the credentials as base64 of "key:", so the key sent as the spec writes it is refused.
      throw new MockError(400, 'invalid-grant', 'Invalid grant', 'the API key is invalid', 'Authorization');
    }
    const key = apiKeyOf(basic, context) ?? basic;
    const lifetime = context.options.apiKeys[key] ?? 3600;
    const reissue = context.fault('token-expired-token-reissued');
    let issued = lastIssued.get(context.state);
    if ((reissue || variants.reuse) && !issued) lastIssued.set(context.state, (issued = new Map()));
    const slot = `${key} ${scope}`;
    const previous = issued?.get(slot);
    const again = reused(previous, lifetime, variants.reuse, context);
    const token =
      again?.token ??
      (reissue ? previous : undefined) ??
      context.state.issueToken(
        scope,
        // The token dies long before the expires_in it reports.
        context.fault('token-expires-early') ? lifetime / 3 : lifetime,
      );
    issued?.set(slot, token);
    return {
      status: scope === 'SERVER_ACCESS' && context.fault('token-server-access-201') ? 201 : 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        // The fault reports a second of life for a token that lives its whole lifetime.
        expires_in: context.fault('token-expires-in-understated')
          ? Math.min(1, lifetime)
          : (again?.expiresIn ?? lifetime),
      },
      // Tokens are credentials; a cache must not keep them.
      headers: { 'cache-control': 'no-store' },
    };
  },
};
