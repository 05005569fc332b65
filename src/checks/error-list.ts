import type { Exchange } from '../http/exchange.ts';
import type { RequirementId } from '../requirements/requirement-ids.generated.ts';
import { violationsOf } from './resource.ts';
import { checkNames, primaryRequirement, runningCheck } from './run-context.ts';
import { schemaOwnersOf } from './schema-owners.ts';
import { describeAnswer, describeRequest, expectThat, Failure } from './failures.ts';
import { formatViolations, type SchemaViolation } from '../validation/validator.ts';

export interface ExpectedError {
  /** Statuses the spec allows for this refusal; where it gives none, the caller passes the tolerant set. */
  status: number[];
  /** Codes the spec fixes for this refusal (token table, enrich); omitted where codes are not shown. */
  code?: string[];
  /** The parameter `source.parameter` must name, where the spec says it does. */
  parameter?: string;
  /**
   * The requirement an acceptance (any status below 400) breaks, where another rule than the check's
   * primary one asks for the refusal: a check of the refusal's code fails on a code, not on a 200.
   */
  refusal?: RequirementId;
}

/**
 * The error-list requirements the violations break: a member of the error list fails the requirement
 * whose schema governs it (ERR-02 … ERR-09); a body that is no error list at all fails ERR-01.
 */
function errorListBroken(violations: SchemaViolation[]): RequirementId[] {
  const named = runningCheck.getStore()?.requirements ?? [];
  return [
    ...new Set(violations.flatMap((v) => schemaOwnersOf('error-list', v, named) ?? ['ERR-01' as const])),
  ];
}

/** Throws a Failure on the error-list requirements the violations break, when there are any. */
export function expectErrorListBody(exchange: Exchange, violations: SchemaViolation[]): void {
  if (violations.length === 0) return;
  throw new Failure(
    `${describeRequest(exchange)}: the ${exchange.response?.status} body is not an error list:\n${formatViolations(violations)}`,
    exchange,
    errorListBroken(violations),
  );
}

/** The failure of an answer the client sent its request again after, its evidence that answer. */
export class RetriedAnswerFailure extends Failure {
  override name = 'RetriedAnswerFailure';
}

/**
 * Every answer the client sent a request again after (a 429, or under --retry-transient a 502, 503 or
 * 504) is an error response, which no check sees, since it judges the answer that came last: "An error
 * response has a valid HTTP status and the error list body" (spec: Errors) holds it all the same, under
 * every reading of "Rate limits: not shown" (AMB-GEN-10). `check()` runs this over every exchange of the
 * check, so a check fails the ERR requirement such an answer breaks, with that answer as its evidence.
 */
export function expectRetriedErrorLists(exchanges: readonly Exchange[]): void {
  for (const exchange of exchanges)
    exchange.retries.forEach(({ answer }, i) => {
      const violations = answer ? violationsOf(answer.body, 'error-list') : [];
      if (violations.length === 0) return;
      const answered: Exchange = { ...exchange, response: answer, retries: exchange.retries.slice(0, i) };
      throw new RetriedAnswerFailure(
        `${describeRequest(answered)}: the ${answer?.status} body, answered before the request was sent again, is not an error list:\n${formatViolations(violations)}`,
        answered,
        errorListBroken(violations),
      );
    });
}

/**
 * A refusal in the spec's shape (spec: Errors, Error list): one of the allowed statuses, an error-list
 * body, and where the spec fixes them, the code and the offending parameter. A wrong status, code or
 * parameter fails the check's own requirement; a malformed body fails the error-list requirement it breaks.
 */
export function expectErrorList(exchange: Exchange, expected: ExpectedError): void {
  const status = exchange.response?.status;
  if (status === undefined || !expected.status.includes(status)) {
    // A check that names ERR-11 probes input every reading refuses: a 5xx to it breaks that rule as well.
    const serverError = status !== undefined && status >= 500 && checkNames('ERR-11');
    const accepted = (status === undefined || status < 400) && expected.refusal;
    throw new Failure(
      `${describeRequest(exchange)}: expected a refusal with status ${expected.status.join(' or ')}, got ${describeAnswer(exchange)}`,
      exchange,
      serverError ? [primaryRequirement(), 'ERR-11'] : accepted ? [accepted] : undefined,
    );
  }
  expectErrorListBody(exchange, violationsOf(exchange.response?.body, 'error-list'));
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
 * A refusal of deliberately invalid input where the spec shows no status ("Other endpoints return an
 * error when the identifier is invalid or the request fails. Their specific codes and statuses: not
 * shown."): any 4xx with an error list. Each way to miss it fails its own rule: an acceptance fails
 * `refusal`, the requirement that asks for the refusal (the check's primary one when not given), and never
 * ERR-11; a 5xx fails `refusal` and, where the check names it, ERR-11 (never a 5xx for bad input); a
 * malformed body fails the error-list requirement it breaks. `typical` names the statuses the message expects.
 */
export function expectRefused(
  exchange: Exchange,
  typical: readonly number[] = [400, 404],
  refusal?: RequirementId,
): void {
  const status = exchange.response?.status;
  if (status !== undefined && status >= 500) {
    // A 5xx is no refusal either; where the check names ERR-11 its input is invalid under every reading,
    // so the 5xx breaks that rule too.
    const own = refusal ?? primaryRequirement();
    throw new Failure(
      `${describeRequest(exchange)}: deliberately invalid input was answered with a server error, where a client error (${typical.join(' or ')}) was due: ${describeAnswer(exchange)}`,
      exchange,
      checkNames('ERR-11') ? [own, 'ERR-11'] : [own],
    );
  }
  if (status === undefined || status < 400) {
    throw new Failure(
      `${describeRequest(exchange)}: expected a refusal with status ${typical.join(' or ')}, got ${describeAnswer(exchange)}`,
      exchange,
      refusal ? [refusal] : undefined,
    );
  }
  expectErrorListBody(exchange, violationsOf(exchange.response?.body, 'error-list'));
}

/**
 * The statuses an invalid body typically gets, for expectRefused's message: the spec shows none, so any
 * client error is accepted.
 */
export const refusalStatuses = {
  invalidInput: [400, 409, 415, 422],
} as const;
