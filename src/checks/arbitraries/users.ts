import { faker } from '@faker-js/faker/locale/en';
import fc from 'fast-check';

/** A body of POST /users (spec: Endpoints > POST {base_url}/users); invalid bodies use `unknown` members. */
export interface UserBody {
  email?: unknown;
  mobile?: unknown;
  firstName?: unknown;
  lastName?: unknown;
}

/** A valid body: an email, a mobile or both, and optionally the names. */
export interface ValidUserBody {
  email?: string;
  mobile?: string;
  firstName?: string;
  lastName?: string;
}

/** Realistic values from faker, drawn once per seed; fast-check picks among them (and shrinks to the first). */
interface Pools {
  mailboxes: string[];
  mobiles: string[];
  localMobiles: string[];
  firstNames: string[];
  lastNames: string[];
}

const poolSize = 40;
const pools = new Map<number, Pools>();

/**
 * International mobile numbers, `+[country-code][mobile number]` without separators, drawn from real
 * mobile ranges only, so that every reading of "international format" takes them: the shape alone (a `+`
 * and digits), E.164 (8 to 15 digits in all here: 10 to 12) and a service that checks the number is a
 * mobile one. faker's own international numbers are left out: they may be landlines or fictional ranges.
 */
const mobileRanges: (() => string)[] = [
  // Australia: every 04 number is a mobile; +61 4 and eight digits.
  () => `+614${faker.string.numeric(8)}`,
  // United Kingdom: 071 to 075 and 077 to 079 are mobiles (070 is personal numbering, 076 pagers).
  () => `+447${faker.helpers.arrayElement([...'12345789'])}${faker.string.numeric(8)}`,
  // New Zealand: 021, 022 and 027 are mobiles, seven digits after the prefix.
  () => `+642${faker.helpers.arrayElement([...'127'])}${faker.string.numeric(7)}`,
  // Singapore: eight-digit numbers beginning with 9 are mobiles.
  () => `+659${faker.string.numeric(7)}`,
];

function internationalMobile(): string {
  return faker.helpers.arrayElement(mobileRanges)();
}

function poolsFor(seed: number): Pools {
  const cached = pools.get(seed);
  if (cached) return cached;
  // Seeded from the run's seed, so a run's bodies are reproducible with --seed.
  faker.seed(seed);
  const many = (make: () => string) => Array.from({ length: poolSize }, make);
  const made: Pools = {
    // The local part only: the suite puts every address under its run id (docs/design.md#safe-on-shared-environments). Its
    // capitals stay, so a service that folds case (AMB-USERS-02) is met, and accepted, by USERS-07.
    mailboxes: many(() => plainMailbox(faker.internet.username())),
    mobiles: many(internationalMobile),
    // National forms: a leading 0 instead of the country code, as people write them at home.
    localMobiles: many(() => `04${faker.string.numeric(8)}`),
    firstNames: many(() => faker.person.firstName()),
    lastNames: many(() => faker.person.lastName()),
  };
  pools.set(seed, made);
  return made;
}

/** RFC 5321, 4.5.3.1.1: a local part holds at most 64 octets; a strict service refuses a longer one. */
export const maxLocalPart = 64;

/**
 * The run id as an address carries it: its first eight letters or digits, lower case. A run id of the
 * CLI (eight hexadecimal digits) is kept whole; a UUID keeps its first group, still recognisable.
 */
export function runTag(runId: string): string {
  return (
    runId
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 8) || 'run'
  );
}

/**
 * A mailbox as every reading of an e-mail address takes it: ASCII letters, digits, dots and hyphens
 * only, no dot first, last or doubled (the dot-atom of RFC 5322 without its rarer characters).
 */
function plainMailbox(mailbox: string): string {
  return mailbox
    .replace(/[^A-Za-z0-9.-]/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

/**
 * An e-mail address the run can be recognised by: `fds-<run tag>-<mailbox>@example.com`. The local part
 * is plain (see plainMailbox) and at most 64 octets: a mailbox too long for the room left keeps its end,
 * where the callers put what makes an address unique.
 */
export function runEmail(runId: string, mailbox: string): string {
  const prefix = `fds-${runTag(runId)}-`;
  const plain = plainMailbox(mailbox);
  const kept = plainMailbox(plain.slice(Math.max(0, plain.length - (maxLocalPart - prefix.length))));
  return `${prefix}${kept || 'user'}@example.com`;
}

/**
 * A run's address made unique: `-<suffix>` (letters, digits, hyphens) added to its local part, which
 * stays within 64 octets by giving up the end of the mailbox; the `fds-<run tag>-` prefix stays for any
 * suffix of up to 50 characters.
 */
export function withUniqueSuffix(email: string, suffix: string): string {
  const at = email.lastIndexOf('@');
  const tail = `-${suffix.replace(/[^A-Za-z0-9-]/g, '')}`;
  const local = email.slice(0, at).slice(0, Math.max(0, maxLocalPart - tail.length));
  return `${local.replace(/\.+$/, '')}${tail}${email.slice(at)}`;
}

/** Valid POST /users bodies: email only, mobile only or both, with firstName and lastName optional. */
export function validUserBodies(seed: number, runId: string): fc.Arbitrary<ValidUserBody> {
  const p = poolsFor(seed);
  const email = fc.constantFrom(...p.mailboxes).map((m) => runEmail(runId, m));
  const mobile = fc.constantFrom(...p.mobiles);
  const contact = fc.oneof(
    fc.record({ email }),
    fc.record({ mobile }),
    fc.record({ email, mobile }),
  ) as fc.Arbitrary<ValidUserBody>;
  const names = fc.record(
    { firstName: fc.constantFrom(...p.firstNames), lastName: fc.constantFrom(...p.lastNames) },
    { requiredKeys: [] },
  );
  return fc.tuple(contact, names).map(([c, n]) => ({ ...c, ...n }));
}

/** Values of a type other than string, for a member the spec types as a string. */
const notAString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.constant({}),
);

/**
 * Bodies with no email and no mobile string (spec: email "required when mobile is absent"): nothing or
 * only names, or contact members that are not strings. Why invalid under every reading: the spec types
 * both as strings, and a service that leaves a member of another type aside (as AMB-USERS-07 does for
 * names) or takes null for absent is then left with no contact at all, which "required" refuses.
 */
export function bodiesWithoutContact(seed: number): fc.Arbitrary<UserBody> {
  const p = poolsFor(seed);
  const names = fc.record(
    { firstName: fc.constantFrom(...p.firstNames), lastName: fc.constantFrom(...p.lastNames) },
    { requiredKeys: [] },
  );
  const wrongContact = fc.oneof(
    fc.record({ email: notAString }),
    fc.record({ mobile: notAString }),
    fc.record({ email: notAString, mobile: notAString }),
  );
  return fc.oneof(
    names,
    fc.tuple(wrongContact, names).map(([c, n]) => ({ ...c, ...n }) as UserBody),
  );
}

/**
 * Mobile numbers not in the international format `+[country-code][mobile number]` under any reading of it.
 * The loosest reading checks the shape alone, a `+` followed by digits of any number: a number too long
 * or too short is invalid only under E.164's limits, which the spec never states, so none is drawn. Each
 * family below misses the shape itself; a service that normalises (AMB-USERS-01) may mend the first two,
 * which USERS-05 accepts when the number it stores is in international format.
 */
export function malformedMobiles(seed: number): fc.Arbitrary<string> {
  const p = poolsFor(seed);
  return fc.oneof(
    // Why invalid: no `+` and no country code, a national form (04…) as written at home.
    fc.constantFrom(...p.localMobiles),
    // Why invalid: no `+`, the international digits alone.
    fc.constantFrom(...p.mobiles).map((m) => m.slice(1)),
    // Why invalid: no mobile number at all: empty, blanks only, a lone `+`, words. Sent alone, so a
    // service that reads an empty or blank member as absent refuses the body for want of a contact.
    fc.constantFrom('', ' ', '+', 'mobile', '+61 mobile', '+mobile'),
    // Why invalid: a letter among the digits, which no reading takes for a digit.
    fc.constantFrom(...p.mobiles).map((m) => m.replace(/[0-9]$/, 'x')),
  );
}
