import fc from 'fast-check';

/** The scopes the spec names (spec: Endpoints > POST {base_url}/token, Authentication > Scopes). */
export const scopes = ['SERVER_ACCESS', 'CLIENT_ACCESS'] as const;

/**
 * Scope values the spec does not name. Only capitals and underscores, so no value is a case or
 * whitespace variant of a named scope, which a lenient service might be forgiven for accepting.
 */
export const unsupportedScope: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom('FULL_ACCESS', 'SERVER', 'CLIENT', 'ADMIN_ACCESS', 'SERVER_ACCESS_', '_CLIENT_ACCESS'),
    fc.stringMatching(/^[A-Z_]{1,24}$/),
  )
  .filter((scope) => !(scopes as readonly string[]).includes(scope));
