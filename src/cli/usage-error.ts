/** A mistake of the user's (bad flag, bad file, unknown name): one line on stderr, exit 2, never a stack trace. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Exit codes of DESIGN.md, shared by every command. */
export const exitCodes = { ok: 0, failed: 1, usage: 2, unreachable: 3, incomplete: 4 } as const;
