import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMockOptions } from '../../mock/options.ts';
import { jobResource, type MockJob } from '../../mock/representations.ts';
import type { MockContext } from '../../mock/router.ts';
import type { JobRecord } from '../../mock/state.ts';
import { creationOutcome, slowJobFactor, testCredentials } from '../../mock/test-credentials.ts';
import { expectError, MockClient, type Exchange } from './mock-client.ts';

/**
 * Creating and deleting a connection, extensions of the mock (docs/mock.md: What the mock adds): the job a
 * creation starts, the outcomes the test credentials drive, what appears and what goes.
 */

interface ListBody<T> {
  data: T[];
}
type Identified = { id: string };
type Transaction = { id: string; account: string; institution: string };

let client: MockClient;

beforeAll(async () => {
  // Short steps so a job settles quickly; the waits below poll until it does, whatever the machine's speed.
  client = await MockClient.start({ jobStepMs: 5 });
});
afterAll(() => client.close());

const availableInstitution = () =>
  client.world.institutions.find((i) => i.status === 'available' && i.id !== client.fixture.institutionId)!;

function create(body: unknown, userId = client.fixture.userId): Promise<Exchange> {
  return client.post(`/users/${userId}/connections`, body);
}

/** Polls the job until no step is pending or in progress. */
async function settled(jobId: string): Promise<MockJob> {
  for (;;) {
    const job = (await client.get(`/jobs/${jobId}`)).body as MockJob;
    if (job.steps.every((step) => step.status !== 'pending' && step.status !== 'in-progress')) return job;
    if (job.steps.some((step) => step.status === 'failed')) return job;
    await sleep(10);
  }
}

const ids = (exchange: Exchange) => (exchange.body as ListBody<Identified>).data.map((entry) => entry.id);

describe('POST /users/{user.id}/connections (an extension)', () => {
  it('answers 202 with the job, which succeeds and brings the connection, its accounts and transactions', async () => {
    const { userId } = client.fixture;
    const institution = availableInstitution();
    const accountsBefore = ids(await client.get(`/users/${userId}/accounts`));
    const created = await create({
      loginId: 'ann',
      password: 'correct',
      institution: { id: institution.id },
    });
    expect(created.status).toBe(202);
    const reply = created.body as { type: string; id: string; links: { self: string } };
    expect(reply).toEqual({ type: 'job', id: reply.id, links: { self: `${client.url}/jobs/${reply.id}` } });

    const job = await settled(reply.id);
    expect(job.steps.map((step) => [step.title, step.status])).toEqual([
      ['verify-credentials', 'success'],
      ['retrieve-accounts', 'success'],
      ['retrieve-transactions', 'success'],
    ]);
    const connectionUrl = (job.steps[0]?.result as { url: string }).url;
    expect(job.links.source).toBe(connectionUrl);
    const connectionId = connectionUrl.split('/').pop() as string;

    const connection = await client.get(`/users/${userId}/connections/${connectionId}`);
    expect(connection.status).toBe(200);
    expect(connection.body).toMatchResource('connection-detail');
    expect(connection.text).not.toContain('correct');
    const detail = connection.body as { institution: { id: string }; accounts: ListBody<Identified> };
    expect(detail.institution.id).toBe(institution.id);
    const newAccounts = detail.accounts.data.map((account) => account.id);
    expect(newAccounts.length).toBeGreaterThan(0);

    const listed = await client.get(`/users/${userId}/connections`, {
      filter: `institution.id.eq('${institution.id}')`,
    });
    expect(ids(listed)).toContain(connectionId);
    expect(ids(await client.get(`/users/${userId}/accounts`))).toEqual([...accountsBefore, ...newAccounts]);

    const transactions = await client.get(`/users/${userId}/connections/${connectionId}/transactions`);
    const data = (transactions.body as ListBody<Transaction>).data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((t) => newAccounts.includes(t.account) && t.institution === institution.id)).toBe(true);
    // The account's list is the user's transactions of that account: the new ones are among the user's.
    const [account] = newAccounts;
    const ofAccount = await client.get(`/users/${userId}/accounts/${account}/transactions`);
    const accountData = (ofAccount.body as ListBody<Transaction>).data;
    expect(accountData.length).toBeGreaterThan(0);
    expect(accountData.every((t) => t.account === account)).toBe(true);
  });

  it('a connection is made for a user created through POST /users, who had none', async () => {
    const user = (await client.post('/users', { email: 'new-connection@example.com' })).body as Identified;
    const created = await create(
      { loginId: 'bo', password: 'fine', institution: { id: availableInstitution().id } },
      user.id,
    );
    await settled((created.body as Identified).id);
    expect(ids(await client.get(`/users/${user.id}/connections`))).toHaveLength(1);
    expect(ids(await client.get(`/users/${user.id}/accounts`)).length).toBeGreaterThan(0);
    const transactions = await client.get(`/users/${user.id}/transactions`);
    expect((transactions.body as ListBody<Transaction>).data.length).toBeGreaterThan(0);
  });

  it.each([
    {
      why: 'a wrong password',
      body: () => ({
        loginId: 'ann',
        password: testCredentials.wrongPassword,
        institution: { id: availableInstitution().id },
      }),
      code: 'user-action-required',
    },
    {
      why: 'an institution that is not available',
      body: () => ({
        loginId: 'ann',
        password: 'correct',
        institution: { id: client.world.institutions.find((i) => i.status === 'under-maintenance')!.id },
      }),
      code: 'institution-not-available',
    },
  ])(
    'fails verify-credentials for $why, makes no connection, and repeats no credential',
    async ({ body, code }) => {
      const { userId } = client.fixture;
      const before = ids(await client.get(`/users/${userId}/connections`));
      const created = await create(body());
      expect(created.status).toBe(202);
      const job = await settled((created.body as Identified).id);
      expect(job.steps.map((step) => step.status)).toEqual(['failed', 'pending', 'pending']);
      expect(job.steps[0]?.result).toEqual({ code, title: expect.any(String), detail: expect.any(String) });
      expect(job.links.source).toBeUndefined();
      expect(JSON.stringify(job)).not.toContain(testCredentials.wrongPassword);
      expect(ids(await client.get(`/users/${userId}/connections`))).toEqual(before);
    },
  );

  it("fails an update's verify-credentials for the wrong password, the connection staying as it was", async () => {
    const { userId } = client.fixture;
    const before = ids(await client.get(`/users/${userId}/connections`));
    const updated = await client.post(client.paths.connection, { password: testCredentials.wrongPassword });
    expect(updated.status).toBe(202);
    const job = await settled((updated.body as Identified).id);
    expect(job.steps.map((step) => step.status)).toEqual(['failed', 'pending', 'pending']);
    expect(job.steps[0]?.result).toMatchObject({ code: 'user-action-required' });
    // The connection it updates is still there to link to.
    expect(job.links.source).toMatch(new RegExp(`${client.paths.connection}$`));
    expect(JSON.stringify(job)).not.toContain(testCredentials.wrongPassword);
    expect(ids(await client.get(`/users/${userId}/connections`))).toEqual(before);
  });

  it('succeeds an update with any other password', async () => {
    const updated = await client.post(client.paths.connection, {
      password: client.fixture.connectionPassword,
    });
    expect(updated.status).toBe(202);
    const job = await settled((updated.body as Identified).id);
    expect(job.steps.every((step) => step.status === 'success')).toBe(true);
  });

  it.each([
    { body: [], parameter: 'body' },
    { body: { password: 'S3cret-pass', institution: { id: 'AU00000' } }, parameter: 'loginId' },
    { body: { loginId: 'ann', institution: { id: 'AU00000' } }, parameter: 'password' },
    { body: { loginId: 'ann', password: '', institution: { id: 'AU00000' } }, parameter: 'password' },
    { body: { loginId: 'ann', password: 7, institution: { id: 'AU00000' } }, parameter: 'password' },
    { body: { loginId: 'ann', password: 'S3cret-pass' }, parameter: 'institution' },
    { body: { loginId: 'ann', password: 'S3cret-pass', institution: 'AU00000' }, parameter: 'institution' },
    { body: { loginId: 'ann', password: 'S3cret-pass', institution: {} }, parameter: 'institution.id' },
    {
      body: { loginId: 'ann', password: 'S3cret-pass', institution: { id: 'XX-none' } },
      parameter: 'institution.id',
    },
    {
      body: { loginId: 'ann', password: 'S3cret-pass', securityCode: 1234, institution: { id: 'AU00000' } },
      parameter: 'securityCode',
    },
    {
      body: {
        loginId: 'ann',
        password: 'S3cret-pass',
        secondaryLoginId: ['x'],
        institution: { id: 'AU00000' },
      },
      parameter: 'secondaryLoginId',
    },
  ])(
    'refuses a body whose $parameter is wrong, 400 naming it, without repeating a credential',
    async ({ body, parameter }) => {
      const exchange = await create(body);
      expectError(exchange, 400, 'parameter-not-valid', parameter);
      expect(exchange.text).not.toContain('S3cret-pass');
    },
  );

  it('refuses a user nobody knows, 404', async () => {
    const exchange = await create(
      { loginId: 'ann', password: 'x', institution: { id: 'AU00000' } },
      'nobody',
    );
    expectError(exchange, 404, 'resource-not-found', 'user.id');
  });
});

describe('the slow job (loginId testCredentials.slowLoginId)', () => {
  const context = { options: defaultMockOptions, baseUrl: '' } as MockContext;
  const institution = () => client.world.institutions.find((i) => i.status === 'available')!;

  it('takes slowJobFactor times the step time for each step; other loginIds the mock step time', () => {
    expect(creationOutcome(testCredentials.slowLoginId, 'x', institution(), context)).toEqual({
      stepMs: defaultMockOptions.jobStepMs * slowJobFactor,
    });
    expect(creationOutcome('ann', 'x', institution(), context)).toEqual({
      stepMs: defaultMockOptions.jobStepMs,
    });
  });

  it('is still in progress when a job of the default step time has succeeded', () => {
    const job: JobRecord = { id: 'j', userId: 'u', connectionId: 'c', createdAt: 0 };
    const settledAt = 4 * defaultMockOptions.jobStepMs;
    const statuses = (record: JobRecord) =>
      jobResource(record, context, settledAt).steps.map((s) => s.status);
    expect(statuses(job)).toEqual(['success', 'success', 'success']);
    const slow = { ...job, stepMs: defaultMockOptions.jobStepMs * slowJobFactor };
    expect(statuses(slow)).toEqual(['pending', 'pending', 'pending']);
    expect(jobResource(slow, context, 4 * slow.stepMs).steps.map((s) => s.status)).toEqual([
      'success',
      'success',
      'success',
    ]);
  });
});

describe('DELETE /users/{user.id}/connections/{connection.id} (an extension)', () => {
  it('answers 204 and the world connection, its accounts and transactions are gone for this mock alone', async () => {
    const other = await MockClient.start();
    try {
      const connection = client.world.connections.find((c) => c.userId !== client.fixture.userId)!;
      const { userId, id } = connection;
      const accounts = client.world.accounts.filter((a) => a.connectionId === id).map((a) => a.id);
      const deleted = await client.call('DELETE', `/users/${userId}/connections/${id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expectError(await client.get(`/users/${userId}/connections/${id}`), 404, 'resource-not-found');
      expect(ids(await client.get(`/users/${userId}/connections`))).not.toContain(id);
      expect(ids(await client.get(`/users/${userId}/accounts`))).not.toEqual(
        expect.arrayContaining(accounts),
      );
      const transactions = (await client.get(`/users/${userId}/transactions`, { limit: '500' })).body;
      expect((transactions as ListBody<Transaction>).data.some((t) => accounts.includes(t.account))).toBe(
        false,
      );
      expectError(
        await client.call('DELETE', `/users/${userId}/connections/${id}`),
        404,
        'resource-not-found',
      );
      // Another mock of the same world still holds it.
      expect((await other.get(`/users/${userId}/connections/${id}`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('deletes a created connection', async () => {
    const { userId } = client.fixture;
    const created = await create({
      loginId: 'cy',
      password: 'fine',
      institution: { id: availableInstitution().id },
    });
    const job = await settled((created.body as Identified).id);
    const connectionId = (job.steps[0]?.result as { url: string }).url.split('/').pop() as string;
    expect((await client.call('DELETE', `/users/${userId}/connections/${connectionId}`)).status).toBe(204);
    expect(ids(await client.get(`/users/${userId}/connections`))).not.toContain(connectionId);
    expectError(
      await client.get(`/users/${userId}/connections/${connectionId}/accounts`),
      404,
      'resource-not-found',
    );
  });
});
