import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiKey } from '../../mock/options.ts';
import { partnerApiKeys } from '../../mock/test-credentials.ts';
import { expectError, MockClient, type CallOptions } from './mock-client.ts';

let client: MockClient;

beforeAll(async () => {
  client = await MockClient.start();
});

afterAll(() => client.close());

describe('POST /token refusals follow the token error table (spec: Errors)', () => {
  const basic = { authorization: `Basic ${defaultApiKey}` };

  it('a missing scope is 400 invalid-request naming scope', async () => {
    expectError(await client.issue(basic, {}), 400, 'invalid-request', 'scope');
    expectError(await client.issue(basic, { scope: '' }), 400, 'invalid-request', 'scope');
  });

  it('an unsupported scope is 400 invalid-request naming scope', async () => {
    expectError(await client.issue(basic, { scope: 'ADMIN_ACCESS' }), 400, 'invalid-request', 'scope');
  });

  it('a missing Authorization header is 400 parameter-not-valid', async () => {
    const exchange = await client.issue({}, { scope: 'SERVER_ACCESS' });
    expectError(exchange, 400, 'parameter-not-valid', 'Authorization');
  });

  it('a malformed Authorization header is 400 parameter-not-valid', async () => {
    for (const authorization of [`Bearer ${defaultApiKey}`, 'Basic', defaultApiKey, 'Basic a b']) {
      const exchange = await client.issue({ authorization }, { scope: 'SERVER_ACCESS' });
      expectError(exchange, 400, 'parameter-not-valid', 'Authorization');
    }
  });

  it('an unknown API key is 400 invalid-grant', async () => {
    const exchange = await client.issue({ authorization: 'Basic not-a-key' }, { scope: 'SERVER_ACCESS' });
    expectError(exchange, 400, 'invalid-grant');
  });

  it("a temporarily disabled partner's key is 403 access-denied, never repeating the key", async () => {
    const exchange = await client.issue(
      { authorization: `Basic ${partnerApiKeys.disabled}` },
      { scope: 'SERVER_ACCESS' },
    );
    expectError(exchange, 403, 'access-denied', 'Authorization');
    expect(exchange.text).not.toContain(partnerApiKeys.disabled);
  });

  it("a deleted partner's key is 404 parameter-not-valid, never repeating the key", async () => {
    const exchange = await client.issue(
      { authorization: `Basic ${partnerApiKeys.deleted}` },
      { scope: 'SERVER_ACCESS' },
    );
    expectError(exchange, 404, 'parameter-not-valid', 'Authorization');
    expect(exchange.text).not.toContain(partnerApiKeys.deleted);
  });

  it('the key of a partner not enabled for enrich gets a token, which GET /enrich refuses with 403 access-denied and every other endpoint takes', async () => {
    const token = await client.token(partnerApiKeys.nonEnrich);
    const { institutionId } = client.fixture;
    const query = { q: 'EFTPOS WOOLWORTHS 1234', institution: institutionId, country: 'AU' };
    expectError(await client.get('/enrich', query, { token }), 403, 'access-denied');
    expect((await client.get('/enrich', query)).status).toBe(200);
    expect((await client.get(client.paths.institution, undefined, { token })).status).toBe(200);
  });

  it("the unsupported version '1.0' is 400 parameter-not-valid naming the version header", async () => {
    const exchange = await client.issue({ ...basic, 'service-version': '1.0' }, { scope: 'SERVER_ACCESS' });
    expectError(exchange, 400, 'parameter-not-valid', 'service-version');
  });

  it('a JSON body is 400 invalid-request, not 415', async () => {
    const exchange = await client.call('POST', '/token', {
      headers: { ...basic, 'service-version': '2.0' },
      json: { scope: 'SERVER_ACCESS' },
      token: null,
    });
    expectError(exchange, 400, 'invalid-request');
  });
});

describe('every route but the token endpoint refuses requests without a valid bearer token with 401', () => {
  const routes = (): [string, string, CallOptions][] => [
    ['GET', '/enrich?q=woolworths&institution=AU00800&country=AU', {}],
    ['POST', '/users', { json: { email: 'a@example.com' } }],
    ['GET', client.paths.connections, {}],
    ['GET', client.paths.connection, {}],
    ['POST', client.paths.connection, { json: { password: 'x' } }],
    ['GET', `/jobs/${randomUUID()}`, {}],
    ['GET', '/institutions', {}],
    ['GET', client.paths.institution, {}],
    ['POST', client.paths.expenses, { json: {} }],
    ['GET', client.paths.transactions, {}],
  ];
  const credentials: [string, CallOptions][] = [
    ['no Authorization header', { token: null }],
    ['a garbage bearer token', { token: 'garbage' }],
    ['a token-less Authorization header', { token: null, headers: { authorization: 'garbage' } }],
    [
      'the API key as Basic credentials',
      { token: null, headers: { authorization: `Basic ${defaultApiKey}` } },
    ],
  ];

  it.each(credentials)('%s is refused', async (_name, credential) => {
    for (const [method, path, options] of routes()) {
      const exchange = await client.call(method, path, { ...options, ...credential });
      expectError(exchange, 401, undefined, 'Authorization');
    }
  });
});

describe('GET /enrich refuses each invalid parameter with 400 parameter-not-valid naming it', () => {
  const valid = () => ({
    q: 'EFTPOS WOOLWORTHS 1234',
    institution: client.fixture.institutionId,
    country: 'AU',
  });
  const cases: [string, string, string | undefined][] = [
    ['q', 'q', 'ab'],
    ['q', 'q', undefined],
    ['institution', 'institution', 'XX99999'],
    ['institution', 'institution', undefined],
    ['country', 'country', 'XX'],
    ['country', 'country', 'AUS'],
    ['country', 'country', 'au'],
    ['country', 'country', undefined],
    ['accountType', 'accountType', 'cheque'],
    ['amount', 'amount', '12,50'],
    ['amount', 'amount', 'ten'],
    ['mcc', 'mcc', 'abc'],
  ];

  it.each(cases)('%s = %s … %s', async (parameter, _name, value) => {
    const query: Record<string, string> = { ...valid(), accountType: 'transaction', amount: '-1.00' };
    if (value === undefined) delete query[parameter];
    else query[parameter] = value;
    expectError(await client.get('/enrich', query), 400, 'parameter-not-valid', parameter);
  });
});

describe('invalid filters are refused with 400 naming filter', () => {
  const cases: [string, string][] = [
    ['unknown property', "colour.eq('red')"],
    ['unsupported operator', "country.gt('AU')"],
    ['malformed expression', 'country=AU'],
    ['unquoted value', 'country.eq(AU)'],
    ['empty filter', ''],
    ['trailing comma', "country.eq('AU'),"],
  ];

  it.each(cases)('GET /institutions with %s', async (_name, filter) => {
    expectError(await client.get('/institutions', { filter }), 400, undefined, 'filter');
  });

  it.each(cases)('GET /users/{user.id}/connections with %s', async (_name, filter) => {
    expectError(await client.get(client.paths.connections, { filter }), 400, undefined, 'filter');
  });

  it('ne is not an operator of the connections filter (only eq is seen: spec)', async () => {
    const exchange = await client.get(client.paths.connections, { filter: "status.ne('active')" });
    expectError(exchange, 400, undefined, 'filter');
  });

  it.each([...cases, ['a property of another endpoint', "country.eq('AU')"]])(
    'affordability transactions with %s',
    async (_name, filter) => {
      expectError(await client.get(client.paths.transactions, { filter }), 400, undefined, 'filter');
    },
  );
});

describe('POST /users/{user.id}/expenses refuses invalid months', () => {
  it.each([
    ['fromMonth', '2026-13'],
    ['fromMonth', '2026-1'],
    ['toMonth', '26-01'],
    ['toMonth', 202601],
  ])('%s = %s is 400 naming it', async (name, value) => {
    expectError(await client.post(client.paths.expenses, { [name]: value }), 400, undefined, name);
  });

  it('fromMonth after toMonth is 400', async () => {
    const exchange = await client.post(client.paths.expenses, { fromMonth: '2026-05', toMonth: '2026-04' });
    expectError(exchange, 400, undefined, 'fromMonth');
  });

  it('accounts that are not the user’s are 400 naming accounts', async () => {
    expectError(await client.post(client.paths.expenses, { accounts: ['nope'] }), 400, undefined, 'accounts');
    expectError(await client.post(client.paths.expenses, { accounts: 'all' }), 400, undefined, 'accounts');
  });

  it('a body that is not an object is 400', async () => {
    expectError(await client.post(client.paths.expenses, [1]), 400);
  });
});

describe('affordability paging parameters', () => {
  it.each(['0', '501', 'ten', '-1', '1.5', ''])('limit %j is 400 naming limit', async (limit) => {
    expectError(await client.get(client.paths.transactions, { limit }), 400, undefined, 'limit');
  });

  it.each(['garbage', 'eyJvZmZzZXQiOiJ4In0', '%%%'])('next cursor %j is 400 naming next', async (next) => {
    expectError(await client.get(client.paths.transactions, { next }), 400, undefined, 'next');
  });
});

describe('request bodies', () => {
  it('malformed JSON is 400', async () => {
    for (const raw of ['{"email":', 'not json', '']) {
      const exchange = await client.call('POST', '/users', { raw, contentType: 'application/json' });
      expectError(exchange, 400, undefined, 'body');
    }
  });

  it('a content type other than JSON is 415', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
      const exchange = await client.call('POST', '/users', { raw: '{"email":"a@b.co"}', contentType });
      expectError(exchange, 415, undefined, 'Content-Type');
    }
    const none = await client.call('POST', client.paths.expenses, { raw: '{}' });
    expect([400, 415]).toContain(none.status);
    expectError(none, none.status);
  });

  it('a JSON content type with parameters is accepted', async () => {
    const exchange = await client.call('POST', '/users', {
      raw: '{"email":"a@b.co"}',
      contentType: 'Application/JSON; charset=utf-8',
    });
    expect(exchange.status).toBe(201);
  });

  it('a body over 64 KiB is 413', async () => {
    const json = { email: 'a@b.co', firstName: 'x'.repeat(65 * 1024) };
    expectError(await client.post('/users', json), 413);
  });

  it('a body just under 64 KiB is read', async () => {
    const json = { email: 'a@b.co', firstName: 'x'.repeat(60 * 1024) };
    expect((await client.post('/users', json)).status).toBe(201);
  });

  it('POST /users without email and mobile, or with an empty email or a local mobile, is 400', async () => {
    expectError(await client.post('/users', { firstName: 'Ada' }), 400, undefined, 'email');
    expectError(await client.post('/users', { email: '' }), 400, undefined, 'email');
    expectError(await client.post('/users', { mobile: '0412345678' }), 400, undefined, 'mobile');
    expectError(await client.post('/users', { email: 42 }), 400, undefined, 'email');
  });

  it('a connection update without password is 400 naming password', async () => {
    expectError(await client.post(client.paths.connection, {}), 400, undefined, 'password');
    expectError(await client.post(client.paths.connection, { password: '' }), 400, undefined, 'password');
  });
});

describe('routing', () => {
  it('an unknown route is 404', async () => {
    for (const path of ['/nope', '/institutions/AU00800/extra', '/users/', '/', '/jobs/', '//institutions']) {
      expectError(await client.get(path), 404, 'resource-not-found');
    }
  });

  it('a method the route does not take is 405 with Allow', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', '/institutions', 'GET'],
      ['POST', '/institutions', 'GET'],
      ['GET', '/token', 'POST'],
      ['PUT', '/users', 'POST'],
      ['GET', '/users', 'POST'],
      ['PATCH', client.paths.connection, 'GET, POST, DELETE'],
      ['DELETE', client.paths.transactions, 'GET'],
    ];
    for (const [method, path, allow] of cases) {
      const exchange = await client.call(method, path);
      expectError(exchange, 405);
      expect(exchange.headers.get('allow'), `${method} ${path}`).toBe(allow);
    }
  });

  // The fault of ERR-12 rewrites the 405: a reply fault reaches every reply the mock sends.
  it('a 405 is sent through the reply faults in force', async () => {
    const faulty = await MockClient.start({ faults: ['error-wrong-method-without-correlation-id'] });
    try {
      const exchange = await faulty.call('GET', '/token');
      expect(exchange.status).toBe(405);
      expect(exchange.body).not.toHaveProperty('correlationId');
    } finally {
      await faulty.close();
    }
  });

  it.each([
    ['user', () => `/users/${randomUUID()}/connections`, 'user.id'],
    ['connection', () => `${client.paths.connections}/${randomUUID()}`, 'connection.id'],
    ['job', () => `/jobs/${randomUUID()}`, 'job.id'],
    ['institution', () => '/institutions/AU99999', 'institution.id'],
    [
      'snapshot',
      () => `/users/${client.fixture.userId}/affordability/${randomUUID()}/transactions`,
      'affordability.id',
    ],
  ])('an unknown %s id is 404', async (_name, path, parameter) => {
    expectError(await client.get(path()), 404, undefined, parameter);
  });

  it('a connection of another user is 404', async () => {
    const other = client.world.connections.find((c) => c.userId !== client.fixture.userId);
    const exchange = await client.get(`${client.paths.connections}/${other?.id}`);
    expectError(exchange, 404, undefined, 'connection.id');
  });

  it('a snapshot of another user is 404', async () => {
    const other = client.world.affordability.find((s) => s.userId !== client.fixture.userId);
    const exchange = await client.get(
      `/users/${client.fixture.userId}/affordability/${other?.id}/transactions`,
    );
    expectError(exchange, 404, undefined, 'affordability.id');
  });

  it('POST to an unknown user’s expenses or connection is 404', async () => {
    expectError(await client.post(`/users/${randomUUID()}/expenses`, {}), 404, undefined, 'user.id');
    const update = await client.post(`${client.paths.connections}/${randomUUID()}`, { password: 'x' });
    expectError(update, 404, undefined, 'connection.id');
  });
});
