import type { ObservedRequest } from '../types.ts';
import type { OperationName } from '../../operations/table.ts';
import type { ClientRequirementId } from '../../requirements/requirement-ids.generated.ts';

/**
 * Requests a client could send, for the tests of the judge of client requests (src/observe/clients/judge.ts) and
 * of the observers that use it (the mock's, the proxy's): `conformantRequests`, one conformant request of
 * every operation of the table, and `clientFaults`, each breaking exactly one CLIENT requirement and no
 * other, at least one per requirement. test/clients/judge.test.ts holds the judge to both.
 */

export interface ClientFault {
  name: string;
  /** The one client requirement the request breaks. */
  requirement: ClientRequirementId;
  request: ObservedRequest;
  /**
   * For a rule over time (CLIENT-32): the request's bearer token came in a token answer giving this
   * expires_in, `secondsBefore` seconds before the request. The judge is shown that answer first; through
   * the mock and the proxy, the token is asked of a key whose tokens live `expiresIn` seconds, and the
   * request waits.
   */
  issued?: { expiresIn: number; secondsBefore: number };
}

const bearer = { authorization: 'Bearer example-access-token' };
const json = { ...bearer, 'content-type': 'application/json' };
const tokenHeaders = {
  authorization: 'Basic example-api-key',
  'content-type': 'application/x-www-form-urlencoded',
  'service-version': '2.0',
};

function request(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): ObservedRequest {
  return { method, path, headers, ...(body === undefined ? {} : { body: Buffer.from(body, 'utf8') }) };
}

const get = (path: string, headers: Record<string, string> = bearer) => request('GET', path, headers, '');
const postJson = (path: string, body: unknown, headers: Record<string, string> = json) =>
  request('POST', path, headers, typeof body === 'string' ? body : JSON.stringify(body));
const token = (headers: Record<string, string>, body = 'scope=SERVER_ACCESS') =>
  request('POST', '/token', headers, body);
const enrich = (query: string) => get(`/enrich?${query}`);
const enrichQuery = 'q=WOOLWORTHS%20SYDNEY&institution=AU00000&country=AU';
const updatePath = '/users/u-1/connections/c-1';
const expensesPath = '/users/u-1/expenses';
const affordabilityPath = '/users/u-1/affordability/a-1/transactions';

/** One conformant request of every operation of the table, the mock's own included. */
export const conformantRequests: Record<OperationName, ObservedRequest> = {
  issueToken: token(tokenHeaders),
  enrich: enrich(`${enrichQuery}&mcc=5411&accountType=transaction&amount=-42.50`),
  createUser: postJson('/users', {
    email: 'ann@example.com',
    mobile: '+61412345678',
    firstName: 'Ann',
    lastName: 'Lee',
  }),
  listConnections: get("/users/u-1/connections?filter=institution.id.eq('AU00000')"),
  getConnection: get('/users/u-1/connections/c-1'),
  updateConnection: postJson(updatePath, { password: 'correct horse', securityCode: '1234' }),
  getJob: get('/jobs/j-1'),
  listInstitutions: get("/institutions?filter=country.eq('Australia'),tier.ne('4')"),
  getInstitution: get('/institutions/AU00000'),
  createExpenses: postJson(expensesPath, { fromMonth: '2024-01', toMonth: '2024-12', accounts: ['acc-1'] }),
  listAffordabilityTransactions: get(`${affordabilityPath}?limit=100&filter=transaction.class.eq('payment')`),
  getUser: get('/users/u-1'),
  listAccounts: get('/users/u-1/accounts'),
  getAccount: get('/users/u-1/accounts/acc-1'),
  listAccountTransactions: get('/users/u-1/accounts/acc-1/transactions?limit=50'),
  listTransactions: get('/users/u-1/transactions'),
  listConnectionAccounts: get('/users/u-1/connections/c-1/accounts'),
  listConnectionTransactions: get('/users/u-1/connections/c-1/transactions'),
  getExpenses: get('/users/u-1/expenses/e-1'),
  createConnection: postJson('/users/u-1/connections', {
    loginId: 'gavinBelson',
    password: 'hooli2016',
    institution: { id: 'AU00000' },
  }),
  deleteConnection: request('DELETE', '/users/u-1/connections/c-1', bearer, ''),
};

const { 'service-version': _version, ...tokenWithoutVersion } = tokenHeaders;
const { authorization: _basic, ...tokenWithoutAuthorization } = tokenHeaders;
const { 'content-type': _json, ...bearerOnly } = json;

export const clientFaults: readonly ClientFault[] = [
  {
    name: 'token-without-basic',
    requirement: 'CLIENT-01',
    request: token(tokenWithoutAuthorization),
  },
  {
    name: 'token-with-bearer',
    requirement: 'CLIENT-01',
    request: token({ ...tokenHeaders, authorization: 'Bearer example-access-token' }),
  },
  {
    name: 'token-labelled-json',
    requirement: 'CLIENT-02',
    request: token({ ...tokenHeaders, 'content-type': 'application/json' }),
  },
  {
    name: 'token-version-header-renamed',
    requirement: 'CLIENT-03',
    request: token({ ...tokenWithoutVersion, 'x-api-version': '2.0' }),
  },
  {
    name: 'token-version-not-a-number',
    requirement: 'CLIENT-04',
    request: token({ ...tokenHeaders, 'service-version': 'latest' }),
  },
  { name: 'token-scope-unknown', requirement: 'CLIENT-05', request: token(tokenHeaders, 'scope=ALL_ACCESS') },
  {
    name: 'token-scope-missing',
    requirement: 'CLIENT-05',
    request: token(tokenHeaders, 'grant_type=client_credentials'),
  },
  { name: 'bearer-missing', requirement: 'CLIENT-06', request: get('/institutions', {}) },
  {
    name: 'bearer-as-basic',
    requirement: 'CLIENT-06',
    request: get('/jobs/j-1', { authorization: 'Basic example-api-key' }),
  },
  {
    name: 'bearer-token-kept-past-expires-in',
    requirement: 'CLIENT-32',
    request: get('/institutions'),
    // Half a second past the answer's 1 second: a wait, never a race, whatever the machine's speed.
    issued: { expiresIn: 1, secondsBefore: 1.5 },
  },
  {
    name: 'enrich-without-country',
    requirement: 'CLIENT-07',
    request: enrich('q=WOOLWORTHS&institution=AU00000'),
  },
  {
    name: 'enrich-empty-institution',
    requirement: 'CLIENT-07',
    request: enrich('q=WOOLWORTHS&institution=&country=AU'),
  },
  {
    name: 'enrich-q-too-short',
    requirement: 'CLIENT-08',
    request: enrich('q=ab&institution=AU00000&country=AU'),
  },
  {
    name: 'enrich-country-alpha-3',
    requirement: 'CLIENT-09',
    request: enrich('q=WOOLWORTHS&institution=AU00000&country=AUS'),
  },
  {
    name: 'enrich-account-type-unknown',
    requirement: 'CLIENT-10',
    request: enrich(`${enrichQuery}&accountType=cheque&amount=-4.50`),
  },
  {
    name: 'enrich-amount-not-decimal',
    requirement: 'CLIENT-11',
    request: enrich(`${enrichQuery}&accountType=transaction&amount=%244.50`),
  },
  {
    name: 'enrich-account-type-alone',
    requirement: 'CLIENT-12',
    request: enrich(`${enrichQuery}&accountType=savings`),
  },
  {
    name: 'users-body-labelled-text',
    requirement: 'CLIENT-13',
    request: postJson('/users', { email: 'ann@example.com' }, { ...bearer, 'content-type': 'text/plain' }),
  },
  {
    name: 'users-body-unlabelled',
    requirement: 'CLIENT-14',
    request: postJson('/users', { email: 'ann@example.com' }, bearerOnly),
  },
  { name: 'users-empty-body-labelled-json', requirement: 'CLIENT-15', request: postJson('/users', '') },
  {
    name: 'connection-update-not-json',
    requirement: 'CLIENT-15',
    request: postJson(updatePath, 'password=secret'),
  },
  { name: 'expenses-body-an-array', requirement: 'CLIENT-15', request: postJson(expensesPath, ['acc-1']) },
  {
    name: 'users-neither-email-nor-mobile',
    requirement: 'CLIENT-16',
    request: postJson('/users', { firstName: 'Ann' }),
  },
  {
    name: 'users-email-empty',
    requirement: 'CLIENT-17',
    request: postJson('/users', { email: '', mobile: '+61412345678' }),
  },
  {
    name: 'users-first-name-number',
    requirement: 'CLIENT-17',
    request: postJson('/users', { email: 'ann@example.com', firstName: 7 }),
  },
  {
    name: 'users-mobile-national',
    requirement: 'CLIENT-18',
    request: postJson('/users', { mobile: '0412345678' }),
  },
  {
    name: 'users-email-without-at',
    requirement: 'CLIENT-19',
    request: postJson('/users', { email: 'ann.example.com' }),
  },
  {
    name: 'institutions-filter-malformed',
    requirement: 'CLIENT-20',
    request: get('/institutions?filter=country%3DAU'),
  },
  {
    name: 'connections-filter-double-quotes',
    requirement: 'CLIENT-20',
    request: get('/users/u-1/connections?filter=status.eq("active")'),
  },
  {
    name: 'connections-filter-unknown-property',
    requirement: 'CLIENT-21',
    request: get("/users/u-1/connections?filter=name.eq('x')"),
  },
  {
    name: 'institutions-filter-operator-gt',
    requirement: 'CLIENT-22',
    request: get("/institutions?filter=tier.gt('2')"),
  },
  {
    name: 'connections-filter-operator-ne',
    requirement: 'CLIENT-23',
    request: get("/users/u-1/connections?filter=status.ne('active')"),
  },
  {
    name: 'connection-update-without-password',
    requirement: 'CLIENT-24',
    request: postJson(updatePath, { securityCode: '1234' }),
  },
  {
    name: 'connection-update-security-code-number',
    requirement: 'CLIENT-25',
    request: postJson(updatePath, { password: 'correct horse', securityCode: 1234 }),
  },
  {
    name: 'expenses-month-slashed',
    requirement: 'CLIENT-26',
    request: postJson(expensesPath, { fromMonth: '2024/01' }),
  },
  {
    name: 'expenses-accounts-a-string',
    requirement: 'CLIENT-27',
    request: postJson(expensesPath, { accounts: 'acc-1' }),
  },
  {
    name: 'expenses-range-reversed',
    requirement: 'CLIENT-28',
    request: postJson(expensesPath, { fromMonth: '2024-06', toMonth: '2024-01' }),
  },
  {
    name: 'affordability-limit-over-500',
    requirement: 'CLIENT-29',
    request: get(`${affordabilityPath}?limit=501`),
  },
  {
    name: 'affordability-limit-zero',
    requirement: 'CLIENT-30',
    request: get(`${affordabilityPath}?limit=0`),
  },
  {
    name: 'affordability-filter-unknown-class',
    requirement: 'CLIENT-31',
    request: get(`${affordabilityPath}?filter=transaction.class.eq('salary')`),
  },
];
