import fc from 'fast-check';

/** The scopes the spec names (spec: Endpoints > POST {base_url}/token, Authentication > Scopes). */
export const scopes = ['SERVER_ACCESS', 'CLIENT_ACCESS'] as const;

/**
 * Scope values the spec does not name. Only capitals and underscores, so no value is a case or
 * whitespace variant of a named scope, which a lenient service might be forgiven for accepting. Why
 * invalid under every reading: scope is "one of `SERVER_ACCESS`, `CLIENT_ACCESS`" (an "unsupported
 * parameter value" of the token table), and none of these is either of them.
 */
export const unsupportedScope: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom('FULL_ACCESS', 'SERVER', 'CLIENT', 'ADMIN_ACCESS', 'SERVER_ACCESS_', '_CLIENT_ACCESS'),
    fc.stringMatching(/^[A-Z_]{1,24}$/),
  )
  .filter((scope) => !(scopes as readonly string[]).includes(scope));

/**
 * A named scope in another letter case (server_access, Client_Access): the spec writes the values in
 * capitals without saying whether the service matches them exactly or ignoring case (AMB-TOKEN-06), so
 * the checks accept both answers (refused with 400 invalid-request, or a token).
 */
export const scopeCaseVariant: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...scopes), fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }))
  .map(([scope, lower]) => [...scope].map((c, i) => (lower[i] ? c.toLowerCase() : c)).join(''))
  .filter((scope) => !(scopes as readonly string[]).includes(scope));
