import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockOwnFaults, type FaultName } from '../../mock/faults/index.ts';
import { defaultApiKey } from '../../mock/options.ts';
import { testCredentials } from '../../mock/test-credentials.ts';
import { mockOwnComponents, schemaComponents } from '../../src/openapi/components.ts';
import { operationDescriptions } from '../../src/openapi/descriptions.ts';
import { operationNames, operations } from '../../src/operations/table.ts';
import { MockClient, type Exchange } from './mock-client.ts';

/*
 * No parameter a mock endpoint defines is accepted and ignored (issue 31): every query parameter of the
 * operations table and every member of an operation's body schema has a probe here, which shows the mock
 * refusing a value it cannot apply and, where the spec gives a value an effect on the answer, applying it.
 * A parameter the table or a schema gains without a probe fails the first test, so the registry cannot
 * drift. Parameters the spec does not define stay tolerated (its silence allows them) and are not probed.
 */

/** The problems an answer shows with a parameter's effect: none when the mock applied it. */
type Problems = string[];

interface ProbeCommon {
  /** How the mock applies the parameter, or the rule it holds a value to. */
  reading: string;
  /** Requests carrying a value the mock cannot apply: each must be refused with a 4xx. */
  refused: (client: MockClient) => Promise<Exchange[]>;
}

/** A parameter whose value changes the answer: `applied` shows the answer consistent with it. */
interface AppliedProbe extends ProbeCommon {
  /** Requests whose answers must follow the value sent, and leave out what it does not select. */
  applied: (client: MockClient) => Promise<Problems>;
  /** A fault that makes the mock ignore the parameter: with it in force, `applied` must find problems. */
  ignoredUnder?: FaultName;
}

/** A parameter the spec gives a rule but no effect an answer could show: the rule is all there is to apply. */
interface RuleOnlyProbe extends ProbeCommon {
  /** Why no answer can show the value applied, in the spec's words. */
  noEffect: string;
  /** A request with a value that keeps the rule: it must be answered, the rule being all the mock holds. */
  accepted: (client: MockClient) => Promise<Exchange>;
}

type Probe = AppliedProbe | RuleOnlyProbe;

/** A probe's key: the operation, where the parameter goes, and its name (`listAccounts query filter`). */
type ParameterKey = `${string} ${'query' | 'body'} ${string}`;

/** Every query parameter and body member the operations define, as probe keys. */
function definedParameters(): ParameterKey[] {
  const components = { ...schemaComponents(), ...mockOwnComponents };
  return operationNames.flatMap((name): ParameterKey[] => {
    const query = operations[name].parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter): ParameterKey => `${name} query ${parameter.name}`);
    const ref = operationDescriptions[name].requestBody?.schema.$ref;
    const title = typeof ref === 'string' ? ref.split('/').at(-1) : undefined;
    const properties = title === undefined ? {} : (components[title]?.properties ?? {});
    const members = Object.keys(properties).map((member): ParameterKey => `${name} body ${member}`);
    return [...query, ...members];
  });
}

const dataOf = (exchange: Exchange): Record<string, unknown>[] =>
  ((exchange.body as { data?: unknown } | undefined)?.data as Record<string, unknown>[] | undefined) ?? [];

const idsOf = (exchange: Exchange): string[] => dataOf(exchange).map((item) => String(item.id));

/** A problem when the answer was not 2xx: an applied value must be answered, not refused. */
function answered(exchange: Exchange, what: string): Problems {
  return exchange.status < 300 ? [] : [`${what} answered ${exchange.status}: ${exchange.text.slice(0, 200)}`];
}

/** The ids listed are exactly those expected, in any order. */
function listsExactly(exchange: Exchange, expected: string[], what: string): Problems {
  const listed = idsOf(exchange).sort();
  const wanted = [...expected].sort();
  return JSON.stringify(listed) === JSON.stringify(wanted)
    ? answered(exchange, what)
    : [`${what} listed ${JSON.stringify(listed)}, not ${JSON.stringify(wanted)}`];
}

/** A selection that narrows: some, not all, of the unfiltered answer; else the probe cannot tell. */
function narrows(selected: string[], all: string[], what: string): Problems {
  return selected.length > 0 && selected.length < all.length
    ? []
    : [
        `${what}: the world gives no selection of some but not all of ${all.length}, so the probe proves nothing`,
      ];
}

// ---- The accounts lists (the mock's own) ----

/** The fixture user's accounts, each with its connection and that connection's institution. */
function heldAccounts(client: MockClient, connectionId?: string) {
  const { world } = client;
  return world.connections
    .filter((c) => c.userId === client.fixture.userId && (connectionId ?? c.id) === c.id)
    .flatMap((connection) =>
      world.accounts
        .filter((account) => account.connectionId === connection.id)
        .map((account) => ({ id: account.id, status: account.status, connection })),
    );
}

const accountsPath = (client: MockClient) => `/users/${client.fixture.userId}/accounts`;
const connectionAccountsPath = (client: MockClient) => `${client.paths.connection}/accounts`;

const refusedAccountFilters = ['bogus', "balance.eq('1')", "institution.id.ne('AU00000')", "id.eq('a"];

const accountsFilter: AppliedProbe = {
  reading:
    "filter in the connections filter's shape, eq on id, status, connection.id and institution.id (an account's institution is its connection's); several expressions all hold",
  refused: (client) =>
    Promise.all(refusedAccountFilters.map((filter) => client.get(accountsPath(client), { filter }))),
  async applied(client) {
    const held = heldAccounts(client);
    const all = held.map((account) => account.id);
    const { institutionId } = client.fixture;
    const atInstitution = held.filter((a) => a.connection.institutionId === institutionId).map((a) => a.id);
    const other = held.find((a) => a.connection.institutionId !== institutionId);
    const ofConnection = held.filter((a) => a.connection.id === other?.connection.id).map((a) => a.id);
    const first = all[0] ?? '';
    const cases: [filter: string, expected: string[]][] = [
      [`institution.id.eq('${institutionId}')`, atInstitution],
      [`connection.id.eq('${other?.connection.id ?? ''}')`, ofConnection],
      [`id.eq('${first}')`, [first]],
      ["status.eq('closed')", held.filter((a) => a.status === 'closed').map((a) => a.id)],
      [`institution.id.eq('${institutionId}'),id.eq('${other?.id ?? ''}')`, []],
    ];
    const problems = narrows(atInstitution, all, "the fixture user's accounts at the fixture institution");
    for (const [filter, expected] of cases)
      problems.push(...listsExactly(await client.get(accountsPath(client), { filter }), expected, filter));
    return problems;
  },
  ignoredUnder: 'accounts-filter-ignored',
};

const connectionAccountsFilter: AppliedProbe = {
  reading: "the user's accounts list's filter, on the connection's accounts",
  refused: (client) =>
    Promise.all(
      refusedAccountFilters.map((filter) => client.get(connectionAccountsPath(client), { filter })),
    ),
  async applied(client) {
    const held = heldAccounts(client, client.fixture.connectionId);
    const all = held.map((account) => account.id);
    const first = all[0] ?? '';
    const problems = narrows([first], all, "the fixture connection's accounts");
    const cases: [filter: string, expected: string[]][] = [
      [`id.eq('${first}')`, [first]],
      [`institution.id.eq('${client.fixture.institutionId}')`, all],
      ["institution.id.eq('AU00000-none')", []],
    ];
    for (const [filter, expected] of cases)
      problems.push(
        ...listsExactly(await client.get(connectionAccountsPath(client), { filter }), expected, filter),
      );
    return problems;
  },
  ignoredUnder: 'accounts-filter-ignored',
};

// ---- The transaction lists: the affordability one and the mock's own ----

/** The path of a transaction list of the fixture user, and what it holds in the world. */
type TransactionList = (client: MockClient) => string;

/** The fixture user's account with the most transactions: its list pages and filters. */
function busiestAccount(client: MockClient): string {
  const counts = new Map<string, number>();
  for (const snapshot of client.world.affordability)
    if (snapshot.userId === client.fixture.userId)
      for (const t of snapshot.transactions) counts.set(t.account, (counts.get(t.account) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

const transactionLists: Record<string, TransactionList> = {
  listAffordabilityTransactions: (client) => client.paths.transactions,
  listAccountTransactions: (client) =>
    `/users/${client.fixture.userId}/accounts/${busiestAccount(client)}/transactions`,
  listTransactions: (client) => `/users/${client.fixture.userId}/transactions`,
  listConnectionTransactions: (client) => `${client.paths.connection}/transactions`,
};

/** The `next` of a page, as the query parameter it carries (the default links.next is a link). */
function cursorOf(exchange: Exchange): string | undefined {
  const next = (exchange.body as { links?: { next?: string } } | undefined)?.links?.next;
  return next === undefined ? undefined : (new URL(next).searchParams.get('next') ?? undefined);
}

function transactionListProbes(path: TransactionList): Record<'limit' | 'filter' | 'next', AppliedProbe> {
  return {
    limit: {
      reading: 'limit sizes every page, 1 to 500; a limit sent beside next sizes the pages from there on',
      refused: (client) =>
        Promise.all(['0', '501', 'ten'].map((limit) => client.get(path(client), { limit }))),
      async applied(client) {
        const page = await client.get(path(client), { limit: '3' });
        const problems = answered(page, 'limit=3');
        if (dataOf(page).length !== 3) problems.push(`limit=3 gave a page of ${dataOf(page).length}`);
        const cursor = cursorOf(page);
        if (cursor === undefined) return [...problems, 'limit=3 gave no links.next: the list is too short'];
        const resized = await client.get(path(client), { next: cursor, limit: '2' });
        if (dataOf(resized).length !== 2)
          problems.push(`limit=2 beside next gave a page of ${dataOf(resized).length}`);
        return problems;
      },
      ignoredUnder: 'affordability-limit-ignored',
    },
    filter: {
      reading: "transaction.class with eq or ne; beside next, only the walk's own filter",
      async refused(client) {
        const filter = "transaction.class.eq('payment')";
        const cursor = cursorOf(await client.get(path(client), { limit: '1', filter })) ?? 'none';
        return Promise.all([
          client.get(path(client), { filter: 'bogus' }),
          client.get(path(client), { filter: "transaction.amount.eq('1')" }),
          client.get(path(client), { next: cursor, filter: "transaction.class.eq('bank-fee')" }),
        ]);
      },
      async applied(client) {
        const all = await client.get(path(client));
        const payments = await client.get(path(client), { filter: "transaction.class.eq('payment')" });
        const problems = answered(payments, 'the payment filter');
        const classes = dataOf(payments).map((t) => t.class);
        if (classes.length === 0 || classes.some((c) => c !== 'payment'))
          problems.push(`the payment filter listed classes ${JSON.stringify([...new Set(classes)])}`);
        if (!dataOf(all).some((t) => t.class !== 'payment'))
          problems.push('the unfiltered list holds payments only: the probe proves nothing');
        return problems;
      },
      ignoredUnder: 'affordability-filter-ignored',
    },
    next: {
      reading: 'next continues the walk where its page ended, with its limit and filter',
      refused: (client) =>
        Promise.all(
          ['garbage', '%%%', Buffer.from('{"offset":-1}').toString('base64url')].map((next) =>
            client.get(path(client), { next }),
          ),
        ),
      async applied(client) {
        const first = await client.get(path(client), { limit: '2' });
        const four = idsOf(await client.get(path(client), { limit: '4' }));
        const cursor = cursorOf(first);
        if (cursor === undefined) return ['limit=2 gave no links.next: the list is too short'];
        const second = await client.get(path(client), { next: cursor });
        return listsExactly(second, four.slice(2), 'the page after the first two');
      },
    },
  };
}

// ---- The spec's operations with parameters ----

const enrichQuery = (client: MockClient, parameters: Record<string, string> = {}) =>
  client.get('/enrich', {
    q: 'EFTPOS WOOLWORTHS 1234 SYDNEY AU',
    institution: client.fixture.institutionId,
    country: 'AU',
    ...parameters,
  });

const enrichBody = (exchange: Exchange) =>
  exchange.body as { direction?: string; class?: string; data?: { merchant?: unknown } };

const users = {
  create: (client: MockClient, body: Record<string, unknown>) => client.post('/users', body),
  /** The member as POST /users showed it and as GET /users/{user.id} shows it afterwards. */
  async shown(client: MockClient, body: Record<string, unknown>, member: string): Promise<Problems> {
    const created = await users.create(client, body);
    const problems = answered(created, `POST /users with ${member}`);
    const id = (created.body as { id?: string }).id ?? '';
    const retrieved = await client.get(`/users/${id}`);
    for (const [where, exchange] of [
      ['created', created],
      ['retrieved', retrieved],
    ] as const) {
      const value = (exchange.body as Record<string, unknown>)[member];
      if (value !== body[member])
        problems.push(`${member} ${where} is ${JSON.stringify(value)}, not ${JSON.stringify(body[member])}`);
    }
    return problems;
  },
};

/** An expense summary's months and the accounts it links to. */
async function expenses(client: MockClient, body: Record<string, unknown>) {
  const exchange = await client.post(client.paths.expenses, body);
  const resource = exchange.body as {
    fromMonth?: string;
    toMonth?: string;
    cashWithdrawals?: { changeHistory?: { date: string }[] };
    links?: { accounts?: string[] };
  };
  return {
    exchange,
    fromMonth: resource.fromMonth,
    toMonth: resource.toMonth,
    months: resource.cashWithdrawals?.changeHistory?.map((entry) => entry.date) ?? [],
    accounts: (resource.links?.accounts ?? []).map((link) => link.split('/').at(-1)),
  };
}

const range = { fromMonth: '2026-01', toMonth: '2026-03' };

function monthProbe(member: 'fromMonth' | 'toMonth'): AppliedProbe {
  return {
    reading: `${member} is the range's ${member === 'fromMonth' ? 'first' : 'last'} month, echoed and summed`,
    refused: (client) =>
      Promise.all(
        ['2026-13', '26-01', 202601].map((month) =>
          client.post(client.paths.expenses, { ...range, [member]: month }),
        ),
      ),
    async applied(client) {
      const summary = await expenses(client, range);
      const problems = answered(summary.exchange, 'a range of three months');
      if (summary[member] !== range[member])
        problems.push(`${member} is ${summary[member]}, not ${range[member]}`);
      const expected = ['2026-01', '2026-02', '2026-03'];
      if (JSON.stringify(summary.months) !== JSON.stringify(expected))
        problems.push(
          `the months summed are ${JSON.stringify(summary.months)}, not ${JSON.stringify(expected)}`,
        );
      return problems;
    },
    ignoredUnder: 'expenses-range-not-echoed',
  };
}

const credentialRule = (member: string) =>
  `a string, refused when of another type; the spec makes it "conditional" without saying on what, and the mock models no login step that asks for a ${member}`;

/*
 * Creating a connection (an extension of the mock's): each probe makes a user of its own, so the
 * connections it creates never reach the fixture user's lists the other probes read.
 */

/** A user of the probe's own, and the path that creates its connections. */
async function newUserConnections(client: MockClient): Promise<string> {
  const user = await client.post('/users', { email: 'probe@example.com' });
  return `/users/${(user.body as { id: string }).id}/connections`;
}

/** Two institutions open for connections. */
const availableInstitutions = (client: MockClient): [string, string] =>
  client.world.institutions
    .filter((institution) => institution.status === 'available')
    .slice(0, 2)
    .map((institution) => institution.id) as [string, string];

const credentials = (client: MockClient, overrides: Record<string, unknown> = {}) => ({
  loginId: 'probe',
  password: 'probe-password',
  institution: { id: availableInstitutions(client)[0] },
  ...overrides,
});

/** Creation requests, each with these members in place of a valid body's (undefined: left out). */
async function creations(client: MockClient, variants: Record<string, unknown>[]): Promise<Exchange[]> {
  const path = await newUserConnections(client);
  return Promise.all(
    variants.map((overrides) =>
      client.post(path, JSON.parse(JSON.stringify(credentials(client, overrides))) as unknown),
    ),
  );
}

interface SettledStep {
  title: string;
  status: string;
  result: { url?: string; code?: string } | null;
}

/** The job's steps once one has failed (the steps after it stay pending) or all succeeded; 50 ms a step. */
async function settledSteps(client: MockClient, created: Exchange): Promise<SettledStep[]> {
  const jobId = (created.body as { id: string }).id;
  for (let attempt = 0; attempt < 400; attempt++) {
    const steps = ((await client.get(`/jobs/${jobId}`)).body as { steps: SettledStep[] }).steps;
    if (steps.some((step) => step.status === 'failed') || steps.every((step) => step.status === 'success'))
      return steps;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${jobId} never settled`);
}

const createConnectionProbes: Record<string, Probe> = {
  loginId: {
    reading: "a non-empty string: the person's login at the institution",
    refused: (client) => creations(client, [{ loginId: undefined }, { loginId: '' }, { loginId: 7 }]),
    noEffect:
      'the mock has no institution to log in to: any login gets in (the test login `slow-job` slows the job, which only time shows)',
    accepted: async (client) => (await creations(client, [{ loginId: 'someone-else' }]))[0] as Exchange,
  },
  password: {
    reading: `a non-empty string; the test password ${testCredentials.wrongPassword} is refused by the institution`,
    refused: (client) => creations(client, [{ password: undefined }, { password: '' }, { password: 7 }]),
    applied: async (client) => {
      const [wrong, right] = await creations(client, [
        { password: testCredentials.wrongPassword },
        { password: 'probe-password' },
      ]);
      const problems: Problems = [];
      const failed = (await settledSteps(client, wrong as Exchange))[0];
      if (failed?.status !== 'failed' || failed.result?.code !== 'user-action-required')
        problems.push(`the wrong password's verify-credentials is ${JSON.stringify(failed)}`);
      const verified = (await settledSteps(client, right as Exchange))[0];
      if (verified?.status !== 'success')
        problems.push(`the right password's verify-credentials is ${JSON.stringify(verified)}`);
      return problems;
    },
  },
  securityCode: {
    reading: 'a string beside the password',
    refused: (client) => creations(client, [{ securityCode: 7 }, { securityCode: ['1234'] }]),
    noEffect: credentialRule('security code'),
    accepted: async (client) => (await creations(client, [{ securityCode: '1234' }]))[0] as Exchange,
  },
  secondaryLoginId: {
    reading: 'a string beside the password',
    refused: (client) => creations(client, [{ secondaryLoginId: 7 }, { secondaryLoginId: { id: 'x' } }]),
    noEffect: credentialRule('secondary login id'),
    accepted: async (client) => (await creations(client, [{ secondaryLoginId: 'probe' }]))[0] as Exchange,
  },
  institution: {
    reading: '`{ id }` of an institution: the connection made is to that institution',
    refused: (client) =>
      creations(client, [
        { institution: undefined },
        { institution: availableInstitutions(client)[0] },
        { institution: {} },
        { institution: { id: 'no-such-institution' } },
      ]),
    applied: async (client) => {
      const problems: Problems = [];
      for (const id of availableInstitutions(client)) {
        const [created] = await creations(client, [{ institution: { id } }]);
        const url = (await settledSteps(client, created as Exchange))[0]?.result?.url ?? '';
        const connection = await client.get(url.slice(client.url.length));
        const made = (connection.body as { institution?: { id?: string } } | undefined)?.institution?.id;
        if (made !== id) problems.push(`a connection asked of ${id} was made to ${String(made)}`);
      }
      return problems;
    },
  },
};

/**
 * Every defined parameter's probe, by key. A new operation's parameters and body members each take one
 * entry here (`createConnection body loginId`, …); an operation with none takes none.
 */
const probes: Record<ParameterKey, Probe> = {
  'issueToken body scope': {
    reading: 'SERVER_ACCESS or CLIENT_ACCESS',
    refused: (client) =>
      Promise.all(
        ['ADMIN_ACCESS', 'server_access', ''].map((scope) =>
          client.issue({ authorization: `Basic ${defaultApiKey}` }, { scope }),
        ),
      ),
    noEffect:
      '"The exact list of requests a CLIENT_ACCESS token may make: not shown": a token of either scope is answered alike',
    accepted: (client) =>
      client.issue({ authorization: `Basic ${defaultApiKey}` }, { scope: 'CLIENT_ACCESS' }),
  },
  'enrich query q': {
    reading: 'the description searched for a merchant, at least 3 characters',
    refused: (client) => Promise.all(['ab', ''].map((q) => enrichQuery(client, { q }))),
    async applied(client) {
      const matching = await enrichQuery(client);
      const other = await enrichQuery(client, { q: 'ZXQV UNKNOWN PAYEE 000' });
      const problems = [...answered(matching, 'a matching q'), ...answered(other, 'an unmatched q')];
      if (!enrichBody(matching).data?.merchant) problems.push('a q naming a merchant found none');
      if (enrichBody(other).data?.merchant) problems.push('a q naming no merchant found one');
      return problems;
    },
  },
  'enrich query institution': {
    reading: 'an institution of the catalogue',
    refused: (client) => Promise.all(['NOPE', ''].map((institution) => enrichQuery(client, { institution }))),
    noEffect:
      '"a recognised institution identifier" is all the spec says of it: no part of the enrich result depends on it',
    accepted: (client) => enrichQuery(client, { institution: client.world.institutions.at(-1)?.id ?? '' }),
  },
  'enrich query country': {
    reading: 'the merchant searched for in that country only',
    refused: (client) => Promise.all(['XX', 'AUS', 'au1'].map((country) => enrichQuery(client, { country }))),
    async applied(client) {
      const home = await enrichQuery(client);
      const abroad = await enrichQuery(client, { country: 'NZ' });
      const problems = [...answered(home, 'country=AU'), ...answered(abroad, 'country=NZ')];
      if (!enrichBody(home).data?.merchant) problems.push('an Australian merchant was not found in AU');
      if (enrichBody(abroad).data?.merchant) problems.push('an Australian merchant was found in NZ');
      return problems;
    },
    ignoredUnder: 'enrich-country-fallback',
  },
  'enrich query mcc': {
    reading: 'a four-digit merchant category code',
    refused: (client) => Promise.all(['abc', '12345'].map((mcc) => enrichQuery(client, { mcc }))),
    noEffect:
      'the spec names it a "merchant classification code" and gives it no effect on the result, which the merchant found by q and country fixes',
    accepted: (client) => enrichQuery(client, { mcc: '5411' }),
  },
  'enrich query accountType': {
    reading: 'one of the six account types, classifying beside amount',
    refused: (client) =>
      Promise.all(
        ['cheque', 'Loans'].map((accountType) => enrichQuery(client, { accountType, amount: '20.00' })),
      ),
    async applied(client) {
      const loan = await enrichQuery(client, { q: 'PAYMENT RECEIVED', accountType: 'loan', amount: '20.00' });
      const savings = await enrichQuery(client, {
        q: 'PAYMENT RECEIVED',
        accountType: 'savings',
        amount: '20.00',
      });
      const problems = [...answered(loan, 'accountType=loan'), ...answered(savings, 'accountType=savings')];
      if (enrichBody(loan).class !== 'loan-repayment')
        problems.push(`a credit to a loan is ${enrichBody(loan).class}`);
      if (enrichBody(savings).class === 'loan-repayment')
        problems.push('a credit to savings is a loan-repayment');
      return problems;
    },
  },
  'enrich query amount': {
    reading: 'a signed decimal whose sign gives the direction, beside accountType',
    refused: (client) =>
      Promise.all(
        ['abc', '1,00'].map((amount) => enrichQuery(client, { amount, accountType: 'transaction' })),
      ),
    async applied(client) {
      const credit = await enrichQuery(client, { accountType: 'transaction', amount: '20.00' });
      const debit = await enrichQuery(client, { accountType: 'transaction', amount: '-20.00' });
      const problems = [...answered(credit, 'amount=20.00'), ...answered(debit, 'amount=-20.00')];
      if (enrichBody(credit).direction !== 'credit')
        problems.push(`amount 20.00 is a ${enrichBody(credit).direction}`);
      if (enrichBody(debit).direction !== 'debit')
        problems.push(`amount -20.00 is a ${enrichBody(debit).direction}`);
      return problems;
    },
  },
  'createUser body email': {
    reading: "the user's e-mail address, stored and shown",
    refused: (client) =>
      Promise.all(['', 'not-an-address', 7].map((email) => users.create(client, { email }))),
    applied: (client) => users.shown(client, { email: 'probe@example.com' }, 'email'),
  },
  'createUser body mobile': {
    reading: "the user's mobile number in international format, stored and shown",
    refused: (client) =>
      Promise.all(['0412345678', 'abc', 61412345678].map((mobile) => users.create(client, { mobile }))),
    applied: (client) => users.shown(client, { mobile: '+61412345678' }, 'mobile'),
  },
  'createUser body firstName': {
    reading: "the user's first name, stored and shown",
    refused: (client) =>
      Promise.all(
        [7, ['Ada']].map((firstName) => users.create(client, { email: 'a@example.com', firstName })),
      ),
    applied: (client) =>
      users.shown(client, { email: 'a@example.com', firstName: 'Ada', lastName: 'Lovelace' }, 'firstName'),
    ignoredUnder: 'users-names-swapped',
  },
  'createUser body lastName': {
    reading: "the user's last name, stored and shown",
    refused: (client) =>
      Promise.all(
        [7, { name: 'x' }].map((lastName) => users.create(client, { email: 'a@example.com', lastName })),
      ),
    applied: (client) =>
      users.shown(client, { email: 'a@example.com', firstName: 'Ada', lastName: 'Lovelace' }, 'lastName'),
    ignoredUnder: 'users-names-swapped',
  },
  'listConnections query filter': {
    reading: 'eq on id, status and institution.id; several expressions all hold',
    refused: (client) =>
      Promise.all(
        ['bogus', "name.eq('x')", "status.ne('active')"].map((filter) =>
          client.get(client.paths.connections, { filter }),
        ),
      ),
    async applied(client) {
      const own = client.world.connections.filter((c) => c.userId === client.fixture.userId);
      const { institutionId } = client.fixture;
      const selected = own.filter((c) => c.institutionId === institutionId).map((c) => c.id);
      const filter = `institution.id.eq('${institutionId}')`;
      return [
        ...narrows(
          selected,
          own.map((c) => c.id),
          "the fixture user's connections at the fixture institution",
        ),
        ...listsExactly(await client.get(client.paths.connections, { filter }), selected, filter),
      ];
    },
    ignoredUnder: 'connections-filter-ignored',
  },
  'updateConnection body password': {
    reading: 'a non-empty string, which starts a job verifying it',
    refused: (client) =>
      Promise.all(['', 7, null].map((password) => client.post(client.paths.connection, { password }))),
    noEffect:
      'the password is "the user\'s new or old institution password": either is right, so every one starts the same job',
    accepted: (client) => client.post(client.paths.connection, { password: 'probe-password' }),
  },
  'updateConnection body securityCode': {
    reading: 'a string beside the password',
    refused: (client) =>
      Promise.all(
        [7, ['1234']].map((securityCode) =>
          client.post(client.paths.connection, { password: 'secret', securityCode }),
        ),
      ),
    noEffect: credentialRule('security code'),
    accepted: (client) => client.post(client.paths.connection, { password: 'secret', securityCode: '1234' }),
  },
  'updateConnection body secondaryLoginId': {
    reading: 'a string beside the password',
    refused: (client) =>
      Promise.all(
        [7, { id: 'x' }].map((secondaryLoginId) =>
          client.post(client.paths.connection, { password: 'secret', secondaryLoginId }),
        ),
      ),
    noEffect: credentialRule('secondary login id'),
    accepted: (client) =>
      client.post(client.paths.connection, { password: 'secret', secondaryLoginId: 'probe' }),
  },
  'listInstitutions query filter': {
    reading: 'eq and ne on country, tier, serviceType, institutionType and stage, bare or prefixed',
    refused: (client) =>
      Promise.all(
        ['bogus', "name.eq('x')", "country.gt('A')"].map((filter) => client.get('/institutions', { filter })),
      ),
    async applied(client) {
      const all = client.world.institutions;
      const selected = all.filter((i) => i.country === 'NZ').map((i) => i.id);
      const filter = "country.eq('NZ')";
      return [
        ...narrows(
          selected,
          all.map((i) => i.id),
          'the institutions of NZ',
        ),
        ...listsExactly(await client.get('/institutions', { filter }), selected, filter),
      ];
    },
    ignoredUnder: 'institutions-eq-ignored',
  },
  'createExpenses body fromMonth': monthProbe('fromMonth'),
  'createExpenses body toMonth': monthProbe('toMonth'),
  'createExpenses body accounts': {
    reading: "the accounts summed and linked; all of the user's when left out",
    refused: (client) =>
      Promise.all([['nope'], 'one', [7]].map((accounts) => client.post(client.paths.expenses, { accounts }))),
    async applied(client) {
      const all = heldAccounts(client).map((account) => account.id);
      const chosen = all.slice(0, 1);
      const summary = await expenses(client, { accounts: chosen });
      return [
        ...narrows(chosen, all, "one of the fixture user's accounts"),
        ...answered(summary.exchange, 'one account'),
        ...(JSON.stringify(summary.accounts) === JSON.stringify(chosen)
          ? []
          : [
              `the summary links accounts ${JSON.stringify(summary.accounts)}, not ${JSON.stringify(chosen)}`,
            ]),
      ];
    },
    ignoredUnder: 'expenses-accounts-ignored',
  },
  'listAccounts query filter': accountsFilter,
  ...Object.fromEntries(
    Object.entries(createConnectionProbes).map(([member, probe]) => [
      `createConnection body ${member}`,
      probe,
    ]),
  ),
  'listConnectionAccounts query filter': connectionAccountsFilter,
  ...Object.fromEntries(
    Object.entries(transactionLists).flatMap(([operation, path]) =>
      Object.entries(transactionListProbes(path)).map(([name, probe]) => [
        `${operation} query ${name}`,
        probe,
      ]),
    ),
  ),
};

const appliedProbes = Object.entries(probes).filter(
  (entry): entry is [string, AppliedProbe] => 'applied' in entry[1],
);
/** Each probe of a rule alone: its key, why no answer shows the value, and the probe. */
const ruleOnlyProbes = Object.entries(probes).flatMap(([key, probe]): [string, string, RuleOnlyProbe][] =>
  'noEffect' in probe ? [[key, probe.noEffect, probe]] : [],
);
/** Each probe a fault must break: its key, the fault, and the probe. */
const faultedProbes = appliedProbes.flatMap(([key, probe]): [string, FaultName, AppliedProbe][] =>
  probe.ignoredUnder === undefined ? [] : [[key, probe.ignoredUnder, probe]],
);

let client: MockClient;

beforeAll(async () => {
  client = await MockClient.start();
});

afterAll(() => client.close());

describe('the probe registry', () => {
  it('holds one probe for every query parameter of the operations table and every member of a body schema, and no other', () => {
    expect(Object.keys(probes).sort()).toEqual(definedParameters().sort());
  });

  it("names, for every fault of the mock's own endpoints, a probe that the fault must break", () => {
    const caught = new Set<string>(faultedProbes.map(([, fault]) => fault));
    expect(mockOwnFaults.map((fault) => fault.name).filter((name) => !caught.has(name))).toEqual([]);
  });
});

describe('a value the mock cannot apply is refused with a 4xx', () => {
  it.each(Object.entries(probes).map(([key, probe]) => [key, probe.reading, probe] as const))(
    '%s: %s',
    async (_key, _reading, probe) => {
      const exchanges = await probe.refused(client);
      expect(exchanges.length).toBeGreaterThan(0);
      for (const exchange of exchanges) {
        const said = exchange.text.slice(0, 200);
        expect(exchange.status, said).toBeGreaterThanOrEqual(400);
        expect(exchange.status, said).toBeLessThan(500);
      }
    },
  );
});

describe('a value the mock can apply is applied: the answer follows it', () => {
  it.each(appliedProbes)('%s', async (_key, probe) => {
    expect(await probe.applied(client)).toEqual([]);
  });

  it.each(ruleOnlyProbes)(
    '%s keeps to its rule alone, as %s: a value that keeps it is answered',
    async (_key, _why, probe) => {
      const exchange = await probe.accepted(client);
      expect(exchange.status, exchange.text.slice(0, 200)).toBeLessThan(300);
    },
  );
});

describe('a fault that makes the mock ignore a parameter breaks its probe', () => {
  let faulted: MockClient;

  beforeAll(async () => {
    faulted = await MockClient.start();
  });

  afterAll(() => faulted.close());

  it.each(faultedProbes)('%s, under %s', async (_key, fault, probe) => {
    faulted.mock.setFaults([fault]);
    try {
      expect(await probe.applied(faulted)).not.toEqual([]);
    } finally {
      faulted.mock.setFaults([]);
    }
  });
});
