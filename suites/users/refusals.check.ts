import { bodiesWithoutContact, malformedMobiles } from '../../src/checks/arbitraries/users.ts';
import { check } from '../../src/checks/check.ts';
import { refusalStatuses } from '../../src/checks/error-list.ts';
import { forAll } from '../../src/checks/property.ts';
import { runSettings } from '../../src/checks/run-context.ts';
import { expectRefused } from '../connections/support.ts';
import { createUser } from './support.ts';

// Spec: Endpoints > POST {base_url}/users — email "required when `mobile` is absent", mobile "required
// when `email` is absent; international format", "Error when parameters are invalid (for example an empty
// e-mail)". No status is shown: any 4xx with an error list is accepted.

check(
  'POST /users with neither an email nor a mobile string (nothing, only names, or contact members that are not strings) is refused with an error list',
  ['USERS-03'],
  async () => {
    await forAll(bodiesWithoutContact(runSettings().seed), async (body) => {
      expectRefused(await createUser(body), refusalStatuses.invalidInput);
    });
  },
  { needs: ['write'] },
);

check(
  'POST /users with an empty email is refused with an error list',
  ['USERS-04'],
  async () => {
    const exchanges = await Promise.all([
      createUser({ email: '' }),
      createUser({ email: '', firstName: 'Grace', lastName: 'Hopper' }),
    ]);
    for (const exchange of exchanges) expectRefused(exchange, refusalStatuses.invalidInput);
  },
  { needs: ['write'] },
);

check(
  'POST /users with a mobile number not in international format +[country-code][mobile number] is refused with an error list',
  ['USERS-05'],
  async () => {
    await forAll(malformedMobiles(runSettings().seed), async (mobile) => {
      expectRefused(await createUser({ mobile }), refusalStatuses.invalidInput);
    });
  },
  { needs: ['write'] },
);
