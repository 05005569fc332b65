import type { IncomingHttpHeaders } from 'node:http';
import { MockError } from './errors.ts';
import type { MockContext, Route } from './router.ts';

/**
 * Authentication (spec: Authentication, Errors). The token endpoint takes `Basic <API_KEY>` and the version
 * header; every other endpoint takes `Bearer <ACCESS_TOKEN>`. Throws the refusal the spec prescribes.
 */
export function authenticate(route: Route, headers: IncomingHttpHeaders, context: MockContext): void {
  if (route.auth === 'basic') authenticateApiKey(headers, context);
  else authenticateBearer(headers, context);
}

/** The Authorization header's credential for a scheme, or undefined when the header has another form. */
export function credential(headers: IncomingHttpHeaders, scheme: string): string | undefined {
  const match = /^(\S+) +(\S+)$/.exec(headers.authorization?.trim() ?? '');
  return match && match[1]?.toLowerCase() === scheme ? match[2] : undefined;
}

function authenticateApiKey(headers: IncomingHttpHeaders, context: MockContext): void {
  const { options } = context;
  if (headers.authorization === undefined) {
    if (!context.fault('token-missing-authorization-accepted')) {
      throw new MockError(
        400,
        'parameter-not-valid',
        'Authorization required',
        'the Authorization header is missing',
        'Authorization',
      );
    }
  } else {
    const key = credential(headers, 'basic');
    if (key === undefined) {
      if (!context.fault('token-malformed-authorization-accepted')) {
        throw new MockError(
          400,
          'parameter-not-valid',
          'Authorization not valid',
          'expected Authorization: Basic <API_KEY>',
          'Authorization',
        );
      }
    } else if (!Object.hasOwn(options.apiKeys, key) && !context.fault('token-unknown-key-accepted')) {
      throw new MockError(
        400,
        'invalid-grant',
        'Invalid grant',
        'the API key is invalid, expired or revoked',
        'Authorization',
      );
    }
  }
  const header = headers[options.versionHeader.toLowerCase()];
  const version = Array.isArray(header) ? header[0] : header;
  if (version === undefined) return;
  const unsupported =
    options.unsupportedVersions.includes(version) || !options.supportedVersions.includes(version);
  if (unsupported && !context.fault('token-version-ignored')) {
    throw new MockError(
      400,
      'parameter-not-valid',
      'Version not supported',
      `version ${version} is no longer supported`,
      options.versionHeader,
    );
  }
}

function authenticateBearer(headers: IncomingHttpHeaders, context: MockContext): void {
  if (headers.authorization === undefined && context.fault('auth-missing-accepted')) return;
  if (credential(headers, 'basic') !== undefined && context.fault('auth-basic-accepted')) return;
  const token = credential(headers, 'bearer');
  if (token === undefined) {
    throw new MockError(
      401,
      'invalid-grant',
      'Unauthorized',
      'expected Authorization: Bearer <ACCESS_TOKEN>',
      'Authorization',
    );
  }
  const issued = context.state.tokens.get(token);
  if (!issued) {
    if (context.fault('auth-unknown-token-accepted')) return;
    throw new MockError(
      401,
      'invalid-grant',
      'Invalid token',
      'the access token is not valid',
      'Authorization',
    );
  }
  if (issued.expiresAt <= Date.now() && !context.fault('auth-token-never-expires')) {
    throw new MockError(
      401,
      'invalid-grant',
      'Token expired',
      'the access token has expired',
      'Authorization',
    );
  }
}
