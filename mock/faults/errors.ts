/**
 * Faults of the error list every refusal carries (spec: Error list, Errors), each breaking one ERR
 * requirement by rewriting error replies. Faults exist so the suite can prove its worth: run against the
 * mock with one in force, the suite must fail the check of that requirement, or it has a gap.
 */

import { credential } from '../auth.ts';
import type { Fault } from './fault.ts';
import { mapData, type Body, type Alter } from './reply-rewrites.ts';
import { routePaths } from '../routes/paths.ts';

/**
 * Rewrites every error reply of an endpoint. Answers to a path or method outside the interface are ERR-12's
 * and keep their error list, so a fault of the error list breaks its own requirement only.
 */
function onError(change: (body: Body) => unknown, status?: number): Alter {
  return (reply, route) =>
    route !== undefined && reply.status >= 400
      ? { ...reply, status: status ?? reply.status, body: change(reply.body as Body) }
      : reply;
}

/** Rewrites the 404 refusing an identifier of the path that names nothing (the mock's `notFound`). */
function onUnknownId(parameter: string, change: (body: Body) => unknown): Alter {
  return (reply, route) => {
    const errors = (reply.body as Body).data;
    const unknown =
      route !== undefined &&
      reply.status === 404 &&
      Array.isArray(errors) &&
      (errors as Body[]).some((error) => (error.source as Body | undefined)?.parameter === parameter);
    return unknown ? { ...reply, body: change(reply.body as Body) } : reply;
  };
}

/** The parameters the mock names when it cannot read a request body (mock/server.ts, readBody). */
const bodyParameters = new Set(['body', 'Content-Type']);

export const errorFaults = [
  {
    name: 'error-users-email-named-mobile',
    requirement: 'ERR-15',
    description:
      'a refusal of POST /users about the e-mail names mobile in source.parameter, whatever mobile was sent',
    alter: (reply, route) =>
      route?.path === routePaths.users && reply.status >= 400
        ? {
            ...reply,
            body: mapData(reply.body as Body, (error) =>
              (error.source as Body | undefined)?.parameter === 'email'
                ? { ...error, source: { ...(error.source as Body), parameter: 'mobile' } }
                : error,
            ),
          }
        : reply,
  },
  {
    name: 'error-invalid-body-500',
    requirement: 'ERR-11',
    // Every write endpoint's own refusal of a body that is not JSON says never a 5xx too.
    collateral: [
      { requirement: 'USERS-13', reason: 'POST /users must refuse a body that is not JSON with a 4xx' },
      {
        requirement: 'CONN-35',
        reason: 'a connection update must refuse a body that is not JSON with a 4xx',
      },
      { requirement: 'EXP-20', reason: 'POST expenses must refuse a body that is not JSON with a 4xx' },
    ],
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
    name: 'error-list-correlation-id-constant',
    requirement: 'ERR-14',
    description: 'every error list carries one and the same correlationId',
    collateral: [
      {
        requirement: 'ERR-04',
        reason: 'two error responses share a correlationId, which the SHOULD forbids',
      },
    ],
    alter: onError((body) => ({ ...body, correlationId: '00000000-0000-4000-8000-000000000000' })),
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
    name: 'error-detail-carries-token',
    requirement: 'ERR-08',
    description:
      "an error object's detail is an object holding its words and, for a request with an issued token, that token (a service that writes its session into its errors)",
    // On a path of the interface, as onError: the answers outside it are ERR-12's.
    alter: (reply, route, context, headers) => {
      if (route === undefined || reply.status < 400) return reply;
      const token = credential(headers, 'bearer');
      const session = token !== undefined && context.state.tokens.has(token) ? { session: token } : {};
      return {
        ...reply,
        body: mapData(reply.body as Body, (error) => ({
          ...error,
          detail: { words: error.detail, ...session },
        })),
      };
    },
  },
  {
    name: 'error-source-parameter-not-string',
    requirement: 'ERR-09',
    description: 'source.parameter is an array holding the parameter name',
    alter: onError((body) =>
      mapData(body, (error) => ({ ...error, source: { parameter: [(error.source as Body).parameter] } })),
    ),
  },
  {
    name: 'error-rate-limit-bare-body',
    requirement: 'ERR-01',
    description:
      'every fifth request of a connection is answered 429 with Retry-After and the JSON string "Too Many Requests", not an error list, and served when repeated (mock/variants/rate-limit.ts)',
  },
  {
    name: 'error-unknown-user-null-body',
    requirement: 'ERR-01',
    description: 'a path naming a user that does not exist is answered 404 with the JSON body null',
    alter: onUnknownId('user.id', () => null),
  },
  {
    name: 'error-unknown-snapshot-terse-error',
    requirement: 'ERR-08',
    description:
      'an affordability snapshot that does not exist is answered 404 with error objects carrying type and code only',
    alter: onUnknownId('affordability.id', (body) =>
      mapData(body, ({ title: _title, detail: _detail, ...error }) => error),
    ),
  },
  {
    name: 'error-content-type-text-plain',
    requirement: 'ERR-13',
    description: 'error lists are sent with Content-Type text/plain, the body still JSON',
    alter: (reply) =>
      reply.status >= 400 ? { ...reply, headers: { ...reply.headers, 'content-type': 'text/plain' } } : reply,
  },
  {
    name: 'error-unknown-route-framework-body',
    requirement: 'ERR-12',
    description:
      "a path no endpoint has is answered 404 with a web framework's own JSON (timestamp, status, error, path), not an error list",
    alter: (reply, route) =>
      route === undefined && reply.status === 404
        ? {
            status: 404,
            body: { timestamp: new Date().toISOString(), status: 404, error: 'Not Found', path: '/' },
          }
        : reply,
  },
  {
    name: 'error-wrong-method-without-correlation-id',
    requirement: 'ERR-12',
    description: 'the error list of a 405 for a method a route does not take carries no correlationId',
    alter: (reply) => {
      if (reply.status !== 405) return reply;
      const { correlationId: _correlationId, ...body } = reply.body as Body;
      return { ...reply, body };
    },
  },
] as const satisfies readonly Fault[];
