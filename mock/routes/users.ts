import { randomUUID } from 'node:crypto';
import { detail, kindOf, MockError, notFound, parameterNotValid, quoted } from '../errors.ts';
import { userResource } from '../representations.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import type { UserRecord } from '../state.ts';
import type { UsersPolicy } from '../policy/users.ts';

/** `+<country-code><number>`: a plus, then 7 to 15 digits in all, the E.164 limits (spec: User, mobile). */
const internationalMobile = /^\+[1-9][0-9]{6,14}$/;
/** The shape alone, a plus and then digits, where the length is not checked. */
const internationalShape = /^\+[0-9]+$/;
const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An Australian mobile number in national form, which the policy may store as +61. */
const nationalMobile = /^04[0-9]{8}$/;

/** A refusal of POST /users: parameter-not-valid, with the policy's status. */
function refuse(parameter: string, detail: string, policy: UsersPolicy): never {
  const refusal = parameterNotValid(parameter, detail);
  throw new MockError(policy.refusalStatus, refusal.code, refusal.title, detail, parameter);
}

function optionalString(
  body: Record<string, unknown>,
  field: string,
  policy: UsersPolicy,
): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') refuse(field, detail.malformed(field, 'a string', quoted(value)), policy);
  return value;
}

/** firstName or lastName: a string, or as the policy reads it a value of another type left aside. */
function optionalName(body: Record<string, unknown>, field: string, policy: UsersPolicy): string | undefined {
  const value = body[field];
  if (value === undefined || (typeof value !== 'string' && policy.names.otherTypes === 'ignored'))
    return undefined;
  // A naive service that builds the name with string methods, and fails on a number.
  if (typeof value === 'number' && policy.names.numberFails)
    throw new MockError(
      500,
      'internal-server-error',
      'Internal server error',
      `${field}.trim is not a function`,
    );
  return optionalString(body, field, policy);
}

/** The number a user may hold for this mobile: as sent, a national one mended, or none. */
function mobileAsStored(mobile: string, policy: UsersPolicy['mobile']): string | undefined {
  if (policy.national === 'normalised' && nationalMobile.test(mobile)) return `+61${mobile.slice(1)}`;
  const international = policy.length === 'unchecked' ? internationalShape : internationalMobile;
  return international.test(mobile) ? mobile : undefined;
}

/** The mobile number as stored, or a refusal of one not in international format. */
function storedMobile(mobile: string, besideEmail: boolean, policy: UsersPolicy): string {
  const stored = mobileAsStored(mobile, policy.mobile);
  if (stored !== undefined) return stored;
  if (nationalMobile.test(mobile) && policy.mobile.national === 'as-sent') return mobile;
  if (besideEmail && !policy.mobile.checkedBesideEmail) return mobile;
  refuse(
    'mobile',
    detail.malformed('mobile', 'in international format +<country-code><number>', quoted(mobile)),
    policy,
  );
}

/** An e-mail address the mock takes: user@domain.tld, or any non-empty string. */
function wellFormedEmail(mail: unknown, policy: UsersPolicy): boolean {
  return typeof mail === 'string' && (policy.email.form === 'any' ? mail !== '' : email.test(mail));
}

/**
 * Where a malformed contact beside a valid one is left aside (AMB-USERS-08), the body without it: a
 * mobile not in international format beside a well-formed e-mail, an e-mail that is not a string beside
 * a valid mobile. An empty e-mail is named invalid and stays, to be refused.
 */
function withoutMalformedContact(fields: Record<string, unknown>, policy: UsersPolicy) {
  if (policy.contact.malformedBesideValid !== 'ignored') return fields;
  const { email: mail, mobile, ...rest } = fields;
  const mobileValid = typeof mobile === 'string' && mobileAsStored(mobile, policy.mobile) !== undefined;
  if (wellFormedEmail(mail, policy) && mobile !== undefined && !mobileValid) return { ...rest, email: mail };
  if (mobileValid && mail !== undefined && typeof mail !== 'string') return { ...rest, mobile };
  return fields;
}

/** Whether another user already holds the address (compared without case, as mail systems do). */
function emailTaken(address: string, context: MockContext): boolean {
  const wanted = address.toLowerCase();
  for (const user of context.state.users.values()) if (user.email?.toLowerCase() === wanted) return true;
  return false;
}

/** POST /users (spec: Endpoints > POST {base_url}/users): email or mobile required; 201 with the user. */
export const createUser: RouteHandler = {
  handle(request, context) {
    const body = request.body;
    const policy = context.policy.users;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      refuse('body', detail.malformed('the body', 'a JSON object', kindOf(body)), policy);
    }
    const fields = withoutMalformedContact(body as Record<string, unknown>, policy);
    // The fault gives every user after the first one created the first one's id.
    const earlier = context.fault('users-id-reused') ? context.state.users.keys().next().value : undefined;
    const user: UserRecord = { id: earlier ?? randomUUID() };
    // Unchecked beside a mobile, an e-mail of another type is stored as sent.
    const uncheckedEmail =
      fields.email !== undefined &&
      typeof fields.email !== 'string' &&
      typeof fields.mobile === 'string' &&
      !policy.email.typeCheckedBesideMobile;
    const mail = uncheckedEmail ? undefined : optionalString(fields, 'email', policy);
    const mobile = optionalString(fields, 'mobile', policy);
    if (mail === undefined && mobile === undefined && policy.contact.required) {
      refuse('email', 'email or mobile is required', policy);
    }
    const emptyTaken =
      mail === '' &&
      (policy.email.empty === 'taken' ||
        (mobile !== undefined && policy.email.empty === 'taken-beside-mobile'));
    if (mail !== undefined && !wellFormedEmail(mail, policy) && !emptyTaken) {
      refuse('email', detail.malformed('email', 'an e-mail address', quoted(mail)), policy);
    }
    const stored = mobile === undefined ? undefined : storedMobile(mobile, mail !== undefined, policy);
    if (mail === undefined && mobile !== undefined && policy.contact.emailRequired) {
      refuse('email', 'email is required', policy);
    }
    if (mail !== undefined && mobile !== undefined && !policy.contact.bothTaken) {
      refuse('mobile', 'give email or mobile, not both', policy);
    }
    if ((fields.firstName !== undefined || fields.lastName !== undefined) && !policy.names.taken) {
      refuse(fields.firstName !== undefined ? 'firstName' : 'lastName', 'unknown member', policy);
    }
    if (mail !== undefined && policy.email.duplicate === 'refused' && emailTaken(mail, context)) {
      throw new MockError(409, 'conflict', 'Conflict', 'a user with this e-mail address exists', 'email');
    }
    if (mail !== undefined) user.email = policy.email.stored === 'lower' ? mail.toLowerCase() : mail;
    if (uncheckedEmail) user.email = fields.email as string;
    if (stored !== undefined) user.mobile = stored;
    const firstName = optionalName(fields, 'firstName', policy);
    const lastName = optionalName(fields, 'lastName', policy);
    const ascii = (name: string | undefined) =>
      name !== undefined && policy.names.letters === 'ascii' ? name.replace(/[^\x20-\x7e]/g, '?') : name;
    const filled =
      lastName === undefined && policy.names.missingLastName === 'first-name' ? firstName : lastName;
    const [given, family] = (
      policy.names.stored === 'swapped' ? [filled, firstName] : [firstName, filled]
    ).map(ascii);
    if (given !== undefined) user.firstName = given;
    if (family !== undefined) user.lastName = family;
    context.state.addUser(user);
    return { status: 201, body: withAbsentMembers(userResource(user, context), policy) };
  },
};

/** The user an id names, of the world or created through POST /users; 404 when no user has the id. */
export function knownUser(userId: string | undefined, context: MockContext): UserRecord {
  const user =
    userId === undefined
      ? undefined
      : (context.state.users.get(userId) ?? context.world.users.find((u) => u.id === userId));
  if (!user) throw notFound('user.id', detail.unknown('user.id', quoted(userId), 'no user has this id'));
  return user;
}

/**
 * GET /users/{user.id}, the mock's own: where a user's links.self points. The spec shows no retrieval,
 * so the user is shown as POST /users shows it.
 */
export const getUser: RouteHandler = {
  handle(request, context) {
    const user = knownUser(request.params.userId, context);
    return { status: 200, body: withAbsentMembers(userResource(user, context), context.policy.users) };
  },
};

/** Members the user was created without, as the policy gives them: left out, null or "". */
function withAbsentMembers<T extends object>(user: T, policy: UsersPolicy): T {
  const form = policy.absentMembers;
  if (form === 'absent') return user;
  const filler = form === 'null' ? null : '';
  const missing = ['email', 'mobile', 'firstName', 'lastName'].filter((member) => !(member in user));
  return { ...user, ...Object.fromEntries(missing.map((member) => [member, filler])) };
}
