import { check } from '../../src/checks/check.ts';
import { describeAnswer, expectThat } from '../../src/checks/findings.ts';
import { api } from '../../src/checks/run-context.ts';
import { expectAccepted, issuedTokens, tokenRefusals, tokens } from '../token/token-requests.ts';

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

check('POST /token gives no access token for an API key nobody issued', ['AUTH-02'], async () => {
  const { unknownKey } = await tokenRefusals();
  const body = unknownKey.response?.body as { access_token?: unknown } | undefined;
  expectThat(
    unknownKey.response !== undefined &&
      unknownKey.response.status !== 200 &&
      body?.access_token === undefined,
    `sent an unknown API key; expected no token (no 200, no access_token), got ${describeAnswer(unknownKey)}`,
    unknownKey,
  );
});

check('A freshly issued SERVER_ACCESS token sent as "Bearer <token>" is accepted', ['AUTH-03'], async () => {
  const { server } = await issuedTokens();
  const token = tokens().tokenFrom(server);
  expectThat(token, `POST /token gave no access token to use: ${describeAnswer(server)}`, server);
  const exchange = await api().raw({
    path: '/institutions',
    authorization: `Bearer ${token.value}`,
    credential: 'token',
  });
  expectAccepted(exchange, 'a token issued a moment ago');
});
