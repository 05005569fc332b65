import type { Exchange } from '../client/exchange.ts';
import { preview } from '../validation/validator.ts';

/** A failed expectation about the target: the message a report shows, with the exchange that showed it. */
export class Finding extends Error {
  override name = 'Finding';
  constructor(
    message: string,
    readonly exchange?: Exchange,
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

/** Throws a Finding unless the response has one of the statuses; a transport failure never passes. */
export function expectStatus(
  exchange: Exchange,
  ...statuses: number[]
): asserts exchange is Exchange & { response: NonNullable<Exchange['response']> } {
  const status = exchange.response?.status;
  if (status !== undefined && statuses.includes(status)) return;
  throw new Finding(
    `${describeRequest(exchange)}: expected status ${statuses.join(' or ')}, got ${describeAnswer(exchange)}`,
    exchange,
  );
}

/** Throws a Finding with the exchange unless the condition holds. */
export function expectThat(condition: unknown, message: string, exchange?: Exchange): asserts condition {
  if (!condition)
    throw new Finding(exchange ? `${describeRequest(exchange)}: ${message}` : message, exchange);
}
