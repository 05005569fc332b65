// Over 400 lines: one table-like test per refusal the mock can give, each its own case, read side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, MockClient, type Exchange } from './mock-client.ts';

/**
 * What a developer building against the mock reads when a request is refused: the detail says whether a
 * parameter is missing, malformed or unknown, names it, and for the last two repeats what came (cut
 * short) and says what is expected or known. Secrets (passwords, security codes, API keys, tokens) are
 * never repeated. Statuses, codes and source.parameter are the suites' business and stay as they were.
 */
let client: MockClient;
beforeAll(async () => {
  client = await MockClient.start();
});
afterAll(() => client.close());

interface Case {
  /** What the request gets wrong. */
  name: string;
  send: (client: MockClient) => Promise<Exchange>;
  status: number;
  code: string;
  parameter: string;
  detail: string;
  /** A value sent that the detail must not repeat. */
  secret?: string;
}

function enrich(query: Record<string, string>, omit: string[] = []) {
  return (c: MockClient) => {
    const full: Record<string, string> = {
      q: 'coffee',
      institution: c.fixture.institutionId,
      country: 'AU',
      ...query,
    };
    for (const name of omit) delete full[name];
    return c.get('/enrich', full);
  };
}

function token(headers: Record<string, string>, form: Record<string, string>) {
  return (c: MockClient) => c.issue({ authorization: 'Basic mock-api-key', ...headers }, form);
}

function updateConnection(body: unknown) {
  return (c: MockClient) => c.post(c.paths.connection, body);
}

function expenses(body: unknown) {
  return (c: MockClient) => c.post(c.paths.expenses, body);
}

const bad = { status: 400, code: 'parameter-not-valid' };
const notFound = { status: 404, code: 'resource-not-found' };
const badToken = { status: 400, code: 'invalid-request' };
const unauthenticated = { status: 401, code: 'invalid-grant', parameter: 'Authorization' };

const missing: Case[] = [
  {
    name: 'GET /enrich without country',
    send: enrich({}, ['country']),
    ...bad,
    parameter: 'country',
    detail: 'country is required',
  },
  {
    name: 'GET /enrich with country empty',
    send: enrich({ country: '' }),
    ...bad,
    parameter: 'country',
    detail: 'country is required, got an empty value',
  },
  {
    name: 'GET /enrich with q empty',
    send: enrich({ q: '' }),
    ...bad,
    parameter: 'q',
    detail: 'q is required, got an empty value',
  },
  {
    name: 'GET /enrich with institution empty',
    send: enrich({ institution: '' }),
    ...bad,
    parameter: 'institution',
    detail: 'institution is required, got an empty value',
  },
  {
    name: 'POST /users with neither email nor mobile',
    send: (c) => c.post('/users', { firstName: 'Ada' }),
    ...bad,
    parameter: 'email',
    detail: 'email or mobile is required',
  },
  {
    name: 'a connection update without password',
    send: updateConnection({ securityCode: '1234' }),
    ...bad,
    parameter: 'password',
    detail: 'password is required',
  },
  {
    name: 'a connection update with an empty password',
    send: updateConnection({ password: '' }),
    ...bad,
    parameter: 'password',
    detail: 'password is required, got an empty value',
  },
  {
    name: 'a connection update with a body of no bytes',
    send: (c) => c.call('POST', c.paths.connection, { raw: '', contentType: 'application/json' }),
    ...bad,
    parameter: 'body',
    detail: 'the body is required, got no bytes: it must be JSON',
  },
  {
    name: 'POST /users with a body and no content type',
    send: (c) => c.call('POST', '/users', { raw: new TextEncoder().encode('{"email":"a@b.co"}') }),
    status: 415,
    code: 'parameter-not-valid',
    parameter: 'Content-Type',
    detail: 'Content-Type is required: the body must be application/json',
  },
  {
    name: 'POST /token without scope',
    send: token({}, {}),
    ...badToken,
    parameter: 'scope',
    detail: 'scope is required',
  },
  {
    name: 'POST /token with scope empty',
    send: token({}, { scope: '' }),
    ...badToken,
    parameter: 'scope',
    detail: 'scope is required, got an empty value',
  },
  {
    name: 'POST /token without Authorization',
    send: (c) => c.issue({}, { scope: 'SERVER_ACCESS' }),
    status: 400,
    code: 'parameter-not-valid',
    parameter: 'Authorization',
    detail: 'the Authorization header is required',
  },
  {
    name: 'GET /institutions without Authorization',
    send: (c) => c.get('/institutions', undefined, { token: null }),
    ...unauthenticated,
    detail: 'the Authorization header is required',
  },
];

const malformed: Case[] = [
  {
    name: 'GET /enrich with a lower-case country',
    send: enrich({ country: 'zz' }),
    ...bad,
    parameter: 'country',
    detail: "country must be an ISO 3166 alpha-2 code (two capital letters), got 'zz'",
  },
  {
    name: 'GET /enrich with a long country, cut short',
    send: enrich({ country: 'A'.repeat(100) }),
    ...bad,
    parameter: 'country',
    detail: `country must be an ISO 3166 alpha-2 code (two capital letters), got '${'A'.repeat(40)}…'`,
  },
  {
    name: 'GET /enrich with a short q',
    send: enrich({ q: 'ab' }),
    ...bad,
    parameter: 'q',
    detail: "q must be at least 3 characters, got 'ab'",
  },
  {
    name: 'GET /enrich with an mcc holding a control character, escaped',
    send: enrich({ mcc: '12\n3' }),
    ...bad,
    parameter: 'mcc',
    detail: "mcc must be a four-digit merchant category code, got '12\\u000a3'",
  },
  {
    name: 'GET /enrich with an amount in words',
    send: enrich({ amount: 'ten', accountType: 'savings' }),
    ...bad,
    parameter: 'amount',
    detail: "amount must be a signed decimal such as -12.50, got 'ten'",
  },
  {
    name: 'GET /institutions with a filter value not in quotes',
    send: (c) => c.get('/institutions', { filter: 'country.eq(AU)' }),
    ...bad,
    parameter: 'filter',
    detail: "malformed filter expression 'country.eq(AU)'; expected <property>.<operator>('<value>')",
  },
  {
    name: 'GET transactions with limit 0',
    send: (c) => c.get(c.paths.transactions, { limit: '0' }),
    ...bad,
    parameter: 'limit',
    detail: "limit must be a whole number from 1 to 500, got '0'",
  },
  {
    name: 'POST expenses with a one-digit month',
    send: expenses({ fromMonth: '2024-1' }),
    ...bad,
    parameter: 'fromMonth',
    detail: "fromMonth must be a month in YYYY-MM form, got '2024-1'",
  },
  {
    name: 'POST expenses with a month as a number',
    send: expenses({ toMonth: 202401 }),
    ...bad,
    parameter: 'toMonth',
    detail: 'toMonth must be a month in YYYY-MM form, got 202401',
  },
  {
    name: 'POST expenses with accounts as a string',
    send: expenses({ accounts: 'acc-1' }),
    ...bad,
    parameter: 'accounts',
    detail: "accounts must be an array of account identifiers, got 'acc-1'",
  },
  {
    name: 'POST expenses with an array for a body',
    send: expenses([]),
    ...bad,
    parameter: 'body',
    detail: 'the body must be a JSON object, got an array',
  },
  {
    name: 'POST expenses with a reversed range',
    send: expenses({ fromMonth: '2026-05', toMonth: '2026-01' }),
    ...bad,
    parameter: 'fromMonth',
    detail: "fromMonth must be no later than toMonth, got fromMonth '2026-05' and toMonth '2026-01'",
  },
  {
    name: 'POST /users with a national mobile number',
    send: (c) => c.post('/users', { mobile: '0412345678' }),
    ...bad,
    parameter: 'mobile',
    detail: "mobile must be in international format +<country-code><number>, got '0412345678'",
  },
  {
    name: 'POST /users with an e-mail address without a domain',
    send: (c) => c.post('/users', { email: 'nobody' }),
    ...bad,
    parameter: 'email',
    detail: "email must be an e-mail address, got 'nobody'",
  },
  {
    name: 'POST /users with email as a number',
    send: (c) => c.post('/users', { email: 42 }),
    ...bad,
    parameter: 'email',
    detail: 'email must be a string, got 42',
  },
  {
    name: 'POST /users with a body that is not JSON',
    send: (c) => c.call('POST', '/users', { raw: 'not json', contentType: 'application/json' }),
    ...bad,
    parameter: 'body',
    detail: 'the body is not valid JSON, got 8 bytes that do not parse',
  },
  {
    name: 'POST /users with a text body',
    send: (c) => c.call('POST', '/users', { raw: 'email=a@b.co', contentType: 'text/plain' }),
    status: 415,
    code: 'parameter-not-valid',
    parameter: 'Content-Type',
    detail: "Content-Type must be application/json, got 'text/plain'",
  },
  {
    name: 'a connection update cut short, its password not repeated',
    send: (c) =>
      c.call('POST', c.paths.connection, { raw: '{"password": "hunter2"', contentType: 'application/json' }),
    ...bad,
    parameter: 'body',
    detail: 'the body is not valid JSON, got 22 bytes that do not parse',
    secret: 'hunter2',
  },
  {
    name: 'a connection update with a password as a number, not repeated',
    send: updateConnection({ password: 73_519_246 }),
    ...bad,
    parameter: 'password',
    detail: 'password must be a string, got a number',
    secret: '73519246',
  },
  {
    name: 'a connection update with a security code as a number, not repeated',
    send: updateConnection({ password: 'secret', securityCode: 918_273 }),
    ...bad,
    parameter: 'securityCode',
    detail: 'securityCode must be a string, got a number',
    secret: '918273',
  },
  {
    name: 'GET /institutions with Basic credentials, the key not repeated',
    send: (c) =>
      c.get('/institutions', undefined, { token: null, headers: { authorization: 'Basic mock-api-key' } }),
    ...unauthenticated,
    detail: "the Authorization header must be Bearer <ACCESS_TOKEN>, got the scheme 'Basic'",
    secret: 'mock-api-key',
  },
  {
    name: 'POST /token with the bare key, not repeated',
    send: token({ authorization: 'mock-api-key' }, { scope: 'SERVER_ACCESS' }),
    status: 400,
    code: 'parameter-not-valid',
    parameter: 'Authorization',
    detail: 'the Authorization header must be Basic <API_KEY>, got a single word and no scheme',
    secret: 'mock-api-key',
  },
];

const unknown: Case[] = [
  {
    name: 'GET /institutions filtering on a property it does not have',
    send: (c) => c.get('/institutions', { filter: "colour.eq('blue')" }),
    ...bad,
    parameter: 'filter',
    detail:
      "unknown filter property 'colour': the properties are country, tier, serviceType, institutionType, stage, " +
      'institution.country, institution.tier, institution.serviceType, institution.institutionType, institution.stage',
  },
  {
    name: 'GET /institutions with an operator not supported',
    send: (c) => c.get('/institutions', { filter: "country.gt('AU')" }),
    ...bad,
    parameter: 'filter',
    detail: "unsupported filter operator 'gt': the operators are eq, ne",
  },
  {
    name: 'GET connections filtering on a property it does not have',
    send: (c) => c.get(c.paths.connections, { filter: "name.eq('x')" }),
    ...bad,
    parameter: 'filter',
    detail: "unknown filter property 'name': the properties are id, status, institution.id",
  },
  {
    name: 'GET /institutions/{institution.id} of no institution',
    send: (c) => c.get('/institutions/no-such-institution'),
    ...notFound,
    parameter: 'institution.id',
    detail: "unknown institution.id 'no-such-institution': no institution has this id",
  },
  {
    name: 'GET /jobs/{job.id} of no job',
    send: (c) => c.get('/jobs/no-such-job'),
    ...notFound,
    parameter: 'job.id',
    detail: "unknown job.id 'no-such-job': no job has this id",
  },
  {
    name: 'GET connections of no user',
    send: (c) => c.get('/users/no-such-user/connections'),
    ...notFound,
    parameter: 'user.id',
    detail: "unknown user.id 'no-such-user': no user has this id",
  },
  {
    name: 'GET a connection the user does not have',
    send: (c) => c.get(`${c.paths.connections}/no-such-connection`),
    ...notFound,
    parameter: 'connection.id',
    detail: "unknown connection.id 'no-such-connection': the user has no connection with this id",
  },
  {
    name: 'GET transactions of no affordability snapshot',
    send: (c) => c.get(`/users/${c.fixture.userId}/affordability/no-such-snapshot/transactions`),
    ...notFound,
    parameter: 'affordability.id',
    detail:
      "unknown affordability.id 'no-such-snapshot': the user has no affordability snapshot with this id",
  },
  {
    name: 'GET transactions with a cursor the service never issued',
    send: (c) => c.get(c.paths.transactions, { next: 'garbage' }),
    ...bad,
    parameter: 'next',
    detail: "unknown next 'garbage': not a cursor this service issued; take it from links.next",
  },
  {
    name: 'GET /enrich with an institution that does not exist',
    send: enrich({ institution: 'no-such-institution' }),
    ...bad,
    parameter: 'institution',
    detail: "unknown institution 'no-such-institution': no institution has this id",
  },
  {
    name: 'GET /enrich with a country code ISO 3166 does not assign',
    send: enrich({ country: 'ZZ' }),
    ...bad,
    parameter: 'country',
    detail: "unknown country 'ZZ': ISO 3166 assigns no country this code",
  },
  {
    name: 'GET /enrich with an account type it does not have',
    send: enrich({ accountType: 'cheque', amount: '-1.00' }),
    ...bad,
    parameter: 'accountType',
    detail:
      "unknown accountType 'cheque': the account types are transaction, credit-card, savings, mortgage, loan, foreign",
  },
  {
    name: 'POST expenses naming an account the user does not have',
    send: expenses({ accounts: ['no-such-account'] }),
    ...bad,
    parameter: 'accounts',
    detail: "unknown account 'no-such-account': the user has no account with this identifier",
  },
  {
    name: 'POST /token with a scope it does not have',
    send: token({}, { scope: 'ADMIN_ACCESS' }),
    ...badToken,
    parameter: 'scope',
    detail: "unknown scope 'ADMIN_ACCESS': the scopes are SERVER_ACCESS, CLIENT_ACCESS",
  },
  {
    name: 'POST /token with a grant type it does not support',
    send: token({}, { scope: 'SERVER_ACCESS', grant_type: 'password' }),
    status: 400,
    code: 'unsupported-grant-type',
    parameter: 'grant_type',
    detail: "unsupported grant_type 'password': the grant type supported is client_credentials",
  },
  {
    name: 'POST /token with a version no longer supported',
    send: token({ 'service-version': '1.0' }, { scope: 'SERVER_ACCESS' }),
    status: 400,
    code: 'parameter-not-valid',
    parameter: 'service-version',
    detail: "service-version '1.0' is no longer supported: the versions supported are 2.0",
  },
  {
    name: 'POST /token with a version that never existed',
    send: token({ 'service-version': '9.9' }, { scope: 'SERVER_ACCESS' }),
    status: 400,
    code: 'parameter-not-valid',
    parameter: 'service-version',
    detail: "unknown service-version '9.9': the versions supported are 2.0",
  },
  {
    name: 'POST /token with a key it does not know, not repeated',
    send: token({ authorization: 'Basic not-a-real-key' }, { scope: 'SERVER_ACCESS' }),
    status: 400,
    code: 'invalid-grant',
    parameter: 'Authorization',
    detail: 'unknown API key: it is invalid, expired or revoked',
    secret: 'not-a-real-key',
  },
  {
    name: 'GET /institutions with a token it never issued, not repeated',
    send: (c) => c.get('/institutions', undefined, { token: 'not-a-real-token' }),
    ...unauthenticated,
    detail: 'unknown access token: this service did not issue it, or no longer knows it',
    secret: 'not-a-real-token',
  },
];

describe('error details say what is wrong with the request', () => {
  for (const [kind, cases] of [
    ['missing', missing],
    ['malformed', malformed],
    ['unknown', unknown],
  ] as const) {
    it.each(cases)(`${kind}: $name`, async ({ send, status, code, parameter, detail, secret }) => {
      const exchange = await send(client);
      const error = expectError(exchange, status, code, parameter);
      expect(error.detail).toBe(detail);
      if (secret !== undefined) expect(exchange.text).not.toContain(secret);
    });
  }
});
