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
 * International mobile numbers, `+[country-code][mobile number]` without separators (E.164, 7 to 15
 * digits): faker's own international numbers and mobile ranges of a few countries.
 */
function internationalMobile(): string {
  const country = faker.helpers.arrayElement([
    () => faker.phone.number({ style: 'international' }),
    () => `+614${faker.string.numeric(8)}`,
    () => `+447${faker.string.numeric(9)}`,
    () => `+642${faker.string.numeric(8)}`,
    () => `+6591${faker.string.numeric(6)}`,
  ]);
  return country();
}

function poolsFor(seed: number): Pools {
  const cached = pools.get(seed);
  if (cached) return cached;
  // Seeded from the run's seed, so a run's bodies are reproducible with --seed.
  faker.seed(seed);
  const many = (make: () => string) => Array.from({ length: poolSize }, make);
  const made: Pools = {
    // The local part only: the suite puts every address under its run id (DESIGN.md, principle 6). Its
    // capitals stay, so a service that folds case (AMB-USERS-02) is met, and accepted, by USERS-07.
    mailboxes: many(() => faker.internet.username().replace(/[^A-Za-z0-9._-]/g, '')),
    mobiles: many(internationalMobile),
    // National forms: a leading 0 instead of the country code, as people write them at home.
    localMobiles: many(() => `04${faker.string.numeric(8)}`),
    firstNames: many(() => faker.person.firstName()),
    lastNames: many(() => faker.person.lastName()),
  };
  pools.set(seed, made);
  return made;
}

/** An e-mail address the run can be recognised by: `fds-<runId>-<mailbox>@example.com`. */
export function runEmail(runId: string, mailbox: string): string {
  return `fds-${runId}-${mailbox || 'user'}@example.com`;
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
 * only names, or contact members that are not strings.
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
 * Mobile numbers not in the international format `+[country-code][mobile number]`: national forms, no
 * digits, too few or too many digits, letters.
 */
export function malformedMobiles(seed: number): fc.Arbitrary<string> {
  const p = poolsFor(seed);
  return fc.oneof(
    fc.constantFrom(...p.localMobiles),
    fc.constantFrom('+', 'mobile', '+61 mobile'),
    fc.constantFrom(...p.mobiles).map((m) => m.slice(0, 4)),
    fc.constantFrom(...p.mobiles).map((m) => `${m}${'9'.repeat(10)}`),
    fc.constantFrom(...p.mobiles).map((m) => m.replace(/[0-9]$/, 'x')),
  );
}
