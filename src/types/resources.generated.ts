/* Generated from schemas/ by `npm run gen:types`; do not edit. test/generated-types.test.ts fails when stale. */

/**
 * Every resource and request body, by name; exists only to declare each type once.
 */
export interface Resources {
  token?: TokenResponse;
}
/**
 * Body of a successful POST /token (spec: Token response).
 */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  /**
   * Seconds left before the token becomes invalid; a token with no time left is useless, so it must be positive.
   */
  expires_in: number;
  [k: string]: unknown | undefined;
}
