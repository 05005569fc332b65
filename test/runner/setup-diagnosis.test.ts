import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockOptions } from '../../mock/options.ts';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { registerVariants } from '../../src/requirements/ambiguities.ts';
import type { Profile } from '../../src/profile/profile.ts';
import { candidateBases, setupError } from '../../runner/setup-diagnosis.ts';
import { Secrets } from '../../src/http/secrets.ts';
import { profileSecrets } from '../../src/profile/load-profile.ts';
import { ownServer } from '../support/own-server.ts';

/**
 * The setup diagnosis (runner/setup-diagnosis.ts) against the mock: a refused key and a base URL
 * without the token endpoint are found under every reading of the register, a token endpoint that is
 * down (a 5xx or a reset) stops the run, and a conformant target, or a token endpoint that is merely
 * broken, is never diagnosed.
 */

const unknownKey = 'fds-setup-unknown-key-4d1e8a0b7c';
const running: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((target) => target.close()));
});

async function mock(options: Partial<MockOptions> = {}): Promise<RunningMock> {
  const target = await startMock(options);
  running.push(target);
  return target;
}

function profileOf(target: RunningMock, extra: Partial<Profile> = {}): Profile {
  return { ...mockProfile(target), ...extra };
}

/** Where the settings came from, as the CLI would say. */
const sources = {
  baseUrl: '--base-url',
  apiKey: 'FDS_API_KEY',
  expiryApiKey: 'FDS_EXPIRY_API_KEY',
  nonEnrichPartnerApiKey: 'FDS_NON_ENRICH_API_KEY',
  profile: 'p.json',
};

/** The run's secrets: the profile's, to which the pre-flight adds what it is issued. */
function secretsOf(profile: Profile): Secrets {
  const secrets = new Secrets();
  for (const secret of profileSecrets(profile)) secrets.add(secret);
  return secrets;
}

/** The setup error's line as the run writes it (src/output.ts): masked by the run's secrets. */
async function diagnose(profile: Profile, answered: number[] = [], timeoutMs = 5_000) {
  const secrets = secretsOf(profile);
  const line = (await setupError(profile, { timeoutMs, sources, answered, secrets }))?.line;
  return line === undefined ? undefined : secrets.redact(line);
}

/** A server of the test's own, for what the mock never does, closed after each test. */
async function server(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const own = await ownServer(handle);
  running.push(own);
  return own.url;
}

/** A server answering every request with one fixed answer, for what the mock never answers. */
async function fixedAnswer(status: number, body: string, type = 'application/json'): Promise<string> {
  return server((req, res) => {
    req.resume();
    res.writeHead(status, { 'content-type': type }).end(body);
  });
}

const readings = [{ name: 'the default reading', options: {} }, ...registerVariants()];

describe('the setup diagnosis', () => {
  it.each(readings)('does not diagnose a conformant target: $name', async ({ options }) => {
    const target = await mock(options as Partial<MockOptions>);
    expect(await diagnose(profileOf(target))).toBeUndefined();
  });

  it.each(readings)('recognises a refused key: $name', async ({ options }) => {
    const target = await mock(options as Partial<MockOptions>);
    const line = await diagnose(profileOf(target, { apiKey: unknownKey }));
    expect(line).toMatch(
      /^the API key \(from FDS_API_KEY\) was refused by POST \/token \((400|404) (invalid-grant|parameter-not-valid)[^)]*\)$/,
    );
    expect(line).not.toContain(unknownKey);
  });

  it.each([
    ['token-invalid-client-returned', /\(401 invalid-client/],
    ['token-unauthorized-client-returned', /\(400 unauthorized-client/],
    ['token-403-without-access-denied', /\(403 invalid-grant/],
  ])('recognises a refused key in a row the spec retired or misplaced (%s)', async (fault, row) => {
    const target = await mock({ faults: [fault] });
    expect(await diagnose(profileOf(target, { apiKey: unknownKey }))).toMatch(row);
  });

  it('never prints the key, even where the refusal repeats it', async () => {
    const echo = await fixedAnswer(
      400,
      JSON.stringify({
        type: 'list',
        correlationId: '8a4f2c1e-0b3d-4e5f-9a6b-7c8d9e0f1a2b',
        data: [
          {
            type: 'error',
            code: 'invalid-grant',
            title: 'Invalid grant',
            detail: `${unknownKey} is unknown`,
          },
        ],
      }),
    );
    const line = await diagnose({ ...profileOf(await mock()), baseUrl: echo, apiKey: unknownKey });
    expect(line).toContain('(400 invalid-grant: *** is unknown)');
    expect(line).not.toContain(unknownKey);
  });

  it('names the base URL that answers when the given one lacks its prefix', async () => {
    const target = await mock({ basePath: '/api' });
    const origin = new URL(target.url).origin;
    expect(await diagnose(profileOf(target, { baseUrl: origin }))).toBe(
      `no token endpoint at ${origin}/token (404; the base URL from --base-url); ${origin}/api/token answers as one: try --base-url ${origin}/api`,
    );
  });

  it('names the parent when the given base URL has a segment too many', async () => {
    const target = await mock();
    const origin = new URL(target.url).origin;
    expect(await diagnose(profileOf(target, { baseUrl: `${origin}/fds/v1` }))).toBe(
      `no token endpoint at ${origin}/fds/v1/token (404; the base URL from --base-url); ${origin}/token answers as one: try --base-url ${origin}`,
    );
  });

  it('says so when the key is refused at the base URL it suggests as well', async () => {
    const target = await mock({ basePath: '/api/v1' });
    const origin = new URL(target.url).origin;
    expect(await diagnose(profileOf(target, { baseUrl: origin, apiKey: unknownKey }))).toMatch(
      new RegExp(
        `^no token endpoint at ${origin}/token \\(404; the base URL from --base-url\\); ${origin}/api/v1/token answers as one: try --base-url ${origin}/api/v1 \\(there the API key is refused too: 400 invalid-grant`,
      ),
    );
  });

  it('says so when no token endpoint answers anywhere it looks', async () => {
    const nowhere = await fixedAnswer(404, '<html>Not Found</html>', 'text/html');
    const target = await mock();
    expect(await diagnose({ ...profileOf(target), baseUrl: `${nowhere}/fds` })).toBe(
      `no token endpoint at ${nowhere}/fds/token (404; the base URL from --base-url), nor at its parent paths or under /api, /v1, /api/v1 (below it or at the root): check --base-url`,
    );
  });

  it.each([
    // A refusal of the supported version names the version header, not the key.
    'token-supported-version-refused',
    'token-server-access-201',
    'token-access-token-empty',
    'token-expires-in-zero',
  ])('leaves a broken token endpoint to the checks: %s', async (fault) => {
    const target = await mock({ faults: [fault] });
    expect(await diagnose(profileOf(target))).toBeUndefined();
  });

  it.each([
    ['a 200 without a token', 200, '{"token_type":"Bearer"}'],
    ['garbage', 200, 'not json at all'],
    ['a 401 without an error list', 401, ''],
  ])('leaves a token endpoint answering %s to the checks', async (_, status, body) => {
    const target = await fixedAnswer(status, body);
    expect(await diagnose({ ...profileOf(await mock()), baseUrl: target })).toBeUndefined();
  });

  it('counts each request it sends in the run budget, and waits its turn there', async () => {
    const arrivals: number[] = [];
    const target = await mock({ basePath: '/api', onRequest: () => arrivals.push(performance.now()) });
    // The reachability probe, answered just before.
    const answered = [Date.now()];
    const origin = new URL(target.url).origin;
    const line = (
      await setupError(profileOf(target, { baseUrl: `${origin}/x` }), {
        timeoutMs: 5_000,
        sources,
        maxRps: 3,
        answered,
        secrets: new Secrets(),
      })
    )?.line;
    expect(line).toContain(`try --base-url ${origin}/api`);
    // The request at the base URL, then each candidate up to the one that answered.
    const sent = candidateBases(`${origin}/x`).indexOf(`${origin}/api`) + 2;
    expect(arrivals).toHaveLength(sent);
    expect(answered).toHaveLength(sent + 1);
    // On the arrival times the target recorded: at most 3 in any sliding second (see run-command.test.ts).
    const busiest = Math.max(...arrivals.map((t) => arrivals.filter((u) => u >= t && u < t + 1000).length));
    expect(busiest).toBeLessThanOrEqual(3);
  });

  it('recognises a refused expiry key, naming where it came from, and never prints it', async () => {
    const target = await mock();
    const profile = profileOf(target, { tokenExpiry: { apiKey: unknownKey, maxWaitSeconds: 5 } });
    const line = await diagnose(profile);
    expect(line).toMatch(
      /^the expiry API key \(from FDS_EXPIRY_API_KEY\) was refused by POST \/token \(400 invalid-grant[^)]*\); the token-expiry checks need a key the target accepts$/,
    );
    expect(line).not.toContain(unknownKey);
  });

  it('stops at a silent target with one line, within the time given', async () => {
    const silent = await server(() => undefined);
    const found = await setupError(
      { ...profileOf(await mock()), baseUrl: `${silent}/api` },
      {
        timeoutMs: 300,
        sources: { ...sources, baseUrl: 'FDS_BASE_URL' },
        answered: [],
        secrets: new Secrets(),
      },
    );
    expect(found).toEqual({
      line: `no answer from POST /token in 0.3 s at ${silent}/api (from FDS_BASE_URL): it accepts connections and says nothing; check that the service is up, or raise --timeout-ms`,
      unserved: true,
    });
  });

  /** A target whose every answer, the token endpoint's included, is this 5xx error list. */
  const down = (status: number, code: string) =>
    fixedAnswer(
      status,
      JSON.stringify({
        type: 'list',
        correlationId: 'd0d0d0d0-0000-4000-8000-000000000000',
        data: [{ type: 'error', code, title: 'Unavailable', detail: 'try again later' }],
      }),
    );
  const remedy =
    'the service is down or overloaded, and no check runs without a token: check that it is up and that the base URL (from --base-url) reaches it, not a gateway in front of a stopped one';

  it('stops at a target down at the door, every answer a 503, naming the status, the code and the URL', async () => {
    const target = await down(503, 'service-unavailable');
    const found = await setupError(
      { ...profileOf(await mock()), baseUrl: `${target}/api` },
      { timeoutMs: 5_000, sources, answered: [], secrets: new Secrets() },
    );
    expect(found).toEqual({
      line: `POST /token at ${target}/api/token answered 503 service-unavailable: try again later; ${remedy}; --retry-transient N sends it again, for a service busy only for moments`,
      unserved: true,
    });
  });

  it('stops when only the token endpoint answers a 5xx, which is no transient answer to retry', async () => {
    const target = await server((req, res) => {
      req.resume();
      if (req.url === '/token')
        return res
          .writeHead(500, { 'content-type': 'application/json' })
          .end('{"type":"list","data":[{"type":"error","code":"internal-server-error"}]}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"list","data":[]}');
    });
    expect(await diagnose({ ...profileOf(await mock()), baseUrl: target })).toBe(
      `POST /token at ${target}/token answered 500 internal-server-error; ${remedy}`,
    );
  });

  it('stops at a token request whose connection is reset', async () => {
    const target = await server((req) => req.socket.destroy());
    expect(await diagnose({ ...profileOf(await mock()), baseUrl: target })).toBe(
      `POST /token at ${target}/token got no answer: connection reset before the answer was complete; ${remedy}; --retry-transient N sends it again, for a service busy only for moments`,
    );
  });

  it('sends the token request again after a transient answer as --retry-transient asks, each time in the budget', async () => {
    let asked = 0;
    // 503 to the first token requests it is busy for, then a token: a service busy for a moment.
    let busyFor = 2;
    const busy = await server((req, res) => {
      req.resume();
      asked++;
      if (asked <= busyFor)
        return res.writeHead(503, { 'content-type': 'application/json' }).end('{"type":"list","data":[]}');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"access_token":"t-1","token_type":"Bearer","expires_in":60}');
    });
    const profile = { ...profileOf(await mock()), baseUrl: busy, tokenExpiry: undefined, fixtures: {} };
    const answered: number[] = [];
    expect(
      await setupError(profile, {
        timeoutMs: 5_000,
        sources,
        answered,
        retryTransient: 2,
        secrets: new Secrets(),
      }),
    ).toBeUndefined();
    expect([asked, answered.length]).toEqual([3, 3]);

    // Busy for longer than the retries last: the line says the retries met the same.
    [asked, busyFor] = [0, Infinity];
    const line = (
      await setupError(profile, {
        timeoutMs: 5_000,
        sources,
        answered: [],
        retryTransient: 1,
        secrets: new Secrets(),
      })
    )?.line;
    expect(line).toBe(`POST /token at ${busy}/token answered 503 (the same after 1 retry); ${remedy}`);
    expect(asked).toBe(2);
  });

  it('looks for the token endpoint elsewhere within one time limit for the whole search', async () => {
    // 404 at the base URL's path, silence everywhere else: each candidate would otherwise cost a time-out.
    const stalling = await server((req, res) => {
      if (req.url === '/x/token') res.writeHead(404).end();
    });
    const line = await diagnose({ ...profileOf(await mock()), baseUrl: `${stalling}/x` }, [], 300);
    expect(line).toBe(
      `no token endpoint at ${stalling}/x/token (404; the base URL from --base-url), and none of its parent paths or common prefixes answered as one within 0.3 s: check --base-url`,
    );
  });

  const placeholders = {
    userId: 'a user with at least one connection whose accounts have transactions',
    connectionId: 'a connection of that user',
    institutionId: 'an institution of the catalogue',
    affordabilityId: 'a snapshot of that user',
  };

  it.each([
    { name: 'the default reading', options: {} },
    {
      name: 'an unknown id answered 400',
      options: { variants: { refusalStatuses: { unknownId: 400 as const } } },
    },
  ])('names each fixture the target does not know, in one line: $name', async ({ options }) => {
    const target = await mock(options);
    const profile = profileOf(target);
    const line = await diagnose({ ...profile, fixtures: { ...profile.fixtures, ...placeholders } });
    expect(line).toMatch(
      new RegExp(
        `^the target at ${target.url} \\(from --base-url\\) does not know fixtures of the profile p\\.json: fixtures\\.userId "a user with … have transactions" \\(GET /users/\\{user\\.id\\}/connections answered (404|400) [a-z-]+: [^)]+\\); fixtures\\.institutionId "an institution of the catalogue" \\(GET /institutions/\\{institution\\.id\\} answered (404|400) [a-z-]+: [^)]+\\); give ids the target has$`,
      ),
    );
  });

  it("names the other user the target does not know, and not that user's connection beside it", async () => {
    const target = await mock();
    const profile = profileOf(target);
    const line = await diagnose({
      ...profile,
      fixtures: { ...profile.fixtures, otherUserId: 'user-none', otherConnectionId: 'conn-none' },
    });
    expect(line).toMatch(
      /does not know a fixture of the profile p\.json: fixtures\.otherUserId "user-none" \(GET \/users\/\{user\.id\}\/connections answered 404 [^)]+\); give ids the target has$/,
    );
  });

  it('names a connection the target does not know for the other user', async () => {
    const target = await mock();
    const profile = profileOf(target);
    const line = await diagnose({
      ...profile,
      // The fixture user's own connection is not the other user's.
      fixtures: { ...profile.fixtures, otherConnectionId: profile.fixtures.connectionId ?? '' },
    });
    expect(line).toMatch(
      /does not know a fixture of the profile p\.json: fixtures\.otherConnectionId "[^"]+" \(GET \/users\/\{user\.id\}\/connections\/\{connection\.id\} answered 404 [^)]+\); give ids the target has$/,
    );
  });

  it('names a connection or a snapshot of a known user the target does not know', async () => {
    const target = await mock();
    const profile = profileOf(target);
    const line = await diagnose({
      ...profile,
      fixtures: { ...profile.fixtures, connectionId: 'conn-none', affordabilityId: 'snap-none' },
    });
    expect(line).toMatch(
      /does not know fixtures of the profile p\.json: fixtures\.connectionId "conn-none" \(GET \/users\/\{user\.id\}\/connections\/\{connection\.id\} answered 404 [^)]+\); fixtures\.affordabilityId "snap-none" \(GET \/users\/\{user\.id\}\/affordability\/\{affordability\.id\}\/transactions answered 404 [^)]+\); give ids the target has$/,
    );
  });

  it('looks the fixtures up with GETs, each in the run budget', async () => {
    const seen: string[] = [];
    const target = await mock({ onRequest: (method, path) => seen.push(`${method} ${path}`) });
    const answered: number[] = [];
    expect(await diagnose(profileOf(target), answered)).toBeUndefined();
    const { fixtures } = profileOf(target);
    const connections = target.world.connections.filter((c) => c.userId === fixtures.userId);
    // The run's key, the expiry key and the key of the partner without enrich each ask a token; the
    // disabled and deleted partners' keys, refused by design, are not sent.
    expect(seen).toEqual([
      'POST /token',
      'POST /token',
      'POST /token',
      `GET /users/${fixtures.userId}/connections`,
      `GET /users/${fixtures.userId}/connections/${fixtures.connectionId}`,
      `GET /institutions/${fixtures.institutionId}`,
      `GET /users/${fixtures.userId}/affordability/${fixtures.affordabilityId}/transactions`,
      `GET /users/${fixtures.otherUserId}/connections`,
      `GET /users/${fixtures.otherUserId}/connections/${fixtures.otherConnectionId}`,
      `GET /jobs/${fixtures.jobId}`,
      // The account ids, which the spec gives no GET: every connection of the user, read singly, each
      // request sent once (the list and the fixture connection were read above).
      ...connections
        .filter((c) => c.id !== fixtures.connectionId)
        .map((c) => `GET /users/${fixtures.userId}/connections/${c.id}`),
    ]);
    expect(connections.length).toBeGreaterThan(1);
    expect(answered).toHaveLength(seen.length);
  });

  it('names a job id and account ids the target does not know', async () => {
    const target = await mock();
    const profile = profileOf(target);
    const [known] = profile.fixtures.accountIds ?? [];
    const line = await diagnose({
      ...profile,
      fixtures: { ...profile.fixtures, jobId: 'job-none', accountIds: [known as string, 'account-none'] },
    });
    expect(line).toMatch(
      /does not know fixtures of the profile p\.json: fixtures\.jobId "job-none" \(GET \/jobs\/\{job\.id\} answered 404 [^)]+\); fixtures\.accountIds "account-none" \(none of the user's 2 connections embeds it, read with GET \/users\/\{user\.id\}\/connections\/\{connection\.id\}\); give ids the target has$/,
    );
  });

  it('leaves the account ids to the checks where a connection of the user shows no accounts', async () => {
    const target = await server((req, res) => {
      req.resume();
      const body =
        req.url === '/token'
          ? { access_token: 't-1', token_type: 'Bearer', expires_in: 60 }
          : req.url === '/users/u-1/connections'
            ? { type: 'list', data: [{ id: 'c-1' }], links: { self: '/users/u-1/connections' } }
            : { type: 'connection', id: 'c-1' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    const profile = { ...profileOf(await mock()), baseUrl: target, tokenExpiry: undefined };
    const fixtures = { userId: 'u-1', accountIds: ['account-none'] };
    expect(await diagnose({ ...profile, fixtures })).toBeUndefined();
  });

  it('names the key of a partner not enabled for enrich that the target refuses, and never the key', async () => {
    const target = await mock();
    const profile = profileOf(target);
    const line = await diagnose({
      ...profile,
      fixtures: { ...profile.fixtures, nonEnrichPartnerApiKey: unknownKey },
    });
    expect(line).toMatch(
      /^the API key of a partner not enabled for enrich \(from FDS_NON_ENRICH_API_KEY\) was refused by POST \/token \(400 invalid-grant: [^)]+\); the enrich partner check needs a key the target gives tokens to$/,
    );
    expect(line).not.toContain(unknownKey);
  });

  it.each([
    ['a 400 refusing the token', 400, { code: 'invalid-grant', title: 'Invalid grant' }],
    ['a 404 that is no error list', 404, undefined],
    ['a 500', 500, { code: 'internal-server-error', title: 'Internal error' }],
  ])('leaves a fixture answered with %s to the checks', async (_, status, error) => {
    const target = await server((req, res) => {
      req.resume();
      if (req.url === '/token')
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"access_token":"t-1","token_type":"Bearer","expires_in":60}');
      res
        .writeHead(status, { 'content-type': error ? 'application/json' : 'text/html' })
        .end(
          error
            ? JSON.stringify({ type: 'list', correlationId: 'c', data: [{ type: 'error', ...error }] })
            : 'Not Found',
        );
    });
    expect(
      await diagnose({ ...profileOf(await mock()), baseUrl: target, tokenExpiry: undefined }),
    ).toBeUndefined();
  });

  it('looks at the parents first, then the common prefixes below the base URL and at the root', () => {
    expect(candidateBases('https://host.example/a/b/')).toEqual([
      'https://host.example/a',
      'https://host.example',
      'https://host.example/a/b/api',
      'https://host.example/a/b/v1',
      'https://host.example/a/b/api/v1',
      'https://host.example/api',
      'https://host.example/v1',
      'https://host.example/api/v1',
    ]);
    expect(candidateBases('https://host.example/api')).toEqual([
      'https://host.example',
      'https://host.example/api/api',
      'https://host.example/api/v1',
      'https://host.example/api/api/v1',
      'https://host.example/v1',
    ]);
  });
});
