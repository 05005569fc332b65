import createClient, { type Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiKey } from '../../mock/options.ts';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { openApiDocument } from '../../src/openapi/document.ts';
import { documentOperations } from './document-operations.ts';
import type { paths } from './fds-api.generated.ts';

/** The `next` cursor a page's `links.next` carries, absolute or relative, as the next request's query. */
function nextCursor(link: string | null | undefined): string {
  const cursor = new URL(link ?? '', 'http://base.invalid').searchParams.get('next');
  if (cursor === null) throw new Error(`links.next ${String(link)} carries no cursor`);
  return cursor;
}

/**
 * A client made from the document alone (openapi-typescript's types, openapi-fetch) calls every operation
 * of the document against the mock: the document describes the mock well enough to program against.
 */
describe('a typed client of the OpenAPI document against the mock', () => {
  let mock: RunningMock;

  beforeAll(async () => {
    mock = await startMock();
  });

  afterAll(() => mock?.close());

  it('calls every operation of the document and gets what the document promises', async () => {
    const { fixtures, version } = mockProfile(mock);
    const client = createClient<paths>({ baseUrl: mock.url });
    const called = new Set<string>();
    client.use({
      onRequest({ request, schemaPath }) {
        called.add(`${request.method} ${schemaPath}`);
      },
    });

    const issued = await client.POST('/token', {
      params: { header: { 'service-version': version } },
      headers: {
        Authorization: `Basic ${defaultApiKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: { scope: 'SERVER_ACCESS' },
    });
    expect(issued.response.status).toBe(200);
    expect(issued.data?.token_type).toBe('Bearer');
    expect(issued.data?.expires_in).toBeGreaterThan(0);
    const bearer: Middleware = {
      onRequest({ request }) {
        request.headers.set('Authorization', `Bearer ${issued.data?.access_token}`);
        return request;
      },
    };
    client.use(bearer);

    const enriched = await client.GET('/enrich', {
      params: {
        query: {
          q: fixtures.enrich.matchingQuery,
          institution: fixtures.enrich.institution,
          country: fixtures.enrich.country,
          accountType: 'transaction',
          amount: '-12.50',
        },
      },
    });
    expect(enriched.response.status).toBe(200);
    expect(enriched.data?.type).toBe('enrich');
    expect(enriched.data?.data.merchant).not.toBeNull();

    const created = await client.POST('/users', { body: { email: 'openapi-client@example.com' } });
    expect(created.response.status).toBe(201);
    expect(created.data?.type).toBe('user');
    expect(created.data?.email).toBe('openapi-client@example.com');

    const userId = fixtures.userId;
    const user = await client.GET('/users/{userId}', { params: { path: { userId } } });
    expect(user.response.status).toBe(200);
    expect(user.data?.id).toBe(userId);

    const connections = await client.GET('/users/{userId}/connections', {
      params: { path: { userId }, query: { filter: `id.eq('${fixtures.connectionId}')` } },
    });
    expect(connections.response.status).toBe(200);
    expect(connections.data?.data.map((connection) => connection.id)).toEqual([fixtures.connectionId]);

    const connectionPath = { userId, connectionId: fixtures.connectionId };
    const connection = await client.GET('/users/{userId}/connections/{connectionId}', {
      params: { path: connectionPath },
    });
    expect(connection.response.status).toBe(200);
    expect(connection.data?.id).toBe(fixtures.connectionId);
    expect(connection.data?.accounts.data.length).toBeGreaterThan(0);

    const updated = await client.POST('/users/{userId}/connections/{connectionId}', {
      params: { path: connectionPath },
      body: { password: fixtures.connectionPassword },
    });
    expect(updated.response.status).toBe(202);
    expect(updated.data?.type).toBe('job');

    const job = await client.GET('/jobs/{jobId}', { params: { path: { jobId: updated.data?.id ?? '' } } });
    expect(job.response.status).toBe(200);
    expect(job.data?.id).toBe(updated.data?.id);

    const institutions = await client.GET('/institutions', {
      params: { query: { filter: "country.eq('AU')" } },
    });
    expect(institutions.response.status).toBe(200);
    expect(institutions.data?.data.length).toBeGreaterThan(0);
    expect(institutions.data?.data.every((institution) => institution.country === 'AU')).toBe(true);

    const institution = await client.GET('/institutions/{institutionId}', {
      params: { path: { institutionId: fixtures.institutionId } },
    });
    expect(institution.response.status).toBe(200);
    expect(institution.data?.id).toBe(fixtures.institutionId);

    const expenses = await client.POST('/users/{userId}/expenses', {
      params: { path: { userId } },
      body: {},
    });
    expect(expenses.response.status).toBe(200);
    expect(expenses.data?.type).toBe('expenses');

    const expensesId = expenses.data?.id ?? '';
    const summary = await client.GET('/users/{userId}/expenses/{expensesId}', {
      params: { path: { userId, expensesId } },
    });
    expect(summary.response.status).toBe(200);
    expect(summary.data?.id).toBe(expensesId);

    const snapshot = { userId, affordabilityId: fixtures.affordabilityId };
    const firstPage = await client.GET('/users/{userId}/affordability/{affordabilityId}/transactions', {
      params: { path: snapshot, query: { limit: '10', filter: "transaction.class.eq('payment')" } },
    });
    expect(firstPage.response.status).toBe(200);
    expect(firstPage.data?.data).toHaveLength(10);
    expect(firstPage.data?.data.every((transaction) => transaction.class === 'payment')).toBe(true);
    const secondPage = await client.GET('/users/{userId}/affordability/{affordabilityId}/transactions', {
      params: { path: snapshot, query: { next: nextCursor(firstPage.data?.links.next) } },
    });
    expect(secondPage.response.status).toBe(200);
    expect(secondPage.data?.data[0]?.id).not.toBe(firstPage.data?.data[0]?.id);

    const accounts = await client.GET('/users/{userId}/accounts', { params: { path: { userId } } });
    expect(accounts.response.status).toBe(200);
    const accountId = accounts.data?.data[0]?.id ?? '';
    expect(accountId).not.toBe('');

    const account = await client.GET('/users/{userId}/accounts/{accountId}', {
      params: { path: { userId, accountId } },
    });
    expect(account.response.status).toBe(200);
    expect(account.data?.id).toBe(accountId);

    const accountTransactions = await client.GET('/users/{userId}/accounts/{accountId}/transactions', {
      params: { path: { userId, accountId }, query: { limit: '5' } },
    });
    expect(accountTransactions.response.status).toBe(200);
    expect(accountTransactions.data?.data.every((transaction) => transaction.account === accountId)).toBe(
      true,
    );

    const transactions = await client.GET('/users/{userId}/transactions', {
      params: { path: { userId }, query: { limit: '5' } },
    });
    expect(transactions.response.status).toBe(200);
    expect(transactions.data?.data).toHaveLength(5);

    const connectionAccounts = await client.GET('/users/{userId}/connections/{connectionId}/accounts', {
      params: { path: connectionPath },
    });
    expect(connectionAccounts.response.status).toBe(200);
    expect(connectionAccounts.data?.data.map((entry) => entry.id)).toEqual(
      connection.data?.accounts.data.map((entry) => entry.id),
    );

    const connectionTransactions = await client.GET(
      '/users/{userId}/connections/{connectionId}/transactions',
      { params: { path: connectionPath, query: { limit: '5' } } },
    );
    expect(connectionTransactions.response.status).toBe(200);
    expect(connectionTransactions.data?.type).toBe('list');

    const creation = await client.POST('/users/{userId}/connections', {
      params: { path: { userId } },
      body: {
        loginId: 'openapi-client',
        password: 'not-the-wrong-one',
        institution: { id: fixtures.institutionId },
      },
    });
    expect(creation.response.status).toBe(202);
    expect(creation.data?.type).toBe('job');

    // The fixture connection is deleted for this mock alone; it was read above.
    const deleted = await client.DELETE('/users/{userId}/connections/{connectionId}', {
      params: { path: connectionPath },
    });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/users/{userId}/connections/{connectionId}', {
      params: { path: connectionPath },
    });
    expect(gone.response.status).toBe(404);

    // A route added to the mock, and so to the document, without a call here fails this test.
    const inDocument = documentOperations(openApiDocument()).map(({ method, path }) => `${method} ${path}`);
    expect([...called].sort()).toEqual(inDocument.sort());
  });
});
