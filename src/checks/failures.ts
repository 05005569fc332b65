import type { Exchange } from '../http/exchange.ts';
import type { RequirementId } from '../requirements/requirement-ids.generated.ts';
import { preview } from '../validation/validator.ts';

/**
 * A failed expectation about the target: the message a report shows, with the exchange that showed it,
 * and the requirements whose rule the failed assertion holds (docs/design.md#a-failure-fails-only-what-its-evidence-breaks: a failure fails
 * the requirement its evidence breaks, and no other). Without `requirements`, the failure is the
 * check's own: it fails the first requirement the check names, its primary one. Where the finding lies
 * between two requests (an entry lost or repeated where one page of a walk gives way to the next),
 * `before` is the first of them and `exchange` the second.
 */
export class Failure extends Error {
  override name = 'Failure';
  constructor(
    message: string,
    readonly exchange?: Exchange,
    readonly requirements?: readonly RequirementId[],
    readonly before?: Exchange,
  ) {
    super(message);
  }
}

/** `GET /institutions` with the query, as a report names a request. */
export function describeRequest(exchange: Exchange): string {
  const url = new URL(exchange.request.url);
  return `${exchange.request.method} ${url.pathname}${url.search}`;
}

/** What came back, in a few words: the status and the start of the body, or why nothing usable came. */
export function describeAnswer(exchange: Exchange): string {
  const { response } = exchange;
  if (!response) return exchange.failure ?? 'no answer';
  return `${response.status} ${preview(response.body ?? response.text)}`;
}

/** Throws a Failure unless the response has one of the statuses; a transport failure never passes. */
export function expectStatus(
  exchange: Exchange,
  ...statuses: number[]
): asserts exchange is Exchange & { response: NonNullable<Exchange['response']> } {
  expectStatusAmong(exchange, statuses);
}

/**
 * expectStatus for an answer the check goes on to judge: its status is the rule of `requirement`, the
 * operation's own success requirement, so a wrong one fails that requirement and the check, which has
 * nothing to judge, proves nothing of its own (it is not passed).
 */
export function expectStatusOf(
  requirement: RequirementId,
  exchange: Exchange,
  ...statuses: number[]
): asserts exchange is Exchange & { response: NonNullable<Exchange['response']> } {
  expectStatusAmong(exchange, statuses, [requirement]);
}

/** The one test of both: a status among `statuses`, or a Failure of `requirements` (the check's own). */
function expectStatusAmong(
  exchange: Exchange,
  statuses: number[],
  requirements?: RequirementId[],
): asserts exchange is Exchange & { response: NonNullable<Exchange['response']> } {
  const status = exchange.response?.status;
  if (status !== undefined && statuses.includes(status)) return;
  throw new Failure(
    `${describeRequest(exchange)}: expected status ${statuses.join(' or ')}, got ${describeAnswer(exchange)}`,
    exchange,
    requirements,
  );
}

/**
 * Throws a Failure with the exchange unless the condition holds; `requirement` names the rule the
 * condition holds where it is not the check's primary one.
 */
export function expectThat(
  condition: unknown,
  message: string,
  exchange?: Exchange,
  requirement?: RequirementId,
): asserts condition {
  if (!condition)
    throw new Failure(
      exchange ? `${describeRequest(exchange)}: ${message}` : message,
      exchange,
      requirement ? [requirement] : undefined,
    );
}
