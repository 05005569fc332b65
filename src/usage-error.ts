/**
 * A mistake of the user's (bad flag, bad file, unknown name): one line on stderr, exit 2, never a stack
 * trace. It lives below the CLI because the engine finds such mistakes too (a profile's bad field).
 */
export class UsageError extends Error {
  override name = 'UsageError';
}
