// An application's own tests of its bank-connection flow against the embedded mock: create a connection
// with the person's credentials, poll its job, list that bank's accounts, disconnect; and the screen a
// wrong password leads to. Copy it into your tests and import from 'fds-conformance/mock' where this
// file, inside the repository, imports '../../mock/index.ts'.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { defaultApiKey, startMock, testCredentials, type RunningMock } from '../../mock/index.ts';

/** What a job step says when it fails: the service's code, for the application to choose its screen by. */
class ConnectionFailed extends Error {
  constructor(
    readonly code: string,
    readonly step: string,
  ) {
    super(`${step} failed: ${code}`);
  }
}

interface JobStep {
  title: string;
  status: string;
  result: { type: 'link'; url: string } | { code: string } | null;
}

/** The client under test (yours lives in your source tree): the application's calls of the service. */
class BankConnections {
  private authorization = '';
  constructor(private readonly baseUrl: string) {}

  async signIn(apiKey: string) {
    const response = await fetch(`${this.baseUrl}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${apiKey}`,
        'service-version': '2.0',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'scope=SERVER_ACCESS',
    });
    const { access_token } = (await response.json()) as { access_token: string };
    this.authorization = `Bearer ${access_token}`;
  }

  private async call(method: string, path: string, body?: unknown) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: this.authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
    return response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
  }

  async createUser(email: string): Promise<string> {
    return (await this.call('POST', '/users', { email }))?.id as string;
  }

  /** Starts connecting the person's bank; the job's id, to poll. */
  async connect(userId: string, institutionId: string, loginId: string, password: string): Promise<string> {
    const job = await this.call('POST', `/users/${userId}/connections`, {
      loginId,
      password,
      institution: { id: institutionId },
    });
    return job?.id as string;
  }

  /** Polls the job until every step succeeded (the new connection's id) or one failed (ConnectionFailed). */
  async connectionOf(jobId: string): Promise<string> {
    for (;;) {
      const { steps } = (await this.call('GET', `/jobs/${jobId}`)) as { steps: JobStep[] };
      const failed = steps.find((step) => step.status === 'failed');
      if (failed) throw new ConnectionFailed((failed.result as { code: string }).code, failed.title);
      if (steps.every((step) => step.status === 'success')) {
        const verified = steps[0]?.result as { url: string };
        return verified.url.split('/').pop() as string;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The user's accounts at one institution, for the account picker: the list filtered by the service. */
  async accountsAt(userId: string, institutionId: string): Promise<string[]> {
    const filter = encodeURIComponent(`institution.id.eq('${institutionId}')`);
    const listed = (await this.call('GET', `/users/${userId}/accounts?filter=${filter}`)) as {
      data: { id: string }[];
    };
    return listed.data.map((account) => account.id);
  }

  /** The accounts a connection holds, as its single retrieval embeds them. */
  async accountsOf(userId: string, connectionId: string): Promise<string[]> {
    const connection = (await this.call('GET', `/users/${userId}/connections/${connectionId}`)) as {
      accounts: { data: { id: string }[] };
    };
    return connection.accounts.data.map((account) => account.id);
  }

  async connections(userId: string): Promise<string[]> {
    const list = (await this.call('GET', `/users/${userId}/connections`)) as { data: { id: string }[] };
    return list.data.map((connection) => connection.id);
  }

  async disconnect(userId: string, connectionId: string) {
    await this.call('DELETE', `/users/${userId}/connections/${connectionId}`);
  }
}

let mock: RunningMock;
let app: BankConnections;
let banks: string[];

beforeAll(async () => {
  mock = await startMock();
  app = new BankConnections(mock.url);
  await app.signIn(defaultApiKey);
  // Two banks open for connections.
  banks = mock.world.institutions
    .filter((institution) => institution.status === 'available')
    .slice(0, 2)
    .map((institution) => institution.id);
});
// Each test judges only its own requests.
beforeEach(() => mock.resetClientFindings());
afterAll(() => mock.close());

it("connects two banks, lists one bank's accounts alone, and disconnects it", async () => {
  const [first, second] = banks as [string, string];
  const userId = await app.createUser('connect@example.com');
  const firstConnection = await app.connectionOf(await app.connect(userId, first, 'ann', 'correct'));
  const secondConnection = await app.connectionOf(await app.connect(userId, second, 'ann', 'correct'));
  expect(await app.connections(userId)).toEqual([firstConnection, secondConnection]);

  // Each bank's accounts, and none of the other's.
  const ofFirst = await app.accountsOf(userId, firstConnection);
  expect(ofFirst.length).toBeGreaterThan(0);
  expect(await app.accountsAt(userId, first)).toEqual(ofFirst);
  expect(await app.accountsAt(userId, second)).toEqual(await app.accountsOf(userId, secondConnection));

  await app.disconnect(userId, firstConnection);
  expect(await app.connections(userId)).toEqual([secondConnection]);
  expect(await app.accountsAt(userId, first)).toEqual([]);
  expect(mock.clientFindings()).toEqual([]);
});

it('tells a wrong password apart, and makes no connection', async () => {
  const userId = await app.createUser('wrong-password@example.com');
  const job = await app.connect(userId, banks[0] as string, 'ann', testCredentials.wrongPassword);
  await expect(app.connectionOf(job)).rejects.toMatchObject({
    code: 'user-action-required',
    step: 'verify-credentials',
  });
  expect(await app.connections(userId)).toEqual([]);
  expect(mock.clientFindings()).toEqual([]);
});
