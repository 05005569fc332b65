/** Bearer tokens, scopes and the version header. */
import { randomBytes } from 'node:crypto';
import { ApiError, invalidParameter, missingParameter } from './errors.ts';
import type { Partner } from './model.ts';

export type Scope = 'SERVER_ACCESS' | 'CLIENT_ACCESS';
export const SCOPES: readonly Scope[] = ['SERVER_ACCESS', 'CLIENT_ACCESS'];

export const VERSION_HEADER = 'service-version';
export const SUPPORTED_VERSION = '2.0';
/** A retired version, handy for clients that want to see the rejection. */
export const RETIRED_VERSION = '1.0';

export interface Grant {
  token: string;
  scope: Scope;
  partner: Partner;
  expiresAtMs: number;
}

/**
 * Checks the version header. Versions are `major.minor`; older than the supported one
 * means retired (parameter-not-valid), anything else unknown is an unsupported value.
 */
export function checkVersion(value: string | undefined, required: boolean): void {
  if (value === undefined || value === '') {
    if (required) throw missingParameter(VERSION_HEADER, `The ${VERSION_HEADER} header is required.`);
    return;
  }
  if (value === SUPPORTED_VERSION) return;
  const match = /^(\d+)\.(\d+)$/.exec(value);
  const [supportedMajor, supportedMinor] = SUPPORTED_VERSION.split('.').map(Number);
  if (match && supportedMajor !== undefined && supportedMinor !== undefined) {
    const major = Number(match[1]);
    const minor = Number(match[2]);
    if (major < supportedMajor || (major === supportedMajor && minor < supportedMinor)) {
      throw invalidParameter(
        VERSION_HEADER,
        `Version ${value} is no longer supported; use ${SUPPORTED_VERSION}.`,
      );
    }
  }
  throw new ApiError(
    400,
    'invalid-request',
    'Unsupported version',
    `Version ${value} is not available; use ${SUPPORTED_VERSION}.`,
    VERSION_HEADER,
  );
}

function unauthorized(code: string, detail: string): ApiError {
  return new ApiError(401, code, 'Not authorised', detail, 'Authorization', { 'WWW-Authenticate': 'Bearer' });
}

export class TokenStore {
  private readonly grants = new Map<string, Grant>();

  issue(partner: Partner, scope: Scope, nowMs: number): Grant {
    this.prune(nowMs);
    const grant: Grant = {
      token: randomBytes(32).toString('base64url'),
      scope,
      partner,
      expiresAtMs: nowMs + partner.tokenLifetimeSeconds * 1000,
    };
    this.grants.set(grant.token, grant);
    return grant;
  }

  /** Resolves `Authorization: Bearer <token>`; the scheme name is case-insensitive as in RFC 7235. */
  authenticate(header: string | undefined, nowMs: number): Grant {
    const match = /^bearer +(\S+) *$/i.exec(header ?? '');
    const token = match?.[1];
    if (token === undefined) {
      throw unauthorized(
        'parameter-not-valid',
        'An Authorization header of the form "Bearer <token>" is required.',
      );
    }
    const grant = this.grants.get(token);
    if (!grant || grant.expiresAtMs <= nowMs) {
      this.grants.delete(token);
      throw unauthorized('invalid-grant', 'The access token is invalid, expired or revoked.');
    }
    return grant;
  }

  /** Tokens are never stored for long: expired ones are dropped whenever a new one is issued. */
  private prune(nowMs: number): void {
    for (const [token, grant] of this.grants) {
      if (grant.expiresAtMs <= nowMs) this.grants.delete(token);
    }
  }
}
