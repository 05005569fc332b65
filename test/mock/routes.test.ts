import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiKey } from '../../mock/options.ts';
import { expectError, expectResource, inBatches, MockClient, type Exchange } from './mock-client.ts';

let client: MockClient;

beforeAll(async () => {
  client = await MockClient.start();
});

afterAll(() => client.close());

describe('every route answers with the spec status and a schema-valid body', () => {
  it('POST /token answers 200 with a token for SERVER_ACCESS and CLIENT_ACCESS', async () => {
    for (const scope of ['SERVER_ACCESS', 'CLIENT_ACCESS']) {
      const exchange = await client.issue({ authorization: `Basic ${defaultApiKey}` }, { scope });
      expectResource(exchange, 200, 'token');
      expect(exchange.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    }
  });

  it('GET /enrich answers 200 with an enrich result', async () => {
    const exchange = await client.get('/enrich', {
      q: 'EFTPOS WOOLWORTHS 1234 SYDNEY AU',
      institution: client.fixture.institutionId,
      country: 'AU',
    });
    expectResource(exchange, 200, 'enrich');
    expect(exchange.body).toMatchObject({ direction: 'debit', class: 'payment' });
  });

  it('POST /users answers 201 with the user', async () => {
    const exchange = await client.post('/users', { email: 'ada@example.com', firstName: 'Ada' });
    expectResource(exchange, 201, 'user');
    expect(exchange.body).toMatchObject({ email: 'ada@example.com', firstName: 'Ada' });
  });

  it('GET /users/{user.id}/connections answers 200 with a connection list', async () => {
    const exchange = await client.get(client.paths.connections);
    expectResource(exchange, 200, 'connection-list');
    expect((exchange.body as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it('GET /users/{user.id}/connections/{connection.id} answers 200 with the connection detail', async () => {
    const exchange = await client.get(client.paths.connection);
    expectResource(exchange, 200, 'connection-detail');
    expect(exchange.body).toMatchObject({ id: client.fixture.connectionId });
    expect(exchange.text).not.toContain(client.fixture.connectionPassword);
  });

  it('POST /users/{user.id}/connections/{connection.id} answers 202 with a job', async () => {
    const exchange = await client.post(client.paths.connection, {
      password: client.fixture.connectionPassword,
    });
    expectResource(exchange, 202, 'job');
  });

  it('GET /jobs/{job.id} answers 200 with the job', async () => {
    const created = await client.post(client.paths.connection, { password: 'secret' });
    const job = created.body as { id: string };
    const exchange = await client.get(`/jobs/${job.id}`);
    expectResource(exchange, 200, 'job');
    expect(exchange.body).toMatchObject({ id: job.id });
  });

  it("GET /jobs/{job.id} answers the world's finished job, every step a success linking to what it made", async () => {
    const { jobId } = client.fixture;
    const exchange = await client.get(`/jobs/${jobId}`);
    expectResource(exchange, 200, 'job');
    const job = exchange.body as { id: string; steps: { status: string }[]; links: { source: string } };
    expect(job.id).toBe(jobId);
    expect(job.steps.map((step) => step.status)).toEqual(['success', 'success', 'success']);
    expect(job.links.source).toMatch(new RegExp(`${client.paths.connection}$`));
  });

  it('GET /institutions answers 200 with the institution list', async () => {
    const exchange = await client.get('/institutions');
    expectResource(exchange, 200, 'institution-list');
    expect(exchange.body).toMatchObject({ totalCount: client.world.institutions.length });
  });

  it('GET /institutions/{institution.id} answers 200 with the institution', async () => {
    const exchange = await client.get(client.paths.institution);
    expectResource(exchange, 200, 'institution');
    expect(exchange.body).toMatchObject({ id: client.fixture.institutionId });
  });

  it('POST /users/{user.id}/expenses answers 200 with the expenses resource', async () => {
    const exchange = await client.post(client.paths.expenses, {});
    expectResource(exchange, 200, 'expenses');
  });

  it('GET /users/{user.id}/affordability/{affordability.id}/transactions answers 200 with a page', async () => {
    const exchange = await client.get(client.paths.transactions);
    expectResource(exchange, 200, 'affordability-list');
  });
});

// Hundreds of requests per case: allow for a loaded machine.
describe('a broad sweep yields only schema-valid responses', () => {
  it('every institution of the list is retrievable by id', async () => {
    const exchanges = await inBatches(client.world.institutions, 10, (institution) =>
      client.get(`/institutions/${institution.id}`),
    );
    for (const exchange of exchanges) expectResource(exchange, 200, 'institution');
    expect(exchanges.map((e) => (e.body as { id: string }).id)).toEqual(
      client.world.institutions.map((i) => i.id),
    );
  });

  it('every institution filter value with eq and ne gives a valid list that honours it', async () => {
    const properties = ['country', 'tier', 'serviceType', 'institutionType', 'stage'] as const;
    const total = client.world.institutions.length;
    for (const property of properties) {
      const values = [...new Set(client.world.institutions.map((i) => i[property]))];
      for (const value of values) {
        const eq = await client.get('/institutions', { filter: `${property}.eq('${value}')` });
        const ne = await client.get('/institutions', { filter: `${property}.ne('${value}')` });
        expectResource(eq, 200, 'institution-list');
        expectResource(ne, 200, 'institution-list');
        const eqData = (eq.body as { data: Record<string, string>[] }).data;
        const neData = (ne.body as { data: Record<string, string>[] }).data;
        expect(eqData.every((i) => i[property] === value)).toBe(true);
        expect(neData.every((i) => i[property] !== value)).toBe(true);
        expect(eqData.length + neData.length).toBe(total);
      }
    }
  });

  it('two institution filter expressions both apply', async () => {
    const exchange = await client.get('/institutions', { filter: "country.eq('AU'),stage.ne('beta')" });
    expectResource(exchange, 200, 'institution-list');
    const data = (exchange.body as { data: { country: string; stage: string }[] }).data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((i) => i.country === 'AU' && i.stage !== 'beta')).toBe(true);
  });

  it('enrich finds the merchant of every keyword in its own country, and no merchant elsewhere', async () => {
    const combinations: Record<string, string>[] = [
      {},
      { accountType: 'transaction', amount: '-42.50' },
      { accountType: 'credit-card', amount: '15.00' },
      { accountType: 'savings', amount: '+100' },
      { accountType: 'mortgage', amount: '-1200.75' },
      { accountType: 'foreign', amount: '-9.99' },
    ];
    const cases = client.world.merchants.flatMap((merchant, index) =>
      merchant.keywords.map((keyword) => ({
        merchant,
        keyword,
        extra: combinations[index % combinations.length] as Record<string, string>,
      })),
    );
    const exchanges = await inBatches(cases, 10, ({ merchant, keyword, extra }) =>
      client.get('/enrich', {
        q: `EFTPOS ${keyword.toUpperCase()} 1234`,
        institution: client.fixture.institutionId,
        country: merchant.country,
        ...extra,
      }),
    );
    exchanges.forEach((exchange, index) => {
      const { merchant, keyword } = cases[index] as (typeof cases)[number];
      expectResource(exchange, 200, 'enrich');
      const body = exchange.body as { data: { merchant: { id: string } | null } };
      const found = client.world.merchants.find((m) => m.id === body.data.merchant?.id);
      expect(found?.keywords, `${keyword} in ${merchant.country}`).toContain(keyword);
      expect(found?.country).toBe(merchant.country);
    });
    const elsewhere = await inBatches(client.world.merchants.slice(0, 20), 10, (merchant) =>
      client.get('/enrich', {
        q: `EFTPOS ${merchant.keywords[0]?.toUpperCase()} 1234`,
        institution: client.fixture.institutionId,
        country: 'US',
      }),
    );
    for (const exchange of elsewhere) {
      expectResource(exchange, 200, 'enrich');
      expect(exchange.body).toMatchObject({
        data: { merchant: null, location: null, category: null },
        links: { 'logo-master': null, 'logo-thumb': null },
      });
    }
  });

  it('enrich gives the master logo for both links when a merchant has no thumbnail', async () => {
    const merchant = client.world.merchants.find((m) => m.logo.master !== null && m.logo.thumb === null);
    if (!merchant) return;
    const exchange = await client.get('/enrich', {
      q: `POS ${merchant.keywords[0]}`,
      institution: client.fixture.institutionId,
      country: merchant.country,
    });
    const links = (exchange.body as { links: Record<string, string | null> }).links;
    expect(links['logo-master']).not.toBeNull();
    expect(links['logo-thumb']).toBe(links['logo-master']);
  });

  it('enrich answers no-match queries with nulls and classifies by accountType and amount', async () => {
    const cases: [Record<string, string>, { direction: string; class: string }][] = [
      [{ q: 'ZXQV UNKNOWN PAYEE 000' }, { direction: 'debit', class: 'payment' }],
      [
        { q: 'ATM WITHDRAWAL 0042', accountType: 'transaction', amount: '-50.00' },
        { direction: 'debit', class: 'cash-withdrawal' },
      ],
      [
        { q: 'MONTHLY ACCOUNT FEE', accountType: 'transaction', amount: '-5' },
        { direction: 'debit', class: 'bank-fee' },
      ],
      [
        { q: 'INTEREST CHARGED', accountType: 'loan', amount: '-12.34' },
        { direction: 'debit', class: 'loan-interest' },
      ],
      [
        { q: 'CREDIT INTEREST PAID', accountType: 'savings', amount: '1.02' },
        { direction: 'credit', class: 'interest' },
      ],
      [
        { q: 'REPAYMENT THANK YOU', accountType: 'mortgage', amount: '1500' },
        { direction: 'credit', class: 'loan-repayment' },
      ],
      [
        { q: 'SALARY ACME PTY LTD', accountType: 'transaction', amount: '2500.00' },
        { direction: 'credit', class: 'direct-credit' },
      ],
      [
        { q: 'abc', amount: '-3.00' },
        { direction: 'debit', class: 'payment' },
      ],
    ];
    for (const [query, expected] of cases) {
      const exchange = await client.get('/enrich', {
        institution: client.fixture.institutionId,
        country: 'AU',
        ...query,
      });
      expectResource(exchange, 200, 'enrich');
      expect(exchange.body, query.q).toMatchObject({
        ...expected,
        data: { merchant: null, location: null, category: null },
        links: { 'logo-master': null, 'logo-thumb': null },
      });
    }
  });

  it('every page of every snapshot at limit 500 and 137 is a valid affordability list', async () => {
    for (const snapshot of client.world.affordability) {
      for (const limit of ['500', '137']) {
        let path: string | undefined =
          `/users/${snapshot.userId}/affordability/${snapshot.id}/transactions?limit=${limit}`;
        let pages = 0;
        while (path !== undefined) {
          const exchange: Exchange = await client.get(path);
          expectResource(exchange, 200, 'affordability-list');
          const next: string | undefined = (exchange.body as { links: { next?: string } }).links.next;
          path = next?.slice(client.url.length);
          pages += 1;
        }
        expect(pages).toBe(Math.max(1, Math.ceil(snapshot.transactions.length / Number(limit))));
      }
    }
  });

  it('expenses over several ranges and account subsets are valid for every user', async () => {
    const [year, month] = client.world.currentMonth.split('-').map(Number) as [number, number];
    const monthsBack = (n: number) => {
      const date = new Date(Date.UTC(year, month - 1 - n, 1));
      return date.toISOString().slice(0, 7);
    };
    const ranges = [
      {},
      { fromMonth: monthsBack(2), toMonth: monthsBack(0) },
      { fromMonth: monthsBack(5), toMonth: monthsBack(5) },
      { fromMonth: monthsBack(13) },
      { toMonth: monthsBack(1) },
      { fromMonth: '2001-01', toMonth: '2001-12' },
    ];
    for (const user of client.world.users) {
      const connections = new Set(
        client.world.connections.filter((c) => c.userId === user.id).map((c) => c.id),
      );
      const accounts = client.world.accounts.filter((a) => connections.has(a.connectionId)).map((a) => a.id);
      const subsets = [undefined, [], ...accounts.map((a) => [a]), accounts.slice(0, 2)];
      for (const range of ranges) {
        for (const subset of subsets) {
          const exchange = await client.post(`/users/${user.id}/expenses`, {
            ...range,
            ...(subset ? { accounts: subset } : {}),
          });
          expectResource(exchange, 200, 'expenses');
        }
      }
    }
  });

  it('connections of every user are valid with each filter', async () => {
    for (const user of client.world.users) {
      const path = `/users/${user.id}/connections`;
      const all = await client.get(path);
      expectResource(all, 200, 'connection-list');
      const own = client.world.connections.filter((c) => c.userId === user.id);
      expect((all.body as { data: unknown[] }).data).toHaveLength(own.length);
      for (const connection of own) {
        const filters: [string, (c: (typeof own)[number]) => boolean][] = [
          [`id.eq('${connection.id}')`, (c) => c.id === connection.id],
          [`status.eq('${connection.status}')`, (c) => c.status === connection.status],
          [
            `institution.id.eq('${connection.institutionId}')`,
            (c) => c.institutionId === connection.institutionId,
          ],
        ];
        for (const [filter, predicate] of filters) {
          const exchange = await client.get(path, { filter });
          expectResource(exchange, 200, 'connection-list');
          const ids = (exchange.body as { data: { id: string }[] }).data.map((c) => c.id);
          expect(ids, filter).toEqual(own.filter(predicate).map((c) => c.id));
        }
        expectResource(await client.get(`${path}/${connection.id}`), 200, 'connection-detail');
      }
      const none = await client.get(path, { filter: "status.eq('no-such-status')" });
      expectResource(none, 200, 'connection-list');
      expect((none.body as { data: unknown[] }).data).toEqual([]);
    }
  });

  it('the error responses of the sweep are valid error lists naming the parameter', async () => {
    const refusals: [Exchange, number, string][] = [
      [await client.get('/institutions/NOPE'), 404, 'institution.id'],
      [await client.get('/institutions', { filter: 'nonsense' }), 400, 'filter'],
      [
        await client.get('/enrich', { q: 'x', institution: client.fixture.institutionId, country: 'AU' }),
        400,
        'q',
      ],
      [await client.get(client.paths.transactions, { limit: '0' }), 400, 'limit'],
      [await client.post(client.paths.expenses, { fromMonth: '2020-1' }), 400, 'fromMonth'],
      [await client.post('/users', {}), 400, 'email'],
    ];
    for (const [exchange, status, parameter] of refusals) expectError(exchange, status, undefined, parameter);
  });
});

describe('--base-path', () => {
  let prefixed: MockClient;

  beforeAll(async () => {
    prefixed = await MockClient.start({ basePath: '/api' });
  });

  afterAll(() => prefixed.close());

  it('serves every route under the prefix, with links under it', async () => {
    expect(prefixed.url).toMatch(/\/api$/);
    const list = await prefixed.get('/institutions');
    expectResource(list, 200, 'institution-list');
    const first = (list.body as { data: { links: { self: string } }[] }).data[0];
    expect(first?.links.self.startsWith(`${prefixed.url}/institutions/`)).toBe(true);
    expectResource(await prefixed.get(prefixed.paths.connection), 200, 'connection-detail');
    expectResource(await prefixed.get(prefixed.paths.transactions), 200, 'affordability-list');
  });

  it('answers 404 outside the prefix', async () => {
    const origin = new URL(prefixed.url).origin;
    for (const path of ['/institutions', '/token', '/apiinstitutions', '/api', '/other/institutions']) {
      const response = await fetch(`${origin}${path}`, { headers: { authorization: 'Bearer x' } });
      const exchange: Exchange = {
        status: response.status,
        headers: response.headers,
        text: '',
        body: await response.json(),
      };
      expectError(exchange, 404, 'resource-not-found');
    }
  });
});
