import type { Exchange } from '../../src/client/exchange.ts';
import { errorCodes } from '../../src/checks/error-body.ts';
import { expectErrorListBody } from '../../src/checks/error-list.ts';
import { describeAnswer, describeRequest, Finding } from '../../src/checks/findings.ts';
import { violationsOf } from '../../src/checks/resource.ts';

/**
 * The refusal expectations of the token and auth suites: a refusal with the statuses and codes the spec
 * fixes, and a token accepted. Here rather than in the token group's support so the auth group's suite
 * imports no other group's.
 */

export interface ExpectedRefusal {
  /** What was wrong with the request, for the message. */
  what: string;
  status: readonly number[];
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
  const wanted = `status ${expected.status.join(' or ')}${expected.code ? ` with code ${expected.code.join(' or ')}` : ''}`;
  const status = exchange.response?.status;
  if (status === undefined || !expected.status.includes(status)) {
    const codes = errorCodes(exchange.response?.body);
    throw new Finding(
      `${describeRequest(exchange)} (${expected.what}): expected a refusal with ${wanted}, got ${
        codes.length > 0 ? `${status} with code ${codes.join(', ')}` : describeAnswer(exchange)
      }`,
      exchange,
    );
  }
  if (expected.code) {
    const codes = errorCodes(exchange.response?.body);
    if (!codes.some((c) => expected.code?.includes(c))) {
      throw new Finding(
        `${describeRequest(exchange)} (${expected.what}): expected ${wanted}, got ${status} with ${
          codes.length > 0 ? `code ${codes.join(', ')}` : `no error code: ${describeAnswer(exchange)}`
        }`,
        exchange,
      );
    }
  }
  if (expected.errorList) expectErrorListBody(exchange, violationsOf(exchange.response?.body, 'error-list'));
}

/** Whether a request passed authentication: any answer but 401 or 403. */
export function tokenAccepted(exchange: Exchange): boolean {
  const status = exchange.response?.status;
  return status !== undefined && status !== 401 && status !== 403;
}

/** Throws a Finding unless the request passed authentication (tokenAccepted). */
export function expectAccepted(exchange: Exchange, what: string): void {
  if (tokenAccepted(exchange)) return;
  throw new Finding(
    `${describeRequest(exchange)} (${what}): expected the token to be accepted (any status but 401 or 403), got ${describeAnswer(exchange)}`,
    exchange,
  );
}
