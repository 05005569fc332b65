import { validUserBodies, type ValidUserBody } from '../../src/checks/arbitraries/users.ts';
import { check } from '../../src/checks/check.ts';
import { expectStatus, expectStatusOf, expectThat } from '../../src/checks/findings.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { forAll } from '../../src/checks/property.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { runSettings } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/client/exchange.ts';
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
    firstName: (a, b) => a.trim() === b.trim(),
    lastName: (a, b) => a.trim() === b.trim(),
  };
  for (const [member, value] of Object.entries(sent) as [keyof ValidUserBody, string][]) {
    const back = user?.[member];
    if (typeof back !== 'string' || !same[member](back, value))
      differences.push(`${member}: sent ${JSON.stringify(value)}, got ${JSON.stringify(back)}`);
  }
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
  ['USERS-07'],
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
