import { bodiesWithoutContact, malformedMobiles } from '../../src/checks/arbitraries/users.ts';
import { check } from '../../src/checks/check.ts';
import { expectThat } from '../../src/checks/failures.ts';
import { expectRule } from '../../src/checks/rule.ts';
import { expectRefused, refusalStatuses } from '../../src/checks/error-list.ts';
import { forAll } from '../../src/checks/property.ts';
import { runSettings } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { namesNoValidParameter } from '../../src/rules/errors.ts';
import { createUser, freshEmail } from '../shared/users.ts';

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
    // Why invalid under every reading: the spec's own example of an invalid parameter is an empty e-mail.
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
 * Whether a stored number is the normalising reading's mending of the one sent (AMB-USERS-01): in
 * international format, ending with the digits sent, leading zeros aside.
 */
function normalisedFrom(stored: unknown, sent: string): boolean {
  const subscriber = sent.replace(/[^0-9]/g, '').replace(/^0+/, '');
  return (
    typeof stored === 'string' &&
    internationalFormat.test(stored) &&
    subscriber !== '' &&
    stored.endsWith(subscriber)
  );
}

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
  expectThat(
    normalisedFrom(stored, sent),
    `the mobile number ${JSON.stringify(sent)} is not in international format: it must be refused, or stored as "+[country-code][mobile number]" holding its digits; it was stored as ${JSON.stringify(stored)}`,
    exchange,
  );
}

check(
  'POST /users with a mobile number not in international format +[country-code][mobile number] is refused with an error list, or stored in international format',
  ['USERS-05', 'ERR-11'],
  async () => {
    // Only shapes no reading of "+[country-code][mobile number]" takes (no `+`, no number, letters):
    // a `+` and digits of any length is the shape-only reading's valid value (see malformedMobiles).
    await forAll(malformedMobiles(runSettings().seed), async (mobile) => {
      expectRefusedOrNormalised(await createUser({ mobile }), mobile);
    });
  },
  { needs: ['write'] },
);

/**
 * A refusal of a body whose offending member is known under every reading: in the spec's shape, and naming
 * in source.parameter none of the members sent valid (ERR-15), where it names one.
 */
function expectRefusedForItsOffence(
  exchange: Exchange,
  body: Record<string, unknown>,
  offending: string,
): void {
  expectRefused(exchange, refusalStatuses.invalidInput);
  const valid = Object.keys(body).filter((member) => member !== offending);
  expectRule(namesNoValidParameter(exchange.response?.body, valid), exchange, 'ERR-15');
}

check(
  'POST /users with an empty email beside a valid mobile number is refused with an error list: the mobile number does not make the empty e-mail valid, and the refusal names no valid member',
  ['USERS-04', 'ERR-11', 'ERR-15'],
  async () => {
    // Why invalid under every reading: an empty e-mail is the spec's own example of an invalid parameter,
    // and nothing there makes it valid when a mobile number stands beside it; the mobile number (a plus
    // and eleven digits, within E.164) and the names are valid under every reading, so only the e-mail
    // offends.
    const bodies = [
      { email: '', mobile: '+61412345601' },
      { email: '', mobile: '+61412345602', firstName: 'Grace', lastName: 'Hopper' },
    ];
    const exchanges = await Promise.all(bodies.map((body) => createUser(body)));
    exchanges.forEach((exchange, n) =>
      expectRefusedForItsOffence(exchange, bodies[n] as Record<string, unknown>, 'email'),
    );
  },
  { needs: ['write'] },
);

/** AMB-USERS-03's forms of a member a user does not hold: left out, null or empty. */
const notHeld = (value: unknown) => value === undefined || value === null || value === '';

/**
 * USERS-16: a contact member sent malformed beside a valid one is refused, or the user is created without
 * it (AMB-USERS-08) or, for a mobile number, with it mended into international format (AMB-USERS-01). An
 * acceptance whose user holds the value as sent fails, and so does a refusal naming the valid member.
 */
function expectNotStored(exchange: Exchange, member: 'email' | 'mobile', sent: unknown): void {
  const status = exchange.response?.status ?? 0;
  // Any 2xx is judged as an acceptance: a 200 in place of 201 is USERS-01's to fail.
  if (status < 200 || status >= 300) {
    // The other contact member is valid under every reading: a refusal names it nowhere (ERR-15).
    expectRefused(exchange, refusalStatuses.invalidInput);
    const other = member === 'mobile' ? 'email' : 'mobile';
    expectRule(namesNoValidParameter(exchange.response?.body, [other]), exchange, 'ERR-15');
    return;
  }
  const stored = (exchange.response?.body as Record<string, unknown> | null)?.[member];
  const mended = member === 'mobile' && typeof sent === 'string' && normalisedFrom(stored, sent);
  expectThat(
    notHeld(stored) || mended,
    `the ${member} ${JSON.stringify(sent)}, sent beside a valid ${member === 'mobile' ? 'email' : 'mobile number'}, is malformed: it must be refused or left aside${member === 'mobile' ? ', or stored in international format' : ''}; the user holds ${JSON.stringify(stored)}`,
    exchange,
  );
}

/**
 * A text inside an array and inside an object: values of another type than string that no JSON binding
 * reads as a string, as some read a number or a boolean as its text.
 */
const structured = (text: string): unknown[] => [[text], { value: text }];

check(
  'POST /users with a valid email and a mobile number not in international format, or not a string, is refused with an error list naming no valid member, or creates the user without that mobile: the mobile is validated though the email already suffices',
  ['USERS-16', 'ERR-11', 'ERR-15'],
  async () => {
    await forAll(malformedMobiles(runSettings().seed), async (mobile) => {
      expectNotStored(await createUser({ email: freshEmail('bad-mobile'), mobile }), 'mobile', mobile);
    });
    // Why invalid under every reading: the mobile is typed string, and an array or an object is none.
    const mobiles = structured('+61412345603');
    const exchanges = await Promise.all(
      mobiles.map((mobile) => createUser({ email: freshEmail('mobile-not-string'), mobile })),
    );
    exchanges.forEach((exchange, n) => expectNotStored(exchange, 'mobile', mobiles[n]));
  },
  { needs: ['write'] },
);

check(
  'POST /users with a valid mobile number and an email that is not a string (an array, an object) is refused with an error list naming no valid member, or creates the user without that email: the email is validated though the mobile number already suffices',
  ['USERS-16', 'ERR-11', 'ERR-15'],
  async () => {
    // Why invalid under every reading: the email is typed string, and an array or an object is none.
    const emails = structured(freshEmail('email-not-string'));
    const exchanges = await Promise.all(
      emails.map((email, n) => createUser({ email, mobile: `+6141234561${n}` })),
    );
    exchanges.forEach((exchange, n) => expectNotStored(exchange, 'email', emails[n]));
  },
  { needs: ['write'] },
);
