/**
 * Faults of bearer authentication (spec: Authentication), each breaking one AUTH requirement: tokens
 * accepted or refused when they should not be. Faults exist so the suite can prove its worth: run
 * against the mock with one in force, the suite must fail the check of that requirement, or it has a gap.
 */

import type { MockReply } from '../router.ts';
import type { Fault } from './fault.ts';
import { routePaths } from '../routes/paths.ts';

/** A refusal in the error-list shape, for faults that refuse what the mock would serve. */
function errorReply(status: number, code: string, parameter: string): MockReply {
  const error = {
    type: 'error',
    code,
    title: 'Refused',
    detail: `refused with ${code}`,
    source: { parameter },
  };
  return { status, body: { type: 'list', correlationId: globalThis.crypto.randomUUID(), data: [error] } };
}

export const authFaults = [
  {
    name: 'auth-key-prefix-matched',
    requirement: 'AUTH-02',
    description: 'POST /token compares only the first eight characters of the API key',
  },
  {
    name: 'auth-skipped-for-jobs',
    requirement: 'AUTH-05',
    description:
      'GET /jobs/{job.id} serves existing jobs without checking credentials, and answers 404 for unknown ids',
    collateral: [
      {
        requirement: 'AUTH-06',
        reason: 'credentials left unchecked take a token nobody issued on the route as well',
      },
      { requirement: 'AUTH-07', reason: 'credentials left unchecked take the API key under Basic as well' },
      {
        requirement: 'AUTH-11',
        reason: 'credentials left unchecked take the Bearer scheme with no token as well',
      },
    ],
  },
  {
    name: 'auth-missing-accepted',
    requirement: 'AUTH-05',
    description: 'requests without Authorization are served',
  },
  {
    name: 'auth-next-page-unauthenticated',
    requirement: 'AUTH-05',
    description:
      'a request carrying a next-page cursor is served without Authorization, as if the cursor were a credential',
  },
  {
    name: 'auth-unknown-token-accepted',
    requirement: 'AUTH-06',
    description: 'a bearer token never issued is accepted',
    collateral: [
      {
        requirement: 'AUTH-07',
        reason:
          'the API key sent as a bearer token is a token the service never issued, which the fault accepts',
      },
    ],
  },
  {
    name: 'auth-filtered-list-token-unchecked',
    requirement: 'AUTH-06',
    description: "a list request with a filter takes any bearer token, checking only the header's form",
    collateral: [
      {
        requirement: 'AUTH-07',
        reason: 'the API key sent as a bearer token on a filtered list is taken unchecked too',
      },
    ],
  },
  {
    name: 'auth-basic-accepted',
    requirement: 'AUTH-07',
    description: 'the API key as Basic credentials is accepted in place of a bearer token',
  },
  {
    name: 'auth-paged-list-basic-accepted',
    requirement: 'AUTH-07',
    description:
      'a list request with a limit takes the API key as Basic credentials in place of a bearer token',
  },
  {
    name: 'auth-api-key-as-bearer-accepted',
    requirement: 'AUTH-07',
    description: 'the API key sent as "Bearer <API_KEY>" is accepted as if it were an access token',
  },
  {
    name: 'auth-token-near-miss-accepted',
    requirement: 'AUTH-06',
    description:
      'a token one character off an issued one is taken for it: only all but the last character are compared',
  },
  {
    name: 'auth-token-bound-to-first-user',
    requirement: 'AUTH-04',
    description: 'a token is refused (403) on the paths of any user but the first one it was used for',
  },
  {
    name: 'token-expires-in-understated',
    requirement: 'AUTH-09',
    description:
      "every token reports expires_in 1 while it lives its whole lifetime (an hour for the run's key)",
  },
  {
    name: 'auth-query-token-accepted',
    requirement: 'AUTH-05',
    description:
      'a request without an Authorization header is served when an access_token query parameter holds an issued token',
  },
  {
    name: 'auth-token-without-scheme-accepted',
    requirement: 'AUTH-05',
    description: 'an issued token sent as the whole Authorization header, without "Bearer", is accepted',
  },
  {
    name: 'auth-refusal-echoes-authorization',
    requirement: 'AUTH-12',
    description:
      'the refusal of an Authorization header that is not Bearer repeats the header, API key and all',
  },
  {
    name: 'auth-bearer-without-token-accepted',
    requirement: 'AUTH-11',
    description: '"Authorization: Bearer" with no token after the scheme is served',
  },
  {
    name: 'auth-token-never-expires',
    requirement: 'AUTH-09',
    description: 'tokens are accepted after expires_in has passed',
  },
  {
    name: 'auth-expiry-ignored-on-writes',
    requirement: 'AUTH-09',
    description: 'only GET requests check expiry: an expired token is still accepted by POST requests',
  },
  {
    name: 'token-api-key-base64-only',
    requirement: 'AUTH-01',
    description: 'POST /token wants base64 of "key:" after Basic and refuses the key as given',
  },
  {
    name: 'auth-bearer-refused',
    requirement: 'AUTH-03',
    description: 'every request with a bearer token, even one just issued, is refused with 401',
    collateral: [
      {
        requirement: 'AUTH-04',
        reason: "a token refused everywhere is refused on each user's resources too",
      },
    ],
    alter: (reply, route) =>
      route?.auth === 'bearer' && reply.status < 400
        ? errorReply(401, 'invalid-grant', 'Authorization')
        : reply,
  },
  {
    name: 'auth-server-token-refused-on-create',
    requirement: 'AUTH-04',
    description: 'POST /users refuses SERVER_ACCESS tokens with 403, as if they could not create',
    alter: (reply, route) =>
      route?.path === routePaths.users && reply.status === 201
        ? errorReply(403, 'access-denied', 'Authorization')
        : reply,
  },
  {
    name: 'token-expires-early',
    requirement: 'AUTH-08',
    description: 'tokens die after a third of the expires_in they report',
  },
  {
    name: 'token-expired-token-reissued',
    requirement: 'AUTH-10',
    description: "POST /token hands out the key's previous token again, even once it has expired",
  },
] as const satisfies readonly Fault[];
