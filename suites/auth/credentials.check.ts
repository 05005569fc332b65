import { check, NotExercised } from '../../src/checks/check.ts';
import { describeAnswer, expectThat } from '../../src/checks/failures.ts';
import { api, perRunValue, runSettings } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { echoesOf } from '../shared/echoes.ts';
import { apiKey, issuedTokens, sendTokenRequest, tokenRefusals, tokens } from '../shared/token.ts';
import { expectAccepted } from '../shared/refusals.ts';
import { freshEmail } from '../shared/users.ts';

/** The credentials of the interface (spec: Authentication, steps 2 to 4). */

check(
  'POST /token takes the API key itself after "Basic " (not base64 of user:password) and issues an access token',
  ['AUTH-01'],
  async () => {
    const { server } = await issuedTokens();
    const body = server.response?.body as { access_token?: unknown } | undefined;
    expectThat(
      server.response?.status === 200 && typeof body?.access_token === 'string',
      `sent "Authorization: Basic <API_KEY>" with the key as given; expected 200 with an access_token, got ${describeAnswer(server)}`,
      server,
    );
  },
);

/**
 * Keys nobody issued: a random one, and near misses of the run's key (one character more, one fewer),
 * which a service comparing only part of the key would take for it.
 */
const unknownKeys = perRunValue('auth:unknown-keys', async () => {
  const key = apiKey();
  const nearMisses = [`${key}0`, ...(key.length > 1 ? [key.slice(0, -1)] : [])];
  const sent = nearMisses.map((miss) =>
    sendTokenRequest({ authorization: `Basic ${miss}`, form: { scope: 'SERVER_ACCESS' } }),
  );
  const { unknownKey } = await tokenRefusals();
  return [
    { what: 'a random API key', exchange: unknownKey },
    ...(await Promise.all(sent)).map((exchange, i) => ({
      what: i === 0 ? "the run's API key with a character appended" : "the run's API key cut short by one",
      exchange,
    })),
  ];
});

check(
  "POST /token gives no access token for an API key nobody issued, a near miss of the run's key included",
  ['AUTH-02'],
  async () => {
    for (const { what, exchange } of await unknownKeys()) {
      const body = exchange.response?.body as { access_token?: unknown } | undefined;
      expectThat(
        exchange.response !== undefined &&
          exchange.response.status !== 200 &&
          body?.access_token === undefined,
        `sent ${what}; expected no token (no 200, no access_token), got ${describeAnswer(exchange)}`,
        exchange,
      );
    }
  },
);

check('A freshly issued SERVER_ACCESS token sent as "Bearer <token>" is accepted', ['AUTH-03'], async () => {
  const { server } = await issuedTokens();
  const token = tokens().tokenFrom(server);
  // No token to use breaks the token endpoint's rules (AUTH-01, TOKEN-01), which judge it; not this one.
  if (!token) throw new NotExercised(`POST /token gave no access token to use: ${describeAnswer(server)}`);
  const exchange = await api().raw({
    path: '/institutions',
    authorization: `Bearer ${token.value}`,
    credential: 'token',
  });
  expectAccepted(exchange, 'a token issued a moment ago');
});

check(
  'The API key never appears in an answer: the token response, token refusals, nor the refusal of the key sent to another endpoint',
  ['AUTH-12'],
  async () => {
    const key = apiKey();
    const [{ server }, refusals, asBasic, asBearer] = await Promise.all([
      issuedTokens(),
      tokenRefusals(),
      api().raw({ path: '/institutions', authorization: `Basic ${key}`, credential: 'api-key' }),
      api().raw({ path: '/institutions', authorization: `Bearer ${key}`, credential: 'api-key' }),
    ]);
    // The refusals the run's own key was sent with (the others carry no key of the target's).
    const withKey = [
      refusals.otherScheme,
      refusals.noScope,
      refusals.otherScope,
      refusals.jsonBody,
      refusals.jsonOtherScope,
      refusals.notJson,
      refusals.grantType,
      refusals.noVersion,
      refusals.oldVersion,
    ].filter((exchange): exchange is Exchange => exchange !== undefined);
    for (const exchange of [server, ...withKey, asBasic, asBearer]) {
      const places = echoesOf(exchange, key);
      expectThat(
        places.length === 0,
        `the answer repeats the API key, which the spec holds secret: at ${places.join(', ')}`,
        exchange,
      );
    }
  },
);

check(
  "One SERVER_ACCESS token is accepted on the resources of several users: the fixture user's and a user created with it",
  ['AUTH-04'],
  async () => {
    // Sent raw with one token of its own, never renewed: the run's client asks a new token after a
    // refusal, which would hide a token tied to the first user it was used for.
    const { server } = await issuedTokens();
    const token = tokens().tokenFrom(server)?.value;
    if (!token) throw new NotExercised(`POST /token gave no access token to use: ${describeAnswer(server)}`);
    const bearer = { authorization: `Bearer ${token}`, credential: 'token' as const };
    const userId = runSettings().profile.fixtures.userId ?? '';
    const first = await api().raw({ path: `/users/${encodeURIComponent(userId)}/connections`, ...bearer });
    expectAccepted(first, "the fixture user's connections, the token's first user");
    const created = await api().raw({
      method: 'POST',
      path: '/users',
      json: { email: freshEmail('second-user') },
      ...bearer,
    });
    expectAccepted(created, 'a user created with the same token');
    const id = (created.response?.body as { id?: unknown } | null | undefined)?.id;
    // A creation refused otherwise than for its credential is USERS-01's finding.
    if (typeof id !== 'string' || id === '')
      throw new NotExercised(`no user was created to use the token on: ${describeAnswer(created)}`);
    const second = await api().raw({ path: `/users/${encodeURIComponent(id)}/connections`, ...bearer });
    expectAccepted(second, "the created user's connections, with the token used for the fixture user before");
  },
  { needs: ['write', 'userId'] },
);
