/**
 * Faults of the error list every refusal carries (spec: Error list, Errors), each breaking one ERR
 * requirement by rewriting every error reply. Faults exist so the suite can prove its worth: run against
 * the mock with one in force, the suite must fail the check of that requirement, or it has a gap.
 */

import type { Fault } from './index.ts';
import { mapData, type Body, type Alter } from './reply-rewrites.ts';

/** Rewrites every error reply. */
function onError(change: (body: Body) => unknown, status?: number): Alter {
  return (reply) =>
    reply.status >= 400
      ? { ...reply, status: status ?? reply.status, body: change(reply.body as Body) }
      : reply;
}

/** The parameters the mock names when it cannot read a request body (mock/server.ts, readBody). */
const bodyParameters = new Set(['body', 'Content-Type']);

export const errorFaults = [
  {
    name: 'error-invalid-body-500',
    requirement: 'ERR-11',
    description:
      'a request body the endpoint cannot read (not JSON, or not its content type) is answered 500 internal-server-error',
    alter: (reply) => {
      const errors = (reply.body as Body).data;
      const unreadable =
        (reply.status === 400 || reply.status === 415) &&
        Array.isArray(errors) &&
        (errors as Body[]).some((error) =>
          bodyParameters.has(String((error.source as Body | undefined)?.parameter)),
        );
      if (!unreadable) return reply;
      const body = mapData(reply.body as Body, (error) => ({ ...error, code: 'internal-server-error' }));
      return { ...reply, status: 500, body };
    },
  },
  {
    name: 'error-status-200',
    requirement: 'ERR-01',
    description: 'refusals are answered with status 200 and an error list',
    alter: onError((body) => body, 200),
  },
  {
    name: 'error-list-type-wrong',
    requirement: 'ERR-02',
    description: 'error lists carry type "errors"',
    alter: onError((body) => ({ ...body, type: 'errors' })),
  },
  {
    name: 'error-list-without-correlation-id',
    requirement: 'ERR-03',
    description: 'error lists carry no correlationId',
    alter: onError(({ correlationId: _correlationId, ...body }) => body),
  },
  {
    name: 'error-data-not-array',
    requirement: 'ERR-05',
    description: 'an error list holds its error object directly instead of an array',
    alter: onError((body) => ({ ...body, data: (body.data as unknown[])[0] })),
  },
  {
    name: 'error-object-type-missing',
    requirement: 'ERR-07',
    description: 'error objects carry no type',
    alter: onError((body) => mapData(body, ({ type: _type, ...error }) => error)),
  },
  {
    name: 'error-object-code-missing',
    requirement: 'ERR-08',
    description: 'error objects carry no code',
    alter: onError((body) => mapData(body, ({ code: _code, ...error }) => error)),
  },
  {
    name: 'error-source-parameter-not-string',
    requirement: 'ERR-09',
    description: 'source.parameter is an array holding the parameter name',
    alter: onError((body) =>
      mapData(body, (error) => ({ ...error, source: { parameter: [(error.source as Body).parameter] } })),
    ),
  },
] as const satisfies readonly Fault[];
