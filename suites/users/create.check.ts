import { validUserBodies, type ValidUserBody } from '../../src/checks/arbitraries/users.ts';
import { check } from '../../src/checks/check.ts';
import { expectStatus, expectStatusOf, expectThat } from '../../src/checks/failures.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { forAll } from '../../src/checks/property.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { runSettings } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { linkNames } from '../shared/links.ts';
import { createUser, freshEmail, uniqueAddress } from '../shared/users.ts';

// Spec: Endpoints > POST {base_url}/users — "Success: 201 with the user."

check(
  'POST /users with only an email answers 201 with the user',
  ['USERS-01'],
  async () => {
    const exchange = await createUser({ email: freshEmail('email-only') });
    expectStatus(exchange, 201);
    expectResource(exchange, 'user');
  },
  { needs: ['write'] },
);

check(
  'POST /users with only a mobile number in international format answers 201 with the user',
  ['USERS-02'],
  async () => {
    const exchange = await createUser({ mobile: '+61412345678' });
    expectStatus(exchange, 201);
    expectResource(exchange, 'user');
  },
  { needs: ['write'] },
);

check(
  'POST /users with both an email and a mobile number in international format answers 201 with the user',
  ['USERS-15'],
  async () => {
    // Each is required only when the other is absent: nothing makes them exclusive.
    const exchange = await createUser({ email: freshEmail('email-and-mobile'), mobile: '+61412345670' });
    expectStatus(exchange, 201);
    expectResource(exchange, 'user');
  },
  { needs: ['write'] },
);

check(
  'POST /users with the optional firstName and lastName, alone or together, answers 201 with the user',
  ['USERS-06'],
  async () => {
    const exchanges = await Promise.all([
      createUser({ email: freshEmail('names'), firstName: 'Grace', lastName: 'Hopper' }),
      createUser({ email: freshEmail('first-name'), firstName: 'Grace' }),
      // With an e-mail, so that a refusal here is the names' doing, not the mobile's (USERS-02).
      createUser({ email: freshEmail('last-name'), lastName: 'Hopper' }),
    ]);
    for (const exchange of exchanges) {
      expectStatus(exchange, 201);
      expectResource(exchange, 'user');
    }
  },
  { needs: ['write'] },
);

const digits = (value: string) => value.replace(/[^0-9]/g, '');

/**
 * The members sent come back (USERS-07). Tolerant where the spec is silent on normalisation: an address
 * is compared without case, a mobile number on its digits, names without surrounding white space.
 */
function expectCarriedBack(exchange: Exchange, sent: ValidUserBody): void {
  const user = exchange.response?.body as Record<string, unknown> | undefined;
  const differences: string[] = [];
  const same: Record<keyof ValidUserBody, (a: string, b: string) => boolean> = {
    email: (a, b) => a.toLowerCase() === b.toLowerCase(),
    mobile: (a, b) => digits(a) === digits(b),
    firstName: (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase(),
    lastName: (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase(),
  };
  const changed: string[] = [];
  for (const [member, value] of Object.entries(sent) as [keyof ValidUserBody, string][]) {
    const back = user?.[member];
    if (typeof back !== 'string' || !same[member](back, value))
      (back === undefined ? differences : changed).push(
        `${member}: sent ${JSON.stringify(value)}, got ${JSON.stringify(back)}`,
      );
  }
  // A member that comes back with another value is not the user created (USERS-17); one left out is only
  // the SHOULD's matter.
  expectThat(
    changed.length === 0,
    `the user carries back other values than it was created with: ${changed.join('; ')}`,
    exchange,
    'USERS-17',
  );
  expectThat(
    differences.length === 0,
    `the user does not carry back what it was created with: ${differences.join('; ')}`,
    exchange,
  );
}

/** The requirement that a body of this kind answers 201: by its contact members, and its names. */
function creationRequirement(body: ValidUserBody): RequirementId {
  if (body.firstName !== undefined || body.lastName !== undefined) return 'USERS-06';
  if (body.email !== undefined && body.mobile !== undefined) return 'USERS-15';
  return body.mobile !== undefined ? 'USERS-02' : 'USERS-01';
}

check(
  'POST /users with any valid faker-generated body (email, mobile or both; names optional) answers 201 with a user carrying back what was sent',
  ['USERS-07', 'USERS-17'],
  async () => {
    const { seed, runId } = runSettings();
    await forAll(validUserBodies(seed, runId), async (generated) => {
      const body = uniqueAddress(generated);
      const exchange = await createUser(body);
      // Whether it is created at all is the rule of the requirement for that kind of body.
      expectStatusOf(creationRequirement(body), exchange, 201);
      expectResource(exchange, 'user');
      expectCarriedBack(exchange, body);
    });
  },
  { needs: ['write'] },
);

check(
  'Users created one after the other carry different ids',
  ['USERS-18'],
  async () => {
    const created = [];
    for (const label of ['first', 'second']) created.push(await createUser({ email: freshEmail(label) }));
    const ids = created.map((exchange) => {
      // A creation refused is USERS-01's finding; here it only leaves nothing to compare.
      expectStatusOf('USERS-01', exchange, 201);
      return (exchange.response.body as { id?: unknown } | null)?.id;
    });
    expectThat(
      typeof ids[0] !== 'string' || ids[0] !== ids[1],
      `two users created with different addresses were both given the id ${JSON.stringify(ids[0])}`,
      created[1],
    );
  },
  { needs: ['write'], preconditions: ['USERS-01'] },
);

/** A name as services may normalise it: Unicode composed, without case or surrounding white space. */
const comparable = (name: string) => name.normalize('NFC').trim().toLowerCase();

check(
  'POST /users with names (plain, accented, or a firstName alone) answers with those values, none in the place of another and none made up',
  ['USERS-17'],
  async () => {
    const bodies = [
      { firstName: 'Ada', lastName: 'Lovelace' },
      // Letters beyond ASCII are letters of a name like any other: a string is a string.
      { firstName: 'Zoë', lastName: 'Núñez' },
      { firstName: 'Grace' },
    ];
    for (const names of bodies) {
      const body = { email: freshEmail('named'), ...names };
      const exchange = await createUser(body);
      // Whether a body with names is created is USERS-06's rule.
      expectStatusOf('USERS-06', exchange, 201);
      const user = (exchange.response.body ?? {}) as Record<string, unknown>;
      const sent: Record<string, string | undefined> = names;
      const wrong = (['firstName', 'lastName'] as const).filter((member) => {
        const back = user[member];
        if (typeof back !== 'string' || back.trim() === '') return false;
        const given = sent[member];
        // A member not sent may be left out or empty, never filled with the other member's value.
        return given === undefined
          ? Object.values(sent).some((other) => other !== undefined && comparable(other) === comparable(back))
          : comparable(back) !== comparable(given);
      });
      expectThat(
        wrong.length === 0,
        `created with ${JSON.stringify(names)}, answered firstName ${JSON.stringify(user.firstName)} and lastName ${JSON.stringify(user.lastName)}`,
        exchange,
      );
    }
  },
  { needs: ['write'], preconditions: ['USERS-06'] },
);

check(
  "Users created one after the other do not carry each other's id in their links.self",
  ['USERS-19'],
  async () => {
    const users: { id: string; self: string; exchange: Exchange }[] = [];
    for (const label of ['self-first', 'self-second', 'self-third']) {
      const exchange = await createUser({ email: freshEmail(label) });
      expectStatusOf('USERS-01', exchange, 201);
      const user = (exchange.response.body ?? {}) as { id?: unknown; links?: { self?: unknown } };
      // A missing id or self link is USERS-10's or USERS-12's finding.
      if (typeof user.id === 'string' && typeof user.links?.self === 'string')
        users.push({ id: user.id, self: user.links.self, exchange });
    }
    for (const user of users) {
      const others = users.filter((other) => other.id !== user.id && linkNames(user.self, other.id));
      expectThat(
        others.length === 0,
        `the user ${user.id}'s links.self (${user.self}) names the user ${others.map((o) => o.id).join(', ')}`,
        user.exchange,
      );
    }
  },
  { needs: ['write'], preconditions: ['USERS-01'] },
);
