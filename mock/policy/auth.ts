import type { OperationPath } from '../../src/operations/table.ts';
import { routePaths } from '../routes/paths.ts';
import type { PolicyInputs } from './inputs.ts';

/**
 * How the bearer endpoints authenticate (auth.ts; the token endpoint's key check is TokenPolicy's): the
 * spec's rules, as the readings read them and the faults bend them.
 */
export interface AuthPolicy {
  /** Whether a GET whose credentials are refused looks up the ids it names first (their 404 first). */
  lookupFirst: boolean;
  key: {
    /** Whether the key inside RFC 7617 credentials (base64 of "key:") is taken too. */
    base64Too: boolean;
    /** A key compared whole, or by its first eight characters. */
    match: 'whole' | 'first-eight';
  };
  /** Where an issued token is taken from besides `Bearer <token>`. */
  tokenFrom: { query: boolean; headerWithoutScheme: boolean };
  /** Requests served without any credential: none, every one, or those asking a next page. */
  withoutCredential: 'refused' | 'every' | 'next-page';
  /** Requests served on a Basic API key: none, every one, or those asking a limit. */
  basic: 'refused' | 'every' | 'paged';
  /** Routes served without authentication. */
  unauthenticatedRoutes: readonly OperationPath[];
  /** Whether `Bearer` with no token after it is taken. */
  bearerWithoutTokenTaken: boolean;
  /** Whether an API key is taken for the access token it is exchanged for. */
  apiKeyAsToken: boolean;
  token: {
    /** A token compared whole, or all of it but its last character. */
    match: 'whole' | 'all-but-last';
    /** A token the service did not issue: refused, taken, or taken on filtered lists. */
    unknown: 'refused' | 'taken' | 'on-filtered-lists';
  };
  expiry: {
    /** How long after its expiry a token is still taken. */
    leewayMs: number;
    /** Where expiry is checked: every request, reads only, or nowhere. */
    checked: 'always' | 'reads-only' | 'never';
  };
}

export function authPolicy({ variants: all, fault }: PolicyInputs): AuthPolicy {
  const variants = all.auth ?? {};
  return {
    lookupFirst: variants.lookupFirst === true,
    key: {
      base64Too: variants.base64Key === 'also',
      match: fault('auth-key-prefix-matched') ? 'first-eight' : 'whole',
    },
    tokenFrom: {
      query: fault('auth-query-token-accepted'),
      headerWithoutScheme: fault('auth-token-without-scheme-accepted'),
    },
    withoutCredential: fault('auth-missing-accepted')
      ? 'every'
      : fault('auth-next-page-unauthenticated')
        ? 'next-page'
        : 'refused',
    basic: fault('auth-basic-accepted')
      ? 'every'
      : fault('auth-paged-list-basic-accepted')
        ? 'paged'
        : 'refused',
    unauthenticatedRoutes: fault('auth-skipped-for-jobs') ? [routePaths.job] : [],
    bearerWithoutTokenTaken: fault('auth-bearer-without-token-accepted'),
    apiKeyAsToken: fault('auth-api-key-as-bearer-accepted'),
    token: {
      match: fault('auth-token-near-miss-accepted') ? 'all-but-last' : 'whole',
      unknown: fault('auth-unknown-token-accepted')
        ? 'taken'
        : fault('auth-filtered-list-token-unchecked')
          ? 'on-filtered-lists'
          : 'refused',
    },
    expiry: {
      leewayMs: variants.expiryLeewayMs ?? 0,
      checked: fault('auth-token-never-expires')
        ? 'never'
        : fault('auth-expiry-ignored-on-writes')
          ? 'reads-only'
          : 'always',
    },
  };
}
