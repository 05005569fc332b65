/**
 * Faults of user creation (spec: POST {base_url}/users, User), each breaking one USERS requirement.
 * Faults exist so the suite can prove its worth: run against the mock with one in force, the suite must
 * fail the check of that requirement, or it has a gap.
 */

import type { Fault } from './fault.ts';
import { errorList, MockError, notFound } from '../errors.ts';
import { onSuccess, type Body } from './reply-rewrites.ts';
import { routePaths } from '../routes/paths.ts';

export const userFaults = [
  {
    name: 'users-self-link-of-previous',
    requirement: 'USERS-19',
    description: 'every user created carries the links.self of the user created before it',
    alter: (reply, route, context) => {
      const previous = [...context.state.users.keys()].at(-2);
      if (route?.path !== routePaths.users || reply.status !== 201 || previous === undefined) return reply;
      const body = reply.body as Body;
      return { ...reply, body: { ...body, links: { self: `${context.baseUrl}/users/${previous}` } } };
    },
  },
  {
    name: 'users-names-ascii-only',
    requirement: 'USERS-17',
    description: 'every letter of a name beyond ASCII is stored as "?": Zoë becomes Zo?',
    collateral: [
      {
        requirement: 'USERS-07',
        reason: 'a name with such letters does not come back as sent, which the SHOULD asks too',
      },
    ],
  },
  {
    name: 'users-last-name-from-first',
    requirement: 'USERS-17',
    description: 'a user created with a firstName and no lastName gets the firstName as lastName too',
  },
  {
    name: 'users-names-swapped',
    requirement: 'USERS-17',
    description: "a user is stored with firstName and lastName each in the other one's place",
    collateral: [
      {
        requirement: 'USERS-07',
        reason: 'the names sent do not come back as sent, which the SHOULD asks too',
      },
    ],
  },
  {
    name: 'users-id-reused',
    requirement: 'USERS-18',
    description: 'every user created after the first gets the id of the first one created',
  },
  {
    name: 'users-create-returns-200',
    requirement: 'USERS-01',
    description: 'POST /users answers 200 instead of 201',
    // Every creation answers 200, whatever the body: each kind of body's own 201 rule is broken too.
    collateral: [
      { requirement: 'USERS-02', reason: 'a user created with only a mobile is answered 200 too' },
      { requirement: 'USERS-06', reason: 'a user created with names is answered 200 too' },
      { requirement: 'USERS-15', reason: 'a user created with both contacts is answered 200 too' },
    ],
    alter: (reply, route) =>
      route?.path === routePaths.users && reply.status === 201 ? { ...reply, status: 200 } : reply,
  },
  {
    name: 'users-neither-accepted',
    requirement: 'USERS-03',
    description: 'a user with neither email nor mobile is created',
  },
  {
    name: 'users-empty-email-accepted',
    requirement: 'USERS-04',
    description: 'a user with an empty email is created',
  },
  {
    name: 'users-type-wrong',
    requirement: 'USERS-09',
    description: 'users carry type "customer"',
    alter: onSuccess(routePaths.users, (body) => ({ ...body, type: 'customer' })),
  },
  {
    name: 'users-mobile-only-refused',
    requirement: 'USERS-02',
    description: 'a user with a mobile number and no email is refused',
  },
  {
    name: 'users-names-refused',
    requirement: 'USERS-06',
    description: 'firstName and lastName are refused as unknown members',
  },
  {
    name: 'users-id-number',
    requirement: 'USERS-10',
    description: 'user ids are numbers',
    alter: onSuccess(routePaths.users, (body) => ({ ...body, id: 1234 })),
  },
  {
    name: 'users-mobile-national-format',
    requirement: 'USERS-11',
    description: 'mobile numbers come back in national form: 0 in place of the country code',
    alter: onSuccess(routePaths.users, (body) =>
      typeof body.mobile === 'string' ? { ...body, mobile: body.mobile.replace(/^\+\d{2}/, '0') } : body,
    ),
  },
  {
    name: 'users-self-link-missing',
    requirement: 'USERS-12',
    description: 'users carry an empty links object',
    alter: onSuccess(routePaths.users, (body) => ({ ...body, links: {} })),
  },
  {
    name: 'users-created-user-unknown',
    requirement: 'USERS-08',
    description: 'a user created through POST /users is unknown to GET /users/{user.id}/connections (404)',
    // The list's self link names its user; only users POST /users created live in the mock's state.
    alter: (reply, route, context) => {
      const self = (reply.body as { links?: { self?: string } }).links?.self ?? '';
      const userId = /\/users\/([^/]+)\/connections$/.exec(self)?.[1];
      return route?.path === routePaths.connections &&
        reply.status === 200 &&
        userId !== undefined &&
        context.state.users.has(decodeURIComponent(userId))
        ? { status: 404, body: errorList(notFound('userId', 'no such user')) }
        : reply;
    },
  },
  {
    name: 'users-national-mobile-stored',
    requirement: 'USERS-05',
    description: 'a national mobile number (04…) is accepted and stored as sent',
    collateral: [
      {
        requirement: 'USERS-16',
        reason: 'a national number sent beside a valid email is stored as sent too',
      },
    ],
  },
  {
    name: 'users-non-json-fails',
    requirement: 'USERS-13',
    description: 'a POST /users body that is not JSON is answered 500',
    collateral: [
      {
        requirement: 'ERR-11',
        reason:
          'a 5xx to input every reading refuses breaks ERR-11 (never a 5xx) as well as this requirement, which asks for a 4xx refusal',
      },
    ],
    // The refusal of a body the JSON parser rejects names the body as the offending parameter.
    alter: (reply, route) =>
      route?.path === routePaths.users &&
      reply.status === 400 &&
      ((reply.body as Body).data as { source?: { parameter?: string } }[])[0]?.source?.parameter === 'body'
        ? {
            status: 500,
            body: errorList(
              new MockError(500, 'internal-server-error', 'Internal server error', 'Unexpected token'),
            ),
          }
        : reply,
  },
  {
    name: 'users-name-number-fails',
    requirement: 'USERS-14',
    description: 'a firstName or lastName given as a number is answered 500',
    collateral: [
      { requirement: 'ERR-11', reason: 'USERS-14 is ERR-11 for these members: a 5xx breaks both' },
    ],
  },
  {
    name: 'users-both-refused',
    requirement: 'USERS-15',
    description: 'a user with both an email and a mobile number is refused',
  },
  {
    name: 'users-empty-email-beside-mobile-accepted',
    requirement: 'USERS-04',
    description: 'an empty email is accepted, and stored, when a mobile number is given beside it',
  },
  {
    name: 'users-mobile-unchecked-beside-email',
    requirement: 'USERS-16',
    description:
      'the mobile number is checked only when it is the sole contact: beside an email, one not in international format is stored as sent',
  },
  {
    name: 'users-email-type-unchecked-beside-mobile',
    requirement: 'USERS-16',
    description:
      'the email is checked for a string only when it is the sole contact: beside a mobile number, an array or an object is stored as sent',
  },
] as const satisfies readonly Fault[];
