import { check } from '../../src/checks/check.ts';
import { expectStatus, expectThat } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { connectionDetails, fixtureConnections } from './support.ts';

// Spec: Resources and their fields > Connection (with Profile and the embedded Account), States and
// transitions. Each check reads the fixture user's list (every item) and the single retrieval of each of
// its connections, and blames only the fields of its requirement (JSON pointers into the schemas).

const needs = { needs: ['userId' as const, 'connectionId' as const] };

/** Every connection the profile exposes, in both forms: list items (`/data/*`) and single retrievals. */
async function expectOnEveryConnection(pointers: string[]): Promise<void> {
  const [list, details] = await Promise.all([fixtureConnections(), connectionDetails()]);
  expectStatus(list, 200);
  expectResource(
    list,
    'connection-list',
    pointers.map((p) => `/data/*${p}`),
  );
  for (const exchange of details) {
    expectStatus(exchange, 200);
    expectResource(exchange, 'connection-detail', pointers);
  }
}

/** The single retrievals, each answered 200. */
async function detailBodies(): Promise<{ exchange: Exchange; body: Record<string, unknown> }[]> {
  const details = await connectionDetails();
  return details.map((exchange) => {
    expectStatus(exchange, 200);
    const body = exchange.response.body;
    expectThat(body !== null && typeof body === 'object', 'expected a connection object', exchange);
    return { exchange, body: body as Record<string, unknown> };
  });
}

check(
  'A connection carries type "connection" and an id string',
  ['CONN-11'],
  () => expectOnEveryConnection(['/type', '/id']),
  needs,
);

check(
  "A connection's status is a string telling whether the connection is still valid",
  ['CONN-12'],
  () => expectOnEveryConnection(['/status']),
  needs,
);

check(
  "A connection's createdDate and lastUsed are ISO 8601 timestamps",
  ['CONN-13'],
  () => expectOnEveryConnection(['/createdDate', '/lastUsed']),
  needs,
);

check(
  'A connection retrieved singly carries mfaEnabled, a boolean, and profile, an object',
  ['CONN-14'],
  async () => {
    for (const { exchange, body } of await detailBodies()) {
      expectThat(
        typeof body.mfaEnabled === 'boolean',
        `expected mfaEnabled to be a boolean, got ${JSON.stringify(body.mfaEnabled)}`,
        exchange,
      );
      const profile = body.profile;
      expectThat(
        profile !== null && typeof profile === 'object' && !Array.isArray(profile),
        `expected profile to be an object, got ${JSON.stringify(profile)}`,
        exchange,
      );
    }
  },
  needs,
);

check(
  "A connection's institution is an object with type, id and links.self",
  ['CONN-15'],
  async () => {
    // The value of institution.type is CONN-16's; here it must only be a string.
    await expectOnEveryConnection(['/institution/id', '/institution/links/self']);
    const list = await fixtureConnections();
    const data = (list.response?.body as { data?: unknown[] }).data ?? [];
    const bodies: [Exchange, unknown][] = [
      ...data.map((item): [Exchange, unknown] => [list, item]),
      ...(await detailBodies()).map(({ exchange, body }): [Exchange, unknown] => [exchange, body]),
    ];
    for (const [exchange, connection] of bodies) {
      const type = (connection as { institution?: { type?: unknown } }).institution?.type;
      expectThat(
        typeof type === 'string',
        `expected institution.type to be a string, got ${JSON.stringify(type)}`,
        exchange,
      );
    }
  },
  needs,
);

check(
  'A connection\'s institution.type is "institution"',
  ['CONN-16'],
  () => expectOnEveryConnection(['/institution/type']),
  needs,
);

check(
  'A connection retrieved singly carries accounts, a list envelope with type "list" and a data array',
  ['CONN-18'],
  async () => {
    for (const { exchange, body } of await detailBodies()) {
      const accounts = body.accounts as { type?: unknown; data?: unknown } | null | undefined;
      expectThat(
        accounts !== null &&
          typeof accounts === 'object' &&
          accounts.type === 'list' &&
          Array.isArray(accounts.data),
        `expected accounts to be a list envelope {type: "list", data: [...]}, got ${JSON.stringify(accounts)?.slice(0, 200)}`,
        exchange,
      );
    }
  },
  needs,
);

check(
  "A connection's links carries self, accounts and transactions",
  ['CONN-19'],
  () => expectOnEveryConnection(['/links/self', '/links/accounts', '/links/transactions']),
  needs,
);

check(
  "In the connections list, each connection's links also carries institution",
  ['CONN-20'],
  async () => {
    const list = await fixtureConnections();
    expectStatus(list, 200);
    expectResource(list, 'connection-list', ['/data/*/links/institution']);
  },
  { needs: ['userId'] },
);

/** The single retrievals whose profile is an object (CONN-14 fails the others); none: not exercised. */
async function expectOnProfiles(pointers: string[]): Promise<void> {
  const withProfile = (await detailBodies()).filter(
    ({ body }) => body.profile !== null && typeof body.profile === 'object' && !Array.isArray(body.profile),
  );
  if (withProfile.length === 0) throw new NotExercised('no connection carries a profile object to check');
  for (const { exchange } of withProfile) expectResource(exchange, 'connection-detail', pointers);
}

check(
  "A profile's fullName, firstName, lastName and middleName, when present, are strings",
  ['CONN-22'],
  () =>
    expectOnProfiles(['/profile/fullName', '/profile/firstName', '/profile/lastName', '/profile/middleName']),
  needs,
);

check(
  "A profile's phoneNumbers and emailAddresses, when present, are arrays of strings",
  ['CONN-23'],
  () => expectOnProfiles(['/profile/phoneNumbers', '/profile/emailAddresses']),
  needs,
);

check(
  "A profile's physicalAddresses, when present, is an array of objects with addressLine1, addressLine2, addressLine3 (nullable), postcode, city (nullable), state, country, countryCode and formattedAddress",
  ['CONN-24'],
  () => expectOnProfiles(['/profile/physicalAddresses']),
  needs,
);

/** The single retrievals with at least one embedded account (CONN-18 fails a missing envelope). */
async function withAccounts(): Promise<{ exchange: Exchange; accounts: unknown[] }[]> {
  const found = (await detailBodies()).flatMap(({ exchange, body }) => {
    const data = (body.accounts as { data?: unknown } | null | undefined)?.data;
    return Array.isArray(data) && data.length > 0 ? [{ exchange, accounts: data }] : [];
  });
  if (found.length === 0) throw new NotExercised('no connection carries an embedded account to check');
  return found;
}

async function expectOnAccounts(pointers: string[]): Promise<void> {
  for (const { exchange } of await withAccounts())
    expectResource(
      exchange,
      'connection-detail',
      pointers.map((p) => `/accounts/data/*${p}`),
    );
}

check(
  'An account embedded in a connection carries type "account" and an id string',
  ['CONN-25'],
  () => expectOnAccounts(['/type', '/id']),
  needs,
);

check(
  "An account's balance and availableFunds are decimal strings",
  ['CONN-26'],
  () => expectOnAccounts(['/balance', '/availableFunds']),
  needs,
);

check(
  "An account's lastUpdated is an ISO 8601 timestamp",
  ['CONN-27'],
  () => expectOnAccounts(['/lastUpdated']),
  needs,
);

check(
  "An account's class is an object with type and product",
  ['CONN-28'],
  async () => {
    // The spec types neither member, so only the object and its two members are checked.
    for (const { exchange, accounts } of await withAccounts()) {
      accounts.forEach((account, index) => {
        const accountClass = (account as { class?: unknown } | null)?.class;
        expectThat(
          accountClass !== null &&
            typeof accountClass === 'object' &&
            !Array.isArray(accountClass) &&
            'type' in accountClass &&
            'product' in accountClass,
          `expected accounts.data[${index}].class to be an object with type and product, got ${JSON.stringify(accountClass)}`,
          exchange,
        );
      });
    }
  },
  needs,
);

check("An account's status is a string", ['CONN-29'], () => expectOnAccounts(['/status']), needs);

check(
  "An account's links carries self and transactions",
  ['CONN-30'],
  () => expectOnAccounts(['/links/self', '/links/transactions']),
  needs,
);
