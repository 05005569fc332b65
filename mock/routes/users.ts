import { randomUUID } from 'node:crypto';
import { detail, kindOf, MockError, notFound, parameterNotValid, quoted } from '../errors.ts';
import { userResource } from '../representations.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import type { UserRecord } from '../state.ts';
import type { UsersVariants } from '../variants/types.ts';

/** `+<country-code><number>`: a plus, then 7 to 15 digits in all, the E.164 limits (spec: User, mobile). */
const internationalMobile = /^\+[1-9][0-9]{6,14}$/;
/** The shape alone, a plus and then digits, as the mobileLength variant checks it. */
const internationalShape = /^\+[0-9]+$/;
const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An Australian mobile number in national form, which the mobile variant stores as +61. */
const nationalMobile = /^04[0-9]{8}$/;

/** A refusal of POST /users: 400 parameter-not-valid, or 422 under the refusalStatus variant. */
function refuse(parameter: string, detail: string, context: MockContext): never {
  const refusal = parameterNotValid(parameter, detail);
  if (context.options.variants.users?.refusalStatus !== 422) throw refusal;
  throw new MockError(422, refusal.code, refusal.title, detail, parameter);
}

function optionalString(
  body: Record<string, unknown>,
  field: string,
  context: MockContext,
): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') refuse(field, detail.malformed(field, 'a string', quoted(value)), context);
  return value;
}

/** firstName or lastName: a string, or under the nameTypes variant a value of another type left aside. */
function optionalName(
  body: Record<string, unknown>,
  field: string,
  context: MockContext,
): string | undefined {
  const value = body[field];
  if (value === undefined || (typeof value !== 'string' && context.options.variants.users?.nameTypes))
    return undefined;
  // A naive service that builds the name with string methods, and fails on a number.
  if (typeof value === 'number' && context.fault('users-name-number-fails'))
    throw new MockError(
      500,
      'internal-server-error',
      'Internal server error',
      `${field}.trim is not a function`,
    );
  return optionalString(body, field, context);
}

/** The number a user may hold for this mobile: as sent, a national one mended under the variant, or none. */
function mobileAsStored(mobile: string, variants: UsersVariants): string | undefined {
  if (variants.mobile === 'normalised' && nationalMobile.test(mobile)) return `+61${mobile.slice(1)}`;
  const international = variants.mobileLength === 'unchecked' ? internationalShape : internationalMobile;
  return international.test(mobile) ? mobile : undefined;
}

/** The mobile number as stored, or a refusal of one not in international format. */
function storedMobile(
  mobile: string,
  besideEmail: boolean,
  variants: UsersVariants,
  context: MockContext,
): string {
  const stored = mobileAsStored(mobile, variants);
  if (stored !== undefined) return stored;
  // A service that takes a national number and stores it as sent.
  if (nationalMobile.test(mobile) && context.fault('users-national-mobile-stored')) return mobile;
  // A service that checks the mobile only when it is the sole contact.
  if (besideEmail && context.fault('users-mobile-unchecked-beside-email')) return mobile;
  refuse(
    'mobile',
    detail.malformed('mobile', 'in international format +<country-code><number>', quoted(mobile)),
    context,
  );
}

/** An e-mail address the mock takes: user@domain.tld, or any non-empty string under the email variant. */
function wellFormedEmail(mail: unknown, variants: UsersVariants): boolean {
  return typeof mail === 'string' && (variants.email === 'any' ? mail !== '' : email.test(mail));
}

/**
 * Under the malformedContact variant (AMB-USERS-08), the body without a malformed contact member that
 * sits beside a valid one: a mobile not in international format beside a well-formed e-mail, an e-mail
 * that is not a string beside a valid mobile. An empty e-mail is named invalid and stays, to be refused.
 */
function withoutMalformedContact(fields: Record<string, unknown>, variants: UsersVariants) {
  if (variants.malformedContact !== 'ignored') return fields;
  const { email: mail, mobile, ...rest } = fields;
  const mobileValid = typeof mobile === 'string' && mobileAsStored(mobile, variants) !== undefined;
  if (wellFormedEmail(mail, variants) && mobile !== undefined && !mobileValid)
    return { ...rest, email: mail };
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
    const variants = context.options.variants.users ?? {};
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      refuse('body', detail.malformed('the body', 'a JSON object', kindOf(body)), context);
    }
    const fields = withoutMalformedContact(body as Record<string, unknown>, variants);
    // The fault gives every user after the first one created the first one's id.
    const earlier = context.fault('users-id-reused') ? context.state.users.keys().next().value : undefined;
    const user: UserRecord = { id: earlier ?? randomUUID() };
    // A service that checks the e-mail's type only when it is the sole contact, and stores it as sent.
    const uncheckedEmail =
      fields.email !== undefined &&
      typeof fields.email !== 'string' &&
      typeof fields.mobile === 'string' &&
      context.fault('users-email-type-unchecked-beside-mobile');
    const mail = uncheckedEmail ? undefined : optionalString(fields, 'email', context);
    const mobile = optionalString(fields, 'mobile', context);
    if (mail === undefined && mobile === undefined && !context.fault('users-neither-accepted')) {
      refuse('email', 'email or mobile is required', context);
    }
    // Services that take an empty e-mail always, or when a mobile is there to contact the user by.
    const emptyTaken =
      mail === '' &&
      (context.fault('users-empty-email-accepted') ||
        (mobile !== undefined && context.fault('users-empty-email-beside-mobile-accepted')));
    if (mail !== undefined && !wellFormedEmail(mail, variants) && !emptyTaken) {
      refuse('email', detail.malformed('email', 'an e-mail address', quoted(mail)), context);
    }
    const stored =
      mobile === undefined ? undefined : storedMobile(mobile, mail !== undefined, variants, context);
    if (mail === undefined && mobile !== undefined && context.fault('users-mobile-only-refused')) {
      refuse('email', 'email is required', context);
    }
    if (mail !== undefined && mobile !== undefined && context.fault('users-both-refused')) {
      refuse('mobile', 'give email or mobile, not both', context);
    }
    if (
      (fields.firstName !== undefined || fields.lastName !== undefined) &&
      context.fault('users-names-refused')
    ) {
      refuse(fields.firstName !== undefined ? 'firstName' : 'lastName', 'unknown member', context);
    }
    if (mail !== undefined && variants.duplicateEmail === 'refused' && emailTaken(mail, context)) {
      throw new MockError(409, 'conflict', 'Conflict', 'a user with this e-mail address exists', 'email');
    }
    if (mail !== undefined) user.email = variants.emailCase === 'lower' ? mail.toLowerCase() : mail;
    if (uncheckedEmail) user.email = fields.email as string;
    if (stored !== undefined) user.mobile = stored;
    const firstName = optionalName(fields, 'firstName', context);
    const lastName = optionalName(fields, 'lastName', context);
    // The fault stores the two names each in the other's place.
    const swapped = context.fault('users-names-swapped');
    // One fault stores every letter beyond ASCII as '?'; another fills a lastName not sent with the firstName.
    const ascii = (name: string | undefined) =>
      name !== undefined && context.fault('users-names-ascii-only')
        ? name.replace(/[^\x20-\x7e]/g, '?')
        : name;
    const invented =
      lastName === undefined && context.fault('users-last-name-from-first') ? firstName : lastName;
    const [given, family] = (swapped ? [invented, firstName] : [firstName, invented]).map(ascii);
    if (given !== undefined) user.firstName = given;
    if (family !== undefined) user.lastName = family;
    context.state.addUser(user);
    return { status: 201, body: withAbsentMembers(userResource(user, context), variants) };
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
    const variants = context.options.variants.users ?? {};
    return { status: 200, body: withAbsentMembers(userResource(user, context), variants) };
  },
};

/** Members the user was created without, as the absentMembers variant gives them: null or "". */
function withAbsentMembers<T extends object>(user: T, variants: UsersVariants): T {
  const form = variants.absentMembers;
  if (form === undefined) return user;
  const filler = form === 'null' ? null : '';
  const missing = ['email', 'mobile', 'firstName', 'lastName'].filter((member) => !(member in user));
  return { ...user, ...Object.fromEntries(missing.map((member) => [member, filler])) };
}
