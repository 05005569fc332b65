import type { Exchange } from '../../src/http/exchange.ts';
import { describeRequest, Failure } from '../../src/checks/failures.ts';
import { brokenRequirements, violationsOf } from '../../src/checks/resource.ts';
import { formatViolations } from '../../src/validation/validator.ts';
import { expectRefusal, type ExpectedRefusal } from '../shared/refusals.ts';

/**
 * The token suite's own refusal expectation; the token requests and the refusal expectations it shares
 * with the auth suite are in suites/shared/token.ts and suites/shared/refusals.ts.
 */

/**
 * Where a reading of the spec lets the service accept what it may also refuse (a default scope, a JSON
 * body, an ignored field): a 200 with a token response, or the refusal expected.
 */
export function expectRefusalOrToken(exchange: Exchange, expected: ExpectedRefusal): void {
  if (exchange.response?.status === 200) {
    const problems = violationsOf(exchange.response.body, 'token');
    if (problems.length === 0) return;
    // An acceptance is judged as any token response: each violation fails the requirement that governs
    // its location (a string expires_in is TOKEN-05's), not the refusal this request might have had.
    throw new Failure(
      `${describeRequest(exchange)} (${expected.what}): accepted with 200, but the body is not a token response:\n${formatViolations(problems)}`,
      exchange,
      brokenRequirements('token', problems),
    );
  }
  expectRefusal(exchange, { ...expected, what: `${expected.what}; else 200 with a token response` });
}
