import { credential } from '../auth.ts';
import { MockError } from '../errors.ts';
import type { Route } from '../router.ts';

const scopes = new Set(['SERVER_ACCESS', 'CLIENT_ACCESS']);
/**
 * The spec's token request names no grant type; the mock takes the OAuth grant that an API-key exchange
 * is, and refuses any other (spec: Errors, unsupported-grant-type).
 */
const supportedGrantType = 'client_credentials';

/** The last token issued per key and scope, for the fault that hands it out again after it expired. */
const lastIssued = new WeakMap<object, Map<string, string>>();

/** POST /token (spec: Endpoints > POST {base_url}/token, Authentication, Errors). */
export const issueToken: Route = {
  method: 'POST',
  path: '/token',
  auth: 'basic',
  body: 'form',
  handle(request, context) {
    const form = request.body as Record<string, string>;
    const scope = form.scope;
    if (scope === undefined || scope === '') {
      if (!context.fault('token-scope-not-required')) {
        throw new MockError(
          400,
          'invalid-request',
          'Invalid request',
          'the scope parameter is required',
          'scope',
        );
      }
    } else if (!scopes.has(scope) && !context.fault('token-unsupported-scope-accepted')) {
      throw new MockError(
        400,
        'invalid-request',
        'Invalid request',
        `scope ${scope} is not supported`,
        'scope',
      );
    } else if (scope === 'CLIENT_ACCESS' && context.fault('token-client-scope-refused')) {
      throw new MockError(
        400,
        'invalid-request',
        'Invalid request',
        'scope CLIENT_ACCESS is not supported',
        'scope',
      );
    }
    const grantType = form.grant_type;
    if (grantType !== undefined && grantType !== supportedGrantType) {
      throw new MockError(
        400,
        'unsupported-grant-type',
        'Unsupported grant type',
        `grant type ${grantType} is not supported`,
        'grant_type',
      );
    }
    const header = request.headers[context.options.versionHeader.toLowerCase()];
    const version = Array.isArray(header) ? header[0] : header;
    if (
      version !== undefined &&
      context.options.supportedVersions.includes(version) &&
      context.fault('token-supported-version-refused')
    ) {
      throw new MockError(
        400,
        'parameter-not-valid',
        'Version not supported',
        `version ${version} is no longer supported`,
        context.options.versionHeader,
      );
    }
    const key = credential(request.headers, 'basic') ?? '';
    if (context.fault('token-api-key-base64-only')) {
      // Wants the credentials as base64 of "key:", so the key sent as the spec writes it is refused.
      throw new MockError(400, 'invalid-grant', 'Invalid grant', 'the API key is invalid', 'Authorization');
    }
    const lifetime = context.options.apiKeys[key] ?? 3600;
    const reissue = context.fault('token-expired-token-reissued');
    let issued = lastIssued.get(context.state);
    if (reissue && !issued) lastIssued.set(context.state, (issued = new Map()));
    const previous = issued?.get(`${key} ${scope ?? ''}`);
    const token =
      previous ??
      context.state.issueToken(
        scope ?? 'SERVER_ACCESS',
        // The token dies long before the expires_in it reports.
        context.fault('token-expires-early') ? lifetime / 3 : lifetime,
      );
    issued?.set(`${key} ${scope ?? ''}`, token);
    return {
      status: scope === 'SERVER_ACCESS' && context.fault('token-server-access-201') ? 201 : 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: lifetime,
      },
      // Tokens are credentials; a cache must not keep them.
      headers: { 'cache-control': 'no-store' },
    };
  },
};
