import type { Exchange } from '../../src/http/exchange.ts';
import { check, NotExercised, type CheckOptions } from '../../src/checks/check.ts';
import { describeAnswer, expectStatus, expectStatusOf, expectThat } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { runSettings } from '../../src/checks/run-context.ts';
import { issuedTokens, tokens } from '../shared/token.ts';

/** POST /token answers (spec: Endpoints > POST {base_url}/token, Token response, Versioning). */

/** The successful token responses of both scopes; the SERVER_ACCESS one must be there to inspect. */
async function tokenResponses(): Promise<Exchange[]> {
  const { server, client } = await issuedTokens();
  expectStatusOf('TOKEN-01', server, 200);
  return [server, client].filter((exchange) => exchange.response?.status === 200);
}

/** The token response's field checks hold TOKEN-01 on their way: the SERVER_ACCESS token answered 200. */
const onTokenResponses = { preconditions: ['TOKEN-01'] } satisfies CheckOptions;

function field(exchange: Exchange, name: string): unknown {
  return (exchange.response?.body as Record<string, unknown> | undefined)?.[name];
}

check(
  'POST /token with the API key as Basic credentials, the version header and scope SERVER_ACCESS answers 200 with a token response',
  ['TOKEN-01'],
  async () => {
    const { server } = await issuedTokens();
    expectStatus(server, 200);
    expectResource(server, 'token');
  },
);

check('POST /token with scope CLIENT_ACCESS answers 200 with a token response', ['TOKEN-02'], async () => {
  const { client } = await issuedTokens();
  expectStatus(client, 200);
  expectResource(client, 'token');
});

check(
  'Token responses carry access_token, a non-empty string',
  ['TOKEN-03'],
  async () => {
    for (const exchange of await tokenResponses()) expectResource(exchange, 'token', ['/access_token']);
  },
  onTokenResponses,
);

check(
  'Token responses carry token_type "Bearer", case included',
  ['TOKEN-04'],
  async () => {
    for (const exchange of await tokenResponses()) expectResource(exchange, 'token', ['/token_type']);
  },
  onTokenResponses,
);

check(
  'Token responses carry expires_in as a JSON number',
  ['TOKEN-05'],
  async () => {
    for (const exchange of await tokenResponses()) {
      const value = field(exchange, 'expires_in');
      expectThat(
        typeof value === 'number' && Number.isFinite(value),
        `expected expires_in to be a number of seconds, got ${JSON.stringify(value) ?? '(absent)'}`,
        exchange,
      );
    }
  },
  onTokenResponses,
);

check(
  'A freshly issued token reports a positive expires_in',
  ['TOKEN-06'],
  async () => {
    for (const exchange of await tokenResponses()) {
      const value = field(exchange, 'expires_in');
      // Its type is TOKEN-05's matter: a numeric string is judged by its value here.
      const seconds = typeof value === 'number' ? value : Number(value);
      expectThat(
        Number.isFinite(seconds) && seconds > 0,
        `expected a positive expires_in for a token just issued, got ${JSON.stringify(value) ?? '(absent)'}`,
        exchange,
      );
    }
  },
  onTokenResponses,
);

check(
  'When the same access_token is handed out again, its expires_in has dropped by about the seconds elapsed',
  ['TOKEN-07'],
  async () => {
    const { server: first, receivedAt } = await issuedTokens();
    expectStatusOf('TOKEN-01', first, 200);
    const again = await tokens().requestToken({ scope: 'SERVER_ACCESS' });
    const elapsed = (Date.now() - receivedAt) / 1000;
    expectStatusOf('TOKEN-01', again, 200);
    if (field(again, 'access_token') !== field(first, 'access_token')) {
      throw new NotExercised('the service issued a new access token for each request, so no countdown shows');
    }
    const before = Number(field(first, 'expires_in'));
    const after = Number(field(again, 'expires_in'));
    // Counted down, or renewed with the token handed out again (a sliding lifetime, AMB-TOKEN-09): never
    // more than the first answer. Whole seconds on either side and the requests' time: a few seconds of slack.
    const slack = 3;
    expectThat(
      after <= before + slack && after >= before - elapsed - slack,
      `the same access token was handed out ${elapsed.toFixed(1)} s later with expires_in ${after} (first ${before}); expected about ${Math.round(before - elapsed)}`,
      again,
    );
  },
  onTokenResponses,
);

check(
  'POST /token accepts the supported version named in the profile, sent in the version header',
  ['TOKEN-08'],
  async () => {
    const { profile } = runSettings();
    const { server } = await issuedTokens();
    // Whether the version was accepted, not which success status came (TOKEN-01's rule): any 2xx.
    const status = server.response?.status ?? 0;
    expectThat(
      status >= 200 && status < 300,
      `sent "${profile.versionHeader}: ${profile.version}" (the profile's version header and version); expected it accepted with 200, got ${describeAnswer(server)}`,
      server,
    );
  },
);
