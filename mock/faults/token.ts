/**
 * Faults of the token endpoint (spec: POST {base_url}/token, Token response, Errors, Versioning), each
 * breaking one TOKEN requirement. Faults exist so the suite can prove its worth: run against the mock
 * with one in force, the suite must fail the check of that requirement, or it has a gap.
 */

import type { Fault } from './fault.ts';
import { onSuccess, mapData, type Body, type Alter } from './reply-rewrites.ts';
import { routePaths } from '../routes/paths.ts';

/** Re-sends the token endpoint's 400 refusals carrying `code` with another status and, if given, code. */
function tokenRefusalAs(code: string, status: number, newCode?: string): Alter {
  return (reply, route) => {
    const body = reply.body as Body;
    const refused =
      route?.path === routePaths.token &&
      reply.status === 400 &&
      Array.isArray(body.data) &&
      (body.data as Body[]).some((error) => error.code === code);
    if (!refused) return reply;
    return {
      ...reply,
      status,
      body: newCode
        ? mapData(body, (error) => (error.code === code ? { ...error, code: newCode } : error))
        : body,
    };
  };
}

/** Rewrites the token endpoint's refusal of a body it cannot read (not a form, or not JSON at all). */
function unreadableBodyRefusal(change: Alter): Alter {
  return (reply, route, context, headers) => {
    const errors = (reply.body as Body).data;
    const unreadable =
      route?.path === routePaths.token &&
      reply.status === 400 &&
      Array.isArray(errors) &&
      (errors as Body[]).some((error) =>
        ['Content-Type', 'body'].includes(String((error.source as Body | undefined)?.parameter)),
      );
    return unreadable ? change(reply, route, context, headers) : reply;
  };
}

export const tokenFaults = [
  {
    name: 'token-scope-prefix-matched',
    requirement: 'TOKEN-14',
    description: 'a scope is matched by its start: SERVER_ACCESS_ADMIN gets a SERVER_ACCESS token',
  },
  {
    name: 'token-retired-version-client-scope-accepted',
    requirement: 'TOKEN-09',
    description: 'a retired version is refused for SERVER_ACCESS only: with CLIENT_ACCESS it gets a token',
  },
  {
    name: 'token-client-scope-refused',
    requirement: 'TOKEN-02',
    description: 'POST /token refuses scope CLIENT_ACCESS',
  },
  {
    name: 'token-type-lowercase',
    requirement: 'TOKEN-04',
    description: 'token_type is "bearer" instead of "Bearer"',
    alter: onSuccess(routePaths.token, (body) => ({ ...body, token_type: 'bearer' })),
  },
  {
    name: 'token-expires-in-string',
    requirement: 'TOKEN-05',
    description: 'expires_in is a string instead of a number',
    alter: onSuccess(routePaths.token, (body) => ({ ...body, expires_in: String(body.expires_in) })),
  },
  {
    name: 'token-version-ignored',
    requirement: 'TOKEN-09',
    description: 'an unsupported older version gets a token',
  },
  {
    name: 'token-missing-authorization-accepted',
    requirement: 'TOKEN-10',
    description: 'POST /token without Authorization gets a token',
  },
  {
    name: 'token-malformed-authorization-accepted',
    requirement: 'TOKEN-11',
    description: 'POST /token with a non-Basic Authorization gets a token',
  },
  {
    name: 'token-unknown-key-accepted',
    requirement: 'TOKEN-12',
    description: 'an unknown API key gets a token',
  },
  {
    name: 'token-disabled-partner-issued',
    requirement: 'TOKEN-17',
    description: "a temporarily disabled partner's API key gets a token",
  },
  {
    name: 'token-deleted-partner-issued',
    requirement: 'TOKEN-18',
    description: "a deleted partner's API key gets a token",
  },
  {
    name: 'token-missing-scope-wrong-code',
    requirement: 'TOKEN-13',
    description: 'POST /token without scope is refused with 400 invalid-grant instead of invalid-request',
  },
  {
    name: 'token-unsupported-scope-accepted',
    requirement: 'TOKEN-14',
    description: 'POST /token with an unknown scope gets a token',
  },
  {
    name: 'token-json-body-wrong-code',
    requirement: 'TOKEN-15',
    description: 'POST /token refuses a body that is not a form with code parameter-not-valid',
    collateral: [
      {
        requirement: 'TOKEN-22',
        reason:
          'the body that is not JSON at all is a body that is not a form too, refused with the same wrong code',
      },
    ],
    alter: unreadableBodyRefusal((reply) => ({
      ...reply,
      body: mapData(reply.body as Body, (error) => ({ ...error, code: 'parameter-not-valid' })),
    })),
  },
  {
    name: 'token-body-refused-415',
    requirement: 'TOKEN-22',
    description: 'POST /token refuses a body that is not a form with 415 instead of 400 invalid-request',
    collateral: [
      {
        requirement: 'TOKEN-15',
        reason: 'a JSON body is a body that is not a form too, refused with the same 415',
      },
    ],
    alter: unreadableBodyRefusal((reply) => ({ ...reply, status: 415 })),
  },
  {
    name: 'token-expires-in-zero',
    requirement: 'TOKEN-06',
    description: 'a freshly issued token reports expires_in 0',
    alter: onSuccess(routePaths.token, (body) => ({ ...body, expires_in: 0 })),
  },
  {
    name: 'token-grant-type-invalid-request',
    requirement: 'TOKEN-16',
    description:
      'grant_type client_credentials is taken, and another grant_type is refused with invalid-request, the code the token table keeps for values "other than grant type"',
  },
  {
    name: 'token-grant-type-wrong-code',
    requirement: 'TOKEN-16',
    description: 'an unsupported grant_type is refused with code invalid-grant',
  },
  {
    name: 'token-unauthorized-client-returned',
    requirement: 'TOKEN-20',
    description: 'an unknown API key is refused with the retired code unauthorized-client',
    collateral: [
      {
        requirement: 'TOKEN-12',
        reason:
          "the unknown key's refusal carries the retired code, which is none of the rows an unknown key may get",
      },
    ],
    alter: tokenRefusalAs('invalid-grant', 400, 'unauthorized-client'),
  },
  {
    name: 'token-invalid-client-returned',
    requirement: 'TOKEN-21',
    description: 'an unknown API key is refused with the retired 401 invalid-client',
    collateral: [
      {
        requirement: 'TOKEN-12',
        reason:
          "the unknown key's refusal is the retired 401, which is none of the rows an unknown key may get",
      },
    ],
    alter: tokenRefusalAs('invalid-grant', 401, 'invalid-client'),
  },
  {
    name: 'token-server-access-201',
    requirement: 'TOKEN-01',
    description: 'POST /token answers 201 instead of 200 for scope SERVER_ACCESS',
  },
  {
    name: 'token-access-token-empty',
    requirement: 'TOKEN-03',
    description: 'access_token is an empty string',
    alter: onSuccess(routePaths.token, (body) => ({ ...body, access_token: '' })),
  },
  {
    name: 'token-supported-version-refused',
    requirement: 'TOKEN-08',
    // Every token request the suite sends carries the supported version: refusing it refuses them all.
    collateral: [
      {
        requirement: 'TOKEN-01',
        reason: 'a SERVER_ACCESS token request with the supported version is refused',
      },
      {
        requirement: 'TOKEN-02',
        reason: 'a CLIENT_ACCESS token request with the supported version is refused',
      },
    ],
    description: 'the supported version in the version header is refused with parameter-not-valid',
  },
  {
    name: 'token-403-without-access-denied',
    requirement: 'TOKEN-17',
    description: 'an unknown API key is refused with 403 and code invalid-grant',
    collateral: [
      {
        requirement: 'TOKEN-12',
        reason: "the unknown key's refusal is a 403, which is none of the rows an unknown key may get",
      },
    ],
    alter: tokenRefusalAs('invalid-grant', 403),
  },
  {
    name: 'token-404-without-parameter-not-valid',
    requirement: 'TOKEN-18',
    description: 'an unknown API key is refused with 404 and code resource-not-found',
    collateral: [
      {
        requirement: 'TOKEN-12',
        reason:
          "the unknown key's 404 carries resource-not-found, which is none of the rows an unknown key may get",
      },
    ],
    alter: tokenRefusalAs('invalid-grant', 404, 'resource-not-found'),
  },
  {
    name: 'token-500-without-internal-server-error',
    requirement: 'TOKEN-19',
    description: 'invalid-request refusals of the token endpoint are 500 with code server-error',
    collateral: [
      {
        requirement: 'TOKEN-13',
        reason: 'a request without scope is one of the invalid-request refusals the fault turns into a 500',
      },
      {
        requirement: 'TOKEN-14',
        reason: 'an unsupported scope is one of the invalid-request refusals the fault turns into a 500',
      },
      {
        requirement: 'TOKEN-15',
        reason: 'a JSON body is one of the invalid-request refusals the fault turns into a 500',
      },
      {
        requirement: 'TOKEN-22',
        reason: 'a malformed body is one of the invalid-request refusals the fault turns into a 500',
      },
    ],
    alter: tokenRefusalAs('invalid-request', 500, 'server-error'),
  },
] as const satisfies readonly Fault[];
