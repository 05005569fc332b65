import type { IncomingHttpHeaders } from 'node:http';
import { detail, MockError, quoted } from './errors.ts';
import type { MockContext, Route } from './router.ts';
import { partnerApiKeys } from './test-credentials.ts';

/**
 * Authentication (spec: Authentication, Errors). The token endpoint takes `Basic <API_KEY>` and the version
 * header; every other endpoint takes `Bearer <ACCESS_TOKEN>`. Throws the refusal the spec prescribes.
 * `query` is the request's, which only the policy's lapses look at. `lookUp` runs the route's lookup of the
 * identifiers it names (throwing its 404 when one names nothing); where the policy says so a GET looks them
 * up before its credentials are judged.
 */
export function authenticate(
  route: Route,
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  context: MockContext,
  lookUp: () => unknown,
  params: Record<string, string> = {},
): void {
  try {
    if (route.auth === 'basic') authenticateApiKey(headers, context);
    else {
      authenticateBearer(route, headers, query, context);
      refuseOtherUsers(headers, params, context);
    }
  } catch (refusal) {
    const namesIds = route.method === 'GET' && route.path.includes('/:');
    if (namesIds && context.policy.auth.lookupFirst) lookUp();
    throw refusal;
  }
}

/** The Authorization header's credential for a scheme, or undefined when the header has another form. */
export function credential(headers: IncomingHttpHeaders, scheme: string): string | undefined {
  const match = /^(\S+) +(\S+)$/.exec(headers.authorization?.trim() ?? '');
  return match && match[1]?.toLowerCase() === scheme ? match[2] : undefined;
}

/**
 * The API key a Basic credential names: the credential itself (spec: "Basic <API_KEY>"), or where the
 * policy takes it also the key inside RFC 7617 credentials (base64 of "key:"). Undefined when unknown.
 */
export function apiKeyOf(basic: string, context: MockContext): string | undefined {
  const { apiKeys } = context.options;
  const policy = context.policy.auth.key;
  if (Object.hasOwn(apiKeys, basic) || partnerKeyTaken(basic, context)) return basic;
  if (policy.base64Too) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8').replace(/:$/, '');
    if (Object.hasOwn(apiKeys, decoded)) return decoded;
  }
  // Compared by its first eight characters, a near miss of a real key passes.
  if (policy.match === 'first-eight')
    return Object.keys(apiKeys).find((key) => key.slice(0, 8) === basic.slice(0, 8));
  return undefined;
}

function authenticateApiKey(headers: IncomingHttpHeaders, context: MockContext): void {
  const { options } = context;
  const variants = options.variants.token ?? {};
  const policy = context.policy.token;
  if (headers.authorization === undefined) {
    if (policy.missingAuthorizationRefused) {
      // Two rows fit: "Authorization header parameter required", and "required parameter missing".
      const code = variants.missingAuthorization ?? 'parameter-not-valid';
      const said = detail.missing('the Authorization header');
      throw new MockError(400, code, 'Authorization required', said, 'Authorization');
    }
  } else {
    const key = credential(headers, 'basic');
    if (key === undefined) {
      if (policy.malformedAuthorizationRefused) {
        // Two rows fit: "Authorization header parameter ... invalid", and "malformed request".
        const code = variants.malformedAuthorization ?? 'parameter-not-valid';
        const said = malformedAuthorization('Basic <API_KEY>', headers.authorization);
        throw new MockError(400, code, 'Authorization not valid', said, 'Authorization');
      }
    } else {
      const refused = partnerRefusal(key, context);
      if (refused) throw refused;
      if (apiKeyOf(key, context) === undefined && policy.unknownKeyRefused)
        throw unknownKey(variants.unknownKey);
    }
  }
  const header = headers[options.versionHeader.toLowerCase()];
  const version = Array.isArray(header) ? header[0] : header;
  if (version === undefined) {
    if (variants.versionHeader !== 'required') return;
    const said = detail.missing(`the ${options.versionHeader} header`);
    throw new MockError(400, 'parameter-not-valid', 'Version required', said, options.versionHeader);
  }
  const unsupported =
    options.unsupportedVersions.includes(version) || !options.supportedVersions.includes(version);
  // A version retired for SERVER_ACCESS only is refused by the route, which knows the scope.
  const retiredForServerOnly =
    options.unsupportedVersions.includes(version) && policy.retiredVersionRefused === 'server-access-only';
  if (unsupported && policy.unsupportedVersion === 'refused' && !retiredForServerOnly) {
    const supported = `the versions supported are ${options.supportedVersions.join(', ')}`;
    const said = options.unsupportedVersions.includes(version)
      ? `${options.versionHeader} ${quoted(version)} is no longer supported: ${supported}`
      : detail.unknown(options.versionHeader, quoted(version), supported);
    throw new MockError(400, 'parameter-not-valid', 'Version not supported', said, options.versionHeader);
  }
}

/**
 * Whether the key is a partner's whose tokens are issued: the partner not enabled for enrich, and a
 * disabled or deleted partner where a fault issues them tokens (test-credentials.ts, partnerApiKeys).
 */
function partnerKeyTaken(key: string, context: MockContext): boolean {
  const policy = context.policy.token;
  return (
    key === partnerApiKeys.nonEnrich ||
    (key === partnerApiKeys.disabled && policy.disabledPartner === 'issued') ||
    (key === partnerApiKeys.deleted && policy.deletedPartner === 'issued')
  );
}

/**
 * The refusal of a disabled or deleted partner's key, by the row the policy gives it (spec: Errors,
 * access-denied 403 "partner account temporarily disabled", parameter-not-valid 404 "partner account
 * deleted"); undefined for any other key, and for one that is issued tokens.
 */
function partnerRefusal(key: string, context: MockContext): MockError | undefined {
  const policy = context.policy.token;
  const answer =
    key === partnerApiKeys.disabled
      ? policy.disabledPartner
      : key === partnerApiKeys.deleted
        ? policy.deletedPartner
        : undefined;
  if (answer === undefined || answer === 'issued') return undefined;
  if (answer === 'unknown-key') return unknownKey(context.options.variants.token?.unknownKey);
  // The key is a secret: the detail never repeats it.
  if (answer === 'access-denied')
    return new MockError(
      403,
      'access-denied',
      'Access denied',
      'the partner account is temporarily disabled',
      'Authorization',
    );
  return new MockError(
    404,
    'parameter-not-valid',
    'Partner account deleted',
    'the partner account of this API key is deleted',
    'Authorization',
  );
}

/** The row of the token table an unknown key gets: three rows fit it (see TokenVariants.unknownKey). */
function unknownKey(reading: 'parameter-not-valid' | 'parameter-not-valid-404' | undefined): MockError {
  // The key is a secret: the detail never repeats it.
  const said = 'unknown API key: it is invalid, expired or revoked';
  if (reading === undefined)
    return new MockError(400, 'invalid-grant', 'Invalid grant', said, 'Authorization');
  const status = reading === 'parameter-not-valid-404' ? 404 : 400;
  return new MockError(status, 'parameter-not-valid', 'Authorization not valid', said, 'Authorization');
}

function authenticateBearer(
  route: Route,
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  context: MockContext,
): void {
  const policy = context.policy.auth;
  // An issued token taken from an access_token query parameter, or from the header without its scheme,
  // as a service that reads the token wherever it finds one would.
  const queried = query.get('access_token');
  if (headers.authorization === undefined && queried !== null && context.state.tokens.has(queried))
    if (policy.tokenFrom.query) return;
  const bare = headers.authorization?.trim() ?? '';
  if (context.state.tokens.has(bare) && policy.tokenFrom.headerWithoutScheme) return;
  if (headers.authorization === undefined) {
    if (policy.withoutCredential === 'every') return;
    // A next-page cursor taken for a credential: the pages after the first are anyone's.
    if (query.has('next') && policy.withoutCredential === 'next-page') return;
  }
  if (credential(headers, 'basic') !== undefined) {
    if (policy.basic === 'every') return;
    // Paged requests served from a path that takes the partner's own key as well.
    if (query.has('limit') && policy.basic === 'paged') return;
  }
  if (policy.unauthenticatedRoutes.includes(route.path)) return;
  if (/^bearer$/i.test(headers.authorization?.trim() ?? '') && policy.bearerWithoutTokenTaken) return;
  const token = credential(headers, 'bearer');
  if (token !== undefined && Object.hasOwn(context.options.apiKeys, token) && policy.apiKeyAsToken) return;
  if (token === undefined) {
    // The fault repeats the header it refuses, credential and all, as a service echoing its input would.
    const said =
      headers.authorization === undefined
        ? detail.missing('the Authorization header')
        : context.fault('auth-refusal-echoes-authorization')
          ? `expected Bearer <ACCESS_TOKEN>, got ${headers.authorization}`
          : malformedAuthorization('Bearer <ACCESS_TOKEN>', headers.authorization);
    // Under the 400 reading the token table's row for the header: "Authorization header parameter
    // required or invalid"; the send path sets the status (variants/reply.ts).
    const code =
      context.options.variants.refusalStatuses?.unauthenticated === 400
        ? 'parameter-not-valid'
        : 'invalid-grant';
    throw new MockError(401, code, 'Unauthorized', said, 'Authorization');
  }
  // Compared all but its last character, a near miss of a real token passes.
  const issued =
    context.state.tokens.get(token) ??
    (policy.token.match === 'all-but-last'
      ? [...context.state.tokens].find(([known]) => known.slice(0, -1) === token.slice(0, -1))?.[1]
      : undefined);
  if (!issued) {
    if (policy.token.unknown === 'taken') return;
    // Filtered lists served without looking the token up: the header's form is all that is checked.
    if (query.has('filter') && policy.token.unknown === 'on-filtered-lists') return;
    throw new MockError(
      401,
      'invalid-grant',
      'Invalid token',
      'unknown access token: this service did not issue it, or no longer knows it',
      'Authorization',
    );
  }
  const { leewayMs, checked } = policy.expiry;
  // Checked on reads only, an expired token still writes.
  const expiryIgnored = checked === 'never' || (route.method === 'POST' && checked === 'reads-only');
  if (issued.expiresAt + leewayMs <= Date.now() && !expiryIgnored) {
    throw new MockError(
      401,
      'invalid-grant',
      'Token expired',
      'the access token has expired: request a new one from POST /token',
      'Authorization',
    );
  }
}

/**
 * Why an Authorization header of the wrong form is refused. It holds a credential, so only its scheme is
 * repeated, and only when a credential follows it: a header of one word may be the bare key or token.
 */
function malformedAuthorization(expected: string, header: string): string {
  const words = header
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const [scheme, ...rest] = words;
  const received =
    scheme === undefined
      ? 'an empty header'
      : rest.length === 0
        ? 'a single word and no scheme'
        : `the scheme ${quoted(scheme)}` + (rest.length > 1 ? ` followed by ${rest.length} words` : '');
  return detail.malformed('the Authorization header', expected, received);
}

/** The user each token was first used for, under the fault that ties a token to it. */
const firstUsers = new Map<string, string>();

/** The fault refuses a valid token on the paths of any user but the first one it was used for. */
function refuseOtherUsers(
  headers: IncomingHttpHeaders,
  params: Record<string, string>,
  context: MockContext,
) {
  const token = credential(headers, 'bearer');
  const userId = params.userId;
  if (token === undefined || userId === undefined || !context.fault('auth-token-bound-to-first-user')) return;
  const first = firstUsers.get(token);
  if (first === undefined) firstUsers.set(token, userId);
  else if (first !== userId)
    throw new MockError(
      403,
      'access-denied',
      'Access denied',
      'this token belongs to another user',
      'Authorization',
    );
}
