import type { Exchange } from '../../src/http/exchange.ts';
import { errorCodes } from '../../src/checks/error-body.ts';
import { expectErrorListBody } from '../../src/checks/error-list.ts';
import { describeAnswer, describeRequest, Failure } from '../../src/checks/failures.ts';
import { violationsOf } from '../../src/checks/resource.ts';

/**
 * The refusal expectations of the token and auth suites: a refusal with the statuses and codes the spec
 * fixes, and a token accepted. Here rather than in the token group's support so the auth group's suite
 * imports no other group's.
 */

export interface ExpectedRefusal {
  /** What was wrong with the request, for the message. */
  what: string;
  /** The statuses the spec fixes, or 'client-error' where it shows none: any 4xx but 429 (credentialRefused). */
  status: readonly number[] | 'client-error';
  /** Codes of which at least one must appear; omitted where the spec fixes none. */
  code?: readonly string[];
  /**
   * Also require an error-list body (auth refusals, whose notes name ERR-01): a malformed one fails the
   * error-list requirement it breaks, not the refusal's.
   */
  errorList?: boolean;
}

/**
 * A refusal with one of the statuses and, where the spec fixes them, one of the codes. The rest of the
 * error list's shape is left to the ERR requirements, so a token refusal fails for its own reason.
 */
export function expectRefusal(exchange: Exchange, expected: ExpectedRefusal): void {
  const statuses =
    expected.status === 'client-error'
      ? 'a client error (4xx, not 429)'
      : `status ${expected.status.join(' or ')}`;
  const wanted = `${statuses}${expected.code ? ` with code ${expected.code.join(' or ')}` : ''}`;
  const status = exchange.response?.status;
  const allowed =
    expected.status === 'client-error' ? credentialRefused(exchange) : expected.status.includes(status ?? 0);
  if (status === undefined || !allowed) {
    const codes = errorCodes(exchange.response?.body);
    throw new Failure(
      `${describeRequest(exchange)} (${expected.what}): expected a refusal with ${wanted}, got ${
        codes.length > 0 ? `${status} with code ${codes.join(', ')}` : describeAnswer(exchange)
      }`,
      exchange,
    );
  }
  if (expected.code) {
    const codes = errorCodes(exchange.response?.body);
    if (!codes.some((c) => expected.code?.includes(c))) {
      throw new Failure(
        `${describeRequest(exchange)} (${expected.what}): expected ${wanted}, got ${status} with ${
          codes.length > 0 ? `code ${codes.join(', ')}` : `no error code: ${describeAnswer(exchange)}`
        }`,
        exchange,
      );
    }
  }
  if (expected.errorList) expectErrorListBody(exchange, violationsOf(exchange.response?.body, 'error-list'));
}

/**
 * Whether a credential was refused: any client error but 429. The spec names no status for a refused
 * bearer token ("Their specific codes and statuses: not shown"), and its token table gives 400 for one
 * ("invalid-grant | 400 | the grant (for example the API key) or token is invalid, expired or revoked";
 * "parameter-not-valid | 400 | Authorization header parameter required or invalid"), so 400, 401 and 403
 * are each a reading (AMB-GEN-08), and a service that hides what it refuses may answer 404. Probes are sent
 * only where the request names resources that exist and is valid but for its credential, so a client
 * error can only be the credential's. A 429 limits the rate and says nothing of the credential.
 */
export function credentialRefused(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  return status >= 400 && status < 500 && status !== 429;
}

/**
 * Whether a request passed authentication: an answer that does not refuse its credential. A 400 or 404 to
 * a request that names a filter or an id may be about those, so only 401, 403, or a client error that
 * names the credential (the token table's invalid-grant, or Authorization as its source.parameter) refuses
 * a token that was sent.
 */
export function tokenAccepted(exchange: Exchange): boolean {
  const status = exchange.response?.status;
  if (status === undefined) return false;
  if (status === 401 || status === 403) return false;
  if (!credentialRefused(exchange)) return true;
  const errors = (exchange.response?.body as { data?: unknown } | null | undefined)?.data;
  const namesCredential = (error: unknown) => {
    const { code, source } = (error ?? {}) as { code?: unknown; source?: { parameter?: unknown } | null };
    return (
      code === 'invalid-grant' ||
      (typeof source?.parameter === 'string' && /^authorization$/i.test(source.parameter))
    );
  };
  return !(Array.isArray(errors) && errors.some(namesCredential));
}

/** Throws a Failure unless the request passed authentication (tokenAccepted). */
export function expectAccepted(exchange: Exchange, what: string): void {
  if (tokenAccepted(exchange)) return;
  throw new Failure(
    `${describeRequest(exchange)} (${what}): expected the token to be accepted (no 401 or 403, no client error naming the credential), got ${describeAnswer(exchange)}`,
    exchange,
  );
}
