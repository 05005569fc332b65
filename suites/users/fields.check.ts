import { check } from '../../src/checks/check.ts';
import { expectStatus, expectStatusOf, expectThat } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api } from '../../src/checks/run-context.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { connectionsPath } from '../shared/fixture-connection.ts';
import { createUser, freshEmail } from '../shared/users.ts';
import { completeUser } from './support.ts';

// Spec: Resources and their fields > User. Checked on a user created with every member, so each field is
// there to be checked; the whole-schema check belongs to the POST /users checks.

async function createdUser() {
  const exchange = await completeUser();
  // A user created with every member: its 201 is the rule for a body with names (USERS-06).
  expectStatusOf('USERS-06', exchange, 201);
  return exchange;
}

check(
  'A created user carries type "user"',
  ['USERS-09'],
  async () => {
    expectResource(await createdUser(), 'user', ['/type']);
  },
  { needs: ['write'], preconditions: ['USERS-06'] },
);

check(
  "A created user's id, email, firstName and lastName are strings",
  ['USERS-10'],
  async () => {
    expectResource(await createdUser(), 'user', ['/id', '/email', '/firstName', '/lastName']);
  },
  { needs: ['write'], preconditions: ['USERS-06'] },
);

check(
  'A created user\'s mobile is in international format "+[country-code][mobile number]"',
  ['USERS-11'],
  async () => {
    const exchange = await createdUser();
    // "When present": a user without a mobile proves nothing either way (USERS-07 covers the loss).
    if ((exchange.response.body as { mobile?: unknown } | null)?.mobile === undefined)
      throw new NotExercised('the user created with a mobile number carries none back to check');
    expectResource(exchange, 'user', ['/mobile']);
  },
  { needs: ['write'], preconditions: ['USERS-06'] },
);

check(
  "A created user's links.self is a string",
  ['USERS-12'],
  async () => {
    expectResource(await createdUser(), 'user', ['/links/self']);
  },
  { needs: ['write'], preconditions: ['USERS-06'] },
);

check(
  'A user just created can be read back through its connections list: GET /users/{user.id}/connections answers 200',
  ['USERS-08'],
  async () => {
    const created = await createUser({ email: freshEmail('read-back') });
    expectStatusOf('USERS-01', created, 201);
    const id = (created.response.body as { id?: unknown }).id;
    // A user without a string id is USERS-10's failure; there is nothing here to read back by.
    expectThat(
      typeof id === 'string' && id !== '',
      'the created user carries no id to read it back by',
      created,
      'USERS-10',
    );
    const exchange = await api().get(connectionsPath(id));
    expectStatus(exchange, 200);
  },
  { needs: ['write'], preconditions: ['USERS-01', 'USERS-10'] },
);
