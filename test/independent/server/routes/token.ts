/** POST /token: API key (Basic) to bearer token. */
import { SCOPES, VERSION_HEADER, checkVersion } from '../auth.ts';
import type { TokenStore } from '../auth.ts';
import { ApiError, malformedRequest, missingParameter } from '../errors.ts';
import { mediaType, readBody, sendJson, singleHeader } from '../http.ts';
import type { Context } from '../http.ts';

/** The only grant this service knows: an application authenticating with its own key. */
const GRANT_TYPE = 'client_credentials';

export async function postToken(ctx: Context, tokens: TokenStore): Promise<void> {
  const { req, res, world } = ctx;
  checkVersion(singleHeader(req.headers[VERSION_HEADER]), true);

  const match = /^basic +(\S+) *$/i.exec(req.headers.authorization ?? '');
  const apiKey = match?.[1];
  if (apiKey === undefined) {
    throw new ApiError(
      400,
      'parameter-not-valid',
      'Authorization header not valid',
      'An Authorization header of the form "Basic <API_KEY>" is required.',
      'Authorization',
    );
  }
  const partner = world.partners.find((p) => p.apiKey === apiKey);
  if (!partner) {
    throw new ApiError(
      400,
      'invalid-grant',
      'Invalid grant',
      'The API key is invalid or revoked.',
      'Authorization',
    );
  }
  if (partner.state === 'disabled') {
    throw new ApiError(403, 'access-denied', 'Access denied', 'The partner account is temporarily disabled.');
  }
  if (partner.state === 'deleted') {
    throw new ApiError(
      404,
      'parameter-not-valid',
      'Partner not found',
      'The partner account has been deleted.',
    );
  }

  if (mediaType(req) !== 'application/x-www-form-urlencoded') {
    throw malformedRequest('The body must be application/x-www-form-urlencoded.', 'Content-Type');
  }
  const form = new URLSearchParams((await readBody(req)).toString('utf8'));
  const grantTypes = form.getAll('grant_type');
  if (grantTypes.length > 1) throw malformedRequest('grant_type may be given only once.', 'grant_type');
  if (grantTypes[0] !== undefined && grantTypes[0] !== GRANT_TYPE) {
    throw new ApiError(
      400,
      'unsupported-grant-type',
      'Unsupported grant type',
      `Only ${GRANT_TYPE} is supported.`,
      'grant_type',
    );
  }
  const scopes = form.getAll('scope');
  if (scopes.length === 0) throw missingParameter('scope');
  if (scopes.length > 1) throw malformedRequest('scope may be given only once.', 'scope');
  const scope = SCOPES.find((s) => s === scopes[0]);
  if (scope === undefined) {
    throw malformedRequest(`scope must be one of ${SCOPES.join(', ')}.`, 'scope');
  }

  const grant = tokens.issue(partner, scope, Date.now());
  res.setHeader('Cache-Control', 'no-store');
  sendJson(res, 200, {
    access_token: grant.token,
    token_type: 'Bearer',
    expires_in: partner.tokenLifetimeSeconds,
  });
}
