import { bodiesWithoutContact, malformedMobiles } from '../../src/checks/arbitraries/users.ts';
import { check } from '../../src/checks/check.ts';
import { expectThat } from '../../src/checks/findings.ts';
import { refusalStatuses } from '../../src/checks/error-list.ts';
import { forAll } from '../../src/checks/property.ts';
import { runSettings } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import { expectRefused } from '../connections/support.ts';
import { createUser } from './support.ts';

// Spec: Endpoints > POST {base_url}/users — email "required when `mobile` is absent", mobile "required
// when `email` is absent; international format", "Error when parameters are invalid (for example an empty
// e-mail)". No status is shown: any 4xx with an error list is accepted (AMB-USERS-05). Every body here is
// invalid by every reading, so each check names ERR-11 too: a 5xx to any of them fails.

check(
  'POST /users with neither an email nor a mobile string (nothing, only names, or contact members that are not strings) is refused with an error list',
  ['USERS-03', 'ERR-11'],
  async () => {
    await forAll(bodiesWithoutContact(runSettings().seed), async (body) => {
      expectRefused(await createUser(body), refusalStatuses.invalidInput);
    });
  },
  { needs: ['write'] },
);

check(
  'POST /users with an empty email is refused with an error list',
  ['USERS-04', 'ERR-11'],
  async () => {
    const exchanges = await Promise.all([
      createUser({ email: '' }),
      createUser({ email: '', firstName: 'Grace', lastName: 'Hopper' }),
    ]);
    for (const exchange of exchanges) expectRefused(exchange, refusalStatuses.invalidInput);
  },
  { needs: ['write'] },
);

/** The User schema's mobile pattern (E.164), without the empty value a user created without one may carry. */
const internationalFormat = /^\+[1-9][0-9]{6,14}$/;

/**
 * A 201 to a mobile number not in international format is the normalising reading (AMB-USERS-01): the
 * stored number must then be in international format and end with the digits sent, leading zeros aside.
 */
function expectRefusedOrNormalised(exchange: Exchange, sent: string): void {
  if (exchange.response?.status !== 201) {
    expectRefused(exchange, refusalStatuses.invalidInput);
    return;
  }
  const stored = (exchange.response.body as { mobile?: unknown } | null)?.mobile;
  const subscriber = sent.replace(/[^0-9]/g, '').replace(/^0+/, '');
  expectThat(
    typeof stored === 'string' &&
      internationalFormat.test(stored) &&
      subscriber !== '' &&
      stored.endsWith(subscriber),
    `the mobile number ${JSON.stringify(sent)} is not in international format: it must be refused, or stored as "+[country-code][mobile number]" holding its digits; it was stored as ${JSON.stringify(stored)}`,
    exchange,
  );
}

check(
  'POST /users with a mobile number not in international format +[country-code][mobile number] is refused with an error list, or stored in international format',
  ['USERS-05', 'ERR-11'],
  async () => {
    await forAll(malformedMobiles(runSettings().seed), async (mobile) => {
      expectRefusedOrNormalised(await createUser({ mobile }), mobile);
    });
  },
  { needs: ['write'] },
);
