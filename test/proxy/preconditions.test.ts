import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Judgement, ObservedRequest } from '../../src/observe/types.ts';
import { successOf } from '../../src/observe/proxy/operation.ts';
import { ServerJudge } from '../../src/observe/proxy/server-judge.ts';
import type { OperationName } from '../../src/operations/table.ts';

/**
 * Issue 31: the proxy credits an answer to a requirement only where the request meets the requirement's
 * preconditions (src/observe/proxy/preconditions.ts). For each requirement that has some, a valid answer of the
 * operation's success is judged twice: after a request its words name (credited) and after each request
 * lacking one precondition (neither held nor broken).
 */

/** The first valid example of a resource (fixtures/examples/), a body its schema accepts. */
function example(resource: string): unknown {
  const file = new URL(`../../fixtures/examples/${resource}.cases.json`, import.meta.url);
  const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: { valid: boolean; data: unknown }[] };
  return cases.find((c) => c.valid)?.data;
}

const bearer = { authorization: 'Bearer t0k3n' };
const json = { ...bearer, 'content-type': 'application/json' };
const tokenHeaders = {
  authorization: 'Basic a2V5',
  'content-type': 'application/x-www-form-urlencoded',
  'service-version': '2.0',
};

interface Sent {
  method?: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The judgements of the operation's success answer, a valid body of its resource, to `sent`. */
function judged(operation: OperationName, sent: Sent, versionHeader?: string): Judgement[] {
  const { status, resource } = successOf(operation);
  const request: ObservedRequest = {
    method: sent.method ?? 'GET',
    path: sent.path,
    headers: sent.headers,
    body: Buffer.from(sent.body ?? ''),
  };
  return new ServerJudge(versionHeader).judge({
    request,
    response: {
      status,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(example(resource))),
    },
    bodyComplete: true,
    baseUrl: 'http://service.test',
  });
}

const without = (headers: Record<string, string>, name: string) =>
  Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));

const token = (scope: string, headers: Record<string, string> = tokenHeaders): Sent => ({
  method: 'POST',
  path: '/token',
  headers,
  body: `scope=${scope}`,
});
const newUser = (body: unknown, headers: Record<string, string> = json): Sent => ({
  method: 'POST',
  path: '/users',
  headers,
  body: JSON.stringify(body),
});
const enrichQuery = 'q=COFFEE%20SHOP&institution=AU00000&country=AU';
const transactions = '/users/u1/affordability/a1/transactions';

const rows: [string, OperationName, Sent, Record<string, Sent>][] = [
  [
    'TOKEN-01',
    'issueToken',
    token('SERVER_ACCESS'),
    {
      'without the version header': token('SERVER_ACCESS', without(tokenHeaders, 'service-version')),
      'without Authorization': token('SERVER_ACCESS', without(tokenHeaders, 'authorization')),
      'with a Bearer credential': token('SERVER_ACCESS', { ...tokenHeaders, authorization: 'Bearer x' }),
      'with a JSON body': {
        ...token('SERVER_ACCESS'),
        headers: { ...tokenHeaders, 'content-type': 'application/json' },
        body: '{"scope":"SERVER_ACCESS"}',
      },
      'with two scopes': { ...token('SERVER_ACCESS'), body: 'scope=SERVER_ACCESS&scope=SERVER_ACCESS' },
    },
  ],
  [
    'TOKEN-02',
    'issueToken',
    token('CLIENT_ACCESS'),
    { 'without the version header': token('CLIENT_ACCESS', without(tokenHeaders, 'service-version')) },
  ],
  [
    'USERS-01',
    'createUser',
    newUser({ email: 'a@example.com' }),
    {
      'without the bearer header': newUser({ email: 'a@example.com' }, without(json, 'authorization')),
      'with a form body': newUser({ email: 'a@example.com' }, { ...bearer, 'content-type': 'text/plain' }),
      'with an empty email': newUser({ email: '' }),
    },
  ],
  [
    'USERS-02',
    'createUser',
    newUser({ mobile: '+61412345678' }),
    { 'with a national mobile number': newUser({ mobile: '0412345678' }) },
  ],
  [
    'USERS-06',
    'createUser',
    newUser({ email: 'a@example.com', firstName: 'Ada' }),
    {
      'with neither email nor mobile': newUser({ firstName: 'Ada' }),
      'with a firstName that is not a string': newUser({
        email: 'a@example.com',
        firstName: 7,
        lastName: 'L',
      }),
    },
  ],
  [
    'USERS-15',
    'createUser',
    newUser({ email: 'a@example.com', mobile: '+61412345678' }),
    { 'with a national mobile number': newUser({ email: 'a@example.com', mobile: '0412345678' }) },
  ],
  [
    'ENRICH-01',
    'enrich',
    { path: `/enrich?${enrichQuery}`, headers: bearer },
    {
      'without country': { path: '/enrich?q=COFFEE&institution=AU00000', headers: bearer },
      'with an empty q': { path: '/enrich?q=&institution=AU00000&country=AU', headers: bearer },
      'without the bearer header': { path: `/enrich?${enrichQuery}`, headers: {} },
    },
  ],
  [
    'CONN-01',
    'listConnections',
    { path: '/users/u1/connections', headers: bearer },
    { 'without the bearer header': { path: '/users/u1/connections', headers: {} } },
  ],
  [
    'CONN-09',
    'getConnection',
    { path: '/users/u1/connections/c1', headers: bearer },
    {
      'with a Basic credential': {
        path: '/users/u1/connections/c1',
        headers: { authorization: 'Basic a2V5' },
      },
    },
  ],
  [
    'CONN-31',
    'updateConnection',
    { method: 'POST', path: '/users/u1/connections/c1', headers: json, body: '{"password":"pw"}' },
    {
      'without the password': { method: 'POST', path: '/users/u1/connections/c1', headers: json, body: '{}' },
    },
  ],
  [
    'JOBS-01',
    'getJob',
    { path: '/jobs/j1', headers: bearer },
    { 'without the bearer header': { path: '/jobs/j1', headers: {} } },
  ],
  [
    'INST-01',
    'listInstitutions',
    { path: '/institutions', headers: bearer },
    { 'without the bearer header': { path: '/institutions', headers: {} } },
  ],
  [
    'INST-08',
    'getInstitution',
    { path: '/institutions/AU00000', headers: bearer },
    { 'with a bare token': { path: '/institutions/AU00000', headers: { authorization: 't0k3n' } } },
  ],
  [
    'EXP-01',
    'createExpenses',
    { method: 'POST', path: '/users/u1/expenses', headers: json, body: '{}' },
    {
      'with a range': {
        method: 'POST',
        path: '/users/u1/expenses',
        headers: json,
        body: '{"fromMonth":"2024-01"}',
      },
      'without a JSON label': { method: 'POST', path: '/users/u1/expenses', headers: bearer, body: '{}' },
    },
  ],
  [
    'AFFORD-01',
    'listAffordabilityTransactions',
    { path: transactions, headers: bearer },
    { 'without the bearer header': { path: transactions, headers: {} } },
  ],
];

const about = (requirement: string, judgements: Judgement[]) =>
  judgements.filter((j) => j.requirement === requirement);

describe('the proxy credits an answer to a requirement only on a request that meets its preconditions', () => {
  it.each(rows)('%s: credited on the request its words name', (requirement, operation, meeting) => {
    expect(about(requirement, judged(operation, meeting))).toEqual([{ requirement, held: true }]);
  });

  const lacking = rows.flatMap(([requirement, operation, , departures]) =>
    Object.entries(departures).map(([what, sent]) => [requirement, what, operation, sent] as const),
  );
  it.each(lacking)('%s: neither held nor broken on a request %s', (requirement, _what, operation, sent) => {
    expect(about(requirement, judged(operation, sent))).toEqual([]);
  });

  it('a rule of every answer of its kind is credited whatever the request: TOKEN-03 without the version header', () => {
    const judgements = judged('issueToken', token('SERVER_ACCESS', without(tokenHeaders, 'service-version')));
    expect(about('TOKEN-03', judgements)).toEqual([{ requirement: 'TOKEN-03', held: true }]);
  });
});

describe("TOKEN-01's version header is the one the service was configured with", () => {
  const basiq = { ...without(tokenHeaders, 'service-version'), 'basiq-version': '2.0' };

  it('credited on a token request carrying the configured header', () => {
    expect(about('TOKEN-01', judged('issueToken', token('SERVER_ACCESS', basiq), 'basiq-version'))).toEqual([
      { requirement: 'TOKEN-01', held: true },
    ]);
  });

  it('not credited on one carrying the default header instead', () => {
    expect(about('TOKEN-01', judged('issueToken', token('SERVER_ACCESS'), 'basiq-version'))).toEqual([]);
  });
});

describe("EXP-11: the expenses' range is not reversed, unless the request asked for that very range", () => {
  const reversed = { ...(example('expenses') as object), fromMonth: '2024-06', toMonth: '2024-01' };
  const exp11 = (asked: unknown) =>
    about(
      'EXP-11',
      new ServerJudge().judge({
        request: {
          method: 'POST',
          path: '/users/u1/expenses',
          headers: json,
          body: Buffer.from(JSON.stringify(asked)),
        },
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify(reversed)),
        },
        bodyComplete: true,
        baseUrl: 'http://service.test',
      }),
    );

  it('a reversed range answered as asked is not judged', () => {
    expect(exp11({ fromMonth: '2024-06', toMonth: '2024-01' })).toEqual([]);
  });

  it('a reversed range nobody asked for is broken', () => {
    expect(exp11({})).toMatchObject([{ requirement: 'EXP-11', held: false }]);
  });
});
