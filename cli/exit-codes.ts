/** The exit codes (docs/design.md#exit-codes), shared by every command. */
export const exitCodes = { ok: 0, failed: 1, usage: 2, unreachable: 3, incomplete: 4 } as const;

/**
 * The exit code of a judged run (`run`, `merge-reports`): 1 when it does not conform, 4 when it is
 * incomplete and `--allow-incomplete` was not given, else 0.
 */
export function verdictExitCode(
  verdict: 'conformant' | 'nonconformant' | 'incomplete',
  allowIncomplete: boolean,
): number {
  if (verdict === 'nonconformant') return exitCodes.failed;
  if (verdict === 'incomplete' && !allowIncomplete) return exitCodes.incomplete;
  return exitCodes.ok;
}
