import { randomUUID } from 'node:crypto';
import { parameterNotValid } from '../errors.ts';
import { userResource } from '../representations.ts';
import type { Route } from '../router.ts';
import type { UserRecord } from '../state.ts';

/** `+<country-code><number>`: a plus, then 7 to 15 digits in all, the E.164 limits (spec: User, mobile). */
const internationalMobile = /^\+[1-9][0-9]{6,14}$/;
const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw parameterNotValid(field, `${field} must be a string`);
  return value;
}

/** POST /users (spec: Endpoints > POST {base_url}/users): email or mobile required; 201 with the user. */
export const createUser: Route = {
  method: 'POST',
  path: '/users',
  auth: 'bearer',
  body: 'json',
  handle(request, context) {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw parameterNotValid('body', 'the body must be a JSON object');
    }
    const fields = body as Record<string, unknown>;
    const user: UserRecord = { id: randomUUID() };
    const mail = optionalString(fields, 'email');
    const mobile = optionalString(fields, 'mobile');
    if (mail === undefined && mobile === undefined && !context.fault('users-neither-accepted')) {
      throw parameterNotValid('email', 'email or mobile is required');
    }
    if (
      mail !== undefined &&
      !email.test(mail) &&
      !(mail === '' && context.fault('users-empty-email-accepted'))
    ) {
      throw parameterNotValid('email', 'email is not a valid e-mail address');
    }
    if (mobile !== undefined && !internationalMobile.test(mobile)) {
      throw parameterNotValid('mobile', 'mobile must be in international format +<country-code><number>');
    }
    if (mail === undefined && mobile !== undefined && context.fault('users-mobile-only-refused')) {
      throw parameterNotValid('email', 'email is required');
    }
    if (
      (fields.firstName !== undefined || fields.lastName !== undefined) &&
      context.fault('users-names-refused')
    ) {
      throw parameterNotValid(fields.firstName !== undefined ? 'firstName' : 'lastName', 'unknown member');
    }
    if (mail !== undefined) user.email = mail;
    if (mobile !== undefined) user.mobile = mobile;
    const firstName = optionalString(fields, 'firstName');
    const lastName = optionalString(fields, 'lastName');
    if (firstName !== undefined) user.firstName = firstName;
    if (lastName !== undefined) user.lastName = lastName;
    context.state.addUser(user);
    return { status: 201, body: userResource(user, context) };
  },
};
