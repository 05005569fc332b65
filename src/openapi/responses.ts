import { mockMaxBodyBytes } from '../operations/body-limit.ts';
import type { Operation } from '../operations/table.ts';
import { componentPointer, successSchema } from './components.ts';
import type { OperationDescription } from './descriptions.ts';

const errorListContent = { 'application/json': { schema: { $ref: componentPointer('ErrorList') } } };

/**
 * The refusals a route gives for what it is rather than for what its handler checks: the mock's edges
 * (mock/server.ts, mock/auth.ts, the send path's variants), by status. Each is declared on every operation
 * it can reach, so a client sees every status an operation may answer, not a bare fallback.
 */
function edgeRefusals(route: Operation): [number, string][] {
  const refusals: [number, string][] = [];
  if (route.auth === 'bearer') {
    refusals.push(
      [
        401,
        'A missing, malformed, unknown or expired bearer token ("Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`"; "after expiry the application requests a new one"): `invalid-grant`.',
      ],
      [
        403,
        'The same refusal of the bearer token from a service that answers 403 (the spec shows no status; the mock does under its `refusalStatuses.unauthenticated` variant).',
      ],
    );
  }
  if (route.path.includes('/:')) {
    refusals.push(
      [
        404,
        'An identifier of the path that names nothing ("Error when the identifier is not valid"): `resource-not-found` naming the placeholder.',
      ],
      [
        400,
        'An identifier of the path that names nothing, from a service that answers 400 `parameter-not-valid` (the spec shows no status; the mock does under its `refusalStatuses.unknownId` variant).',
      ],
    );
  }
  if (route.body) {
    refusals.push([
      413,
      `A body over ${mockMaxBodyBytes / 1024} KiB (the mock's limit; the spec shows none): \`payload-too-large\`.`,
    ]);
  }
  if (route.body === 'json') {
    refusals.push(
      [415, 'A body that is not `application/json`: `parameter-not-valid` naming `Content-Type`.'],
      [400, 'A body that is not JSON: `parameter-not-valid` naming `body`.'],
      [
        422,
        'A body that is not JSON, from a service that answers 422 (the spec shows no status; the mock does under its `errors.malformedBodyStatus` variant).',
      ],
    );
  }
  if (route.body === 'form') {
    refusals.push([
      400,
      'A body that is not `application/x-www-form-urlencoded`: `invalid-request` ("malformed request"), not 415, since the token table makes a malformed request a 400.',
    ]);
  }
  refusals.push([
    429,
    '"Rate limits: not shown": a service that limits the rate answers 429 with `Retry-After` (the mock does under its `rateLimit` variant, before routing and authentication).',
  ]);
  return refusals;
}

/**
 * The responses of an operation: its success, every refusal its route can give (the handler's and the
 * edges'), each with the error list, and a `default` error list for what no status names (a 500 from an
 * unexpected condition, a 503 of a failing environment).
 */
export function operationResponses(
  route: Operation,
  operation: OperationDescription,
): Record<string, unknown> {
  const byStatus = new Map<number, string[]>();
  const handler = Object.entries(operation.refusals ?? {}).map(
    ([status, why]) => [Number(status), why] as const,
  );
  for (const [status, why] of [...handler, ...edgeRefusals(route)]) {
    byStatus.set(status, [...(byStatus.get(status) ?? []), why]);
  }
  const schema = successSchema(route.success);
  const responses: Record<string, unknown> = {
    [route.success.status]: {
      description: operation.success,
      ...(schema ? { content: { 'application/json': { schema } } } : {}),
    },
  };
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const reasons = byStatus.get(status) as string[];
    responses[status] = {
      description: reasons.length === 1 ? reasons[0] : reasons.map((why) => `- ${why}`).join('\n'),
      content: errorListContent,
      ...(status === 429
        ? {
            headers: {
              'Retry-After': {
                description: 'When to try again: delay-seconds or an HTTP-date (RFC 9110, 10.2.3).',
                schema: { type: 'string' },
              },
            },
          }
        : {}),
    };
  }
  responses.default = {
    description:
      'Any other refusal (500 `internal-server-error` for an "unexpected condition", 503 from a failing environment, …): "An error response has a valid HTTP status and the error list body" (spec: Errors).',
    content: errorListContent,
  };
  return responses;
}
