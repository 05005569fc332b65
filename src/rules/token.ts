import { decide, type Verdict } from './verdict.ts';

// Spec: Endpoints > POST {base_url}/token, the table of error answers: rows that show only when they happen,
// judged on any token-endpoint answer whose status is the row's (its codes as `codes`).

/** A row of the token endpoint's error table: a status, the code it carries, the condition it names. */
export interface TokenErrorRow {
  status: number;
  code: string;
  condition: string;
}

export const tokenErrorRows = {
  'TOKEN-17': { status: 403, code: 'access-denied', condition: 'partner account temporarily disabled' },
  'TOKEN-18': { status: 404, code: 'parameter-not-valid', condition: 'partner account deleted' },
  'TOKEN-19': { status: 500, code: 'internal-server-error', condition: 'unexpected condition' },
} as const satisfies Record<string, TokenErrorRow>;

/** TOKEN-17, TOKEN-18, TOKEN-19: an answer of the row's status carries the row's code. */
function carriesRowCode(row: TokenErrorRow, status: number, codes: readonly string[]): Verdict {
  if (status !== row.status) return undefined;
  return decide(
    codes.includes(row.code),
    () =>
      `a ${status} from the token endpoint must carry code ${row.code} (${row.condition}), got ${codes.length > 0 ? `code ${codes.join(', ')}` : 'no code'}`,
  );
}

export const accessDeniedWhenDisabled = (status: number, codes: readonly string[]): Verdict =>
  carriesRowCode(tokenErrorRows['TOKEN-17'], status, codes);
export const parameterNotValidWhenDeleted = (status: number, codes: readonly string[]): Verdict =>
  carriesRowCode(tokenErrorRows['TOKEN-18'], status, codes);
export const internalServerErrorWhenUnexpected = (status: number, codes: readonly string[]): Verdict =>
  carriesRowCode(tokenErrorRows['TOKEN-19'], status, codes);

/** TOKEN-20: the code unauthorized-client is no longer returned. */
export function noUnauthorizedClient(_status: number, codes: readonly string[]): Verdict {
  return decide(
    !codes.includes('unauthorized-client'),
    () => 'the code unauthorized-client is no longer returned',
  );
}

/** TOKEN-21: invalid-client (401) is no longer returned, neither the code nor the status. */
export function noInvalidClient(status: number, codes: readonly string[]): Verdict {
  return decide(
    status !== 401 && !codes.includes('invalid-client'),
    () =>
      `invalid-client (401) is no longer returned, got ${status} with code(s) ${codes.join(', ') || '(none)'}`,
  );
}
