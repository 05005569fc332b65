import type { Exchange } from '../client/exchange.ts';
import { violationsOf } from './resource.ts';
import { describeAnswer, describeRequest, expectThat, Finding } from './findings.ts';
import { formatViolations } from '../validation/validator.ts';

export interface ExpectedError {
  /** Statuses the spec allows for this refusal; where it gives none, the caller passes the tolerant set. */
  status: number[];
  /** Codes the spec fixes for this refusal (token table, enrich); omitted where codes are not shown. */
  code?: string[];
  /** The parameter `source.parameter` must name, where the spec says it does. */
  parameter?: string;
}

/**
 * A refusal in the spec's shape (spec: Errors, Error list): one of the allowed statuses, an error-list
 * body, and where the spec fixes them, the code and the offending parameter.
 */
export function expectErrorList(exchange: Exchange, expected: ExpectedError): void {
  const status = exchange.response?.status;
  if (status === undefined || !expected.status.includes(status)) {
    throw new Finding(
      `${describeRequest(exchange)}: expected a refusal with status ${expected.status.join(' or ')}, got ${describeAnswer(exchange)}`,
      exchange,
    );
  }
  const violations = violationsOf(exchange.response?.body, 'error-list');
  if (violations.length > 0) {
    throw new Finding(
      `${describeRequest(exchange)}: the ${status} body is not an error list:\n${formatViolations(violations)}`,
      exchange,
    );
  }
  const errors = (exchange.response?.body as { data: { code: string; source?: { parameter?: string } }[] })
    .data;
  if (expected.code) {
    const codes = errors.map((e) => e.code);
    expectThat(
      codes.some((c) => expected.code?.includes(c)),
      `expected error code ${expected.code.join(' or ')}, got ${codes.join(', ')}`,
      exchange,
    );
  }
  if (expected.parameter) {
    const named = errors.map((e) => e.source?.parameter);
    expectThat(
      named.includes(expected.parameter),
      `expected source.parameter "${expected.parameter}", got ${JSON.stringify(named)}`,
      exchange,
    );
  }
}

/**
 * Statuses accepted where the spec shows none (DESIGN.md, principle 1): a refused token may be 401 or
 * 403, an unknown id 400 or 404, an invalid body any client error but those two meanings.
 */
export const refusalStatuses = {
  unauthenticated: [401, 403],
  unknownId: [400, 404],
  invalidInput: [400, 409, 415, 422],
} as const;
