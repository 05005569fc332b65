/** POST /users. */
import { randomUUID } from 'node:crypto';
import { invalidParameter, missingParameter } from '../errors.ts';
import { optionalString, readJsonObject, sendJson } from '../http.ts';
import type { Context } from '../http.ts';
import type { User } from '../model.ts';
import { presentUser } from '../present.ts';

/** Pragmatic shape check: one @, no spaces, a dot in the domain, RFC 5321 length cap. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MAX_EMAIL_LENGTH = 254;
/** E.164: a plus, a country code not starting with 0, at most 15 digits in all, no separators. */
const MOBILE = /^\+[1-9]\d{7,14}$/;
const MAX_NAME_LENGTH = 100;

function optionalName(body: Record<string, unknown>, name: string): string | undefined {
  const value = optionalString(body, name);
  if (value !== undefined && value.length > MAX_NAME_LENGTH) {
    throw invalidParameter(name, `${name} must hold at most ${MAX_NAME_LENGTH} characters.`);
  }
  return value;
}

export async function postUser(ctx: Context): Promise<void> {
  const body = await readJsonObject(ctx.req, false);
  const email = optionalString(body, 'email');
  const mobile = optionalString(body, 'mobile');
  if (email === undefined && mobile === undefined) {
    throw missingParameter('email', 'Either email or mobile is required.');
  }
  if (email !== undefined && (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email))) {
    throw invalidParameter('email', 'email is not a valid e-mail address.');
  }
  if (mobile !== undefined && !MOBILE.test(mobile)) {
    throw invalidParameter('mobile', 'mobile must be in international format, e.g. +61412345678.');
  }
  const user: User = {
    id: randomUUID(),
    email,
    mobile,
    firstName: optionalName(body, 'firstName'),
    lastName: optionalName(body, 'lastName'),
    connectionIds: [],
  };
  ctx.world.users.set(user.id, user);
  sendJson(ctx.res, 201, presentUser(ctx.baseUrl, user));
}
