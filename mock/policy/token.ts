import type { TokenVariants } from '../variants/types.ts';
import type { PolicyInputs } from './inputs.ts';

/**
 * How POST /token answers, its API-key check (auth.ts) included: the spec's rules, as the readings read
 * them and the faults bend them.
 */
export interface TokenPolicy {
  /** Whether a request without Authorization, or with one that is no Basic credential, is refused. */
  missingAuthorizationRefused: boolean;
  malformedAuthorizationRefused: boolean;
  /** Whether an API key the service does not know is refused. */
  unknownKeyRefused: boolean;
  /**
   * A temporarily disabled partner's key (test-credentials.ts, partnerApiKeys): refused by its own row
   * (403 access-denied), refused as a key the service does not know, or given a token.
   */
  disabledPartner: 'access-denied' | 'unknown-key' | 'issued';
  /** A deleted partner's key: refused by its own row (404 parameter-not-valid), as an unknown key, or given a token. */
  deletedPartner: 'parameter-not-valid-404' | 'unknown-key' | 'issued';
  /** A version the service does not support: refused, or taken. */
  unsupportedVersion: 'refused' | 'taken';
  /** A retired version: refused for every scope, or for SERVER_ACCESS only. */
  retiredVersionRefused: 'every-scope' | 'server-access-only';
  /** Whether a supported version is taken. */
  supportedVersionTaken: boolean;
  /** The key sent as the spec writes it is taken, or only as base64 of "key:" (so never). */
  keyAsWritten: 'taken' | 'refused';
  scope: {
    /** No scope: refused with invalid-request, taken as SERVER_ACCESS, or refused with invalid-grant. */
    missing: 'invalid-request' | 'server-access' | 'invalid-grant';
    /** Scope names compared exactly, or without letter case. */
    letterCase: 'exact' | 'insensitive';
    /** A scope named by its whole name, or by its start (SERVER_ACCESS_ADMIN read as SERVER_ACCESS). */
    match: 'whole' | 'prefix';
    /** Whether a scope the service does not know is refused. */
    unknownRefused: boolean;
    /** Whether CLIENT_ACCESS is taken. */
    clientAccessTaken: boolean;
  };
  /**
   * Another grant_type: refused as unsupported (or with another code), or ignored; `field-refused`: the
   * field itself, whatever grant it names, refused as no parameter of the token request (invalid-request).
   */
  otherGrantType:
    'unsupported-grant-type' | 'invalid-request' | 'invalid-grant' | 'ignored' | 'field-refused';
  /** A live token asked for again: a fresh one, or the same one (its seconds counting down, or renewed). */
  reuse: 'fresh' | NonNullable<TokenVariants['reuse']>;
  /** Whether the last token issued for the key and scope is handed out again, live or not. */
  lastReissued: boolean;
  /** A token lives its lifetime divided by this (1: the whole of it). */
  lifetimeDivisor: number;
  /** expires_in: the seconds the token has, or one second whatever it has. */
  expiresIn: 'lifetime' | 'one-second';
  /** The status of a SERVER_ACCESS token. */
  serverAccessStatus: 200 | 201;
}

export function tokenPolicy({ variants: all, fault }: PolicyInputs): TokenPolicy {
  const variants = all.token ?? {};
  return {
    missingAuthorizationRefused: !fault('token-missing-authorization-accepted'),
    malformedAuthorizationRefused: !fault('token-malformed-authorization-accepted'),
    unknownKeyRefused: !fault('token-unknown-key-accepted'),
    disabledPartner: fault('token-disabled-partner-issued')
      ? 'issued'
      : (variants.disabledKey ?? 'access-denied'),
    deletedPartner: fault('token-deleted-partner-issued')
      ? 'issued'
      : (variants.deletedKey ?? 'parameter-not-valid-404'),
    unsupportedVersion: fault('token-version-ignored') ? 'taken' : 'refused',
    retiredVersionRefused: fault('token-retired-version-client-scope-accepted')
      ? 'server-access-only'
      : 'every-scope',
    supportedVersionTaken: !fault('token-supported-version-refused'),
    keyAsWritten: fault('token-api-key-base64-only') ? 'refused' : 'taken',
    scope: {
      missing:
        variants.missingScope === 'server-access'
          ? 'server-access'
          : fault('token-missing-scope-wrong-code')
            ? 'invalid-grant'
            : 'invalid-request',
      letterCase: variants.scopeCase ?? 'exact',
      match: fault('token-scope-prefix-matched') ? 'prefix' : 'whole',
      unknownRefused: !fault('token-unsupported-scope-accepted'),
      clientAccessTaken: !fault('token-client-scope-refused'),
    },
    otherGrantType:
      variants.grantType === 'invalid-request'
        ? 'field-refused'
        : (variants.grantType ??
          (fault('token-grant-type-wrong-code')
            ? 'invalid-grant'
            : fault('token-grant-type-invalid-request')
              ? 'invalid-request'
              : 'unsupported-grant-type')),
    reuse: variants.reuse ?? 'fresh',
    lastReissued: fault('token-expired-token-reissued'),
    lifetimeDivisor: fault('token-expires-early') ? 3 : 1,
    expiresIn: fault('token-expires-in-understated') ? 'one-second' : 'lifetime',
    serverAccessStatus: fault('token-server-access-201') ? 201 : 200,
  };
}
