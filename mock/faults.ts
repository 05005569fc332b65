import type { MockContext, MockReply, Route } from './router.ts';

/**
 * A named fault makes the mock violate exactly one requirement of the catalogue, named by `requirement`.
 * The suite must catch every one (the fault-detection matrix); a fault no check catches is a gap in the
 * suite. Faults act in two ways: where a fault changes a decision (accept what must be refused, page
 * differently), the handler asks `context.fault(name)`; where it changes only what is sent, `alter`
 * rewrites the finished reply, which keeps the handlers free of fault code.
 */
export interface Fault {
  name: string;
  requirement: string;
  description: string;
  /** Rewrites a finished reply; `route` is undefined for a path no route serves. */
  alter?: (reply: MockReply, route: Route | undefined, context: MockContext) => MockReply;
}

type Body = Record<string, unknown>;
type Alter = NonNullable<Fault['alter']>;

/** Rewrites the body of successful replies of the route with that path pattern. */
function onSuccess(path: string, change: (body: Body, context: MockContext) => unknown): Alter {
  return (reply, route, context) =>
    route?.path === path && reply.status < 300
      ? { ...reply, body: change(reply.body as Body, context) }
      : reply;
}

/** Rewrites every error reply. */
function onError(change: (body: Body) => unknown, status?: number): Alter {
  return (reply) =>
    reply.status >= 400
      ? { ...reply, status: status ?? reply.status, body: change(reply.body as Body) }
      : reply;
}

/** Answers 200 where the route refuses an unknown id, with a body the route would give for a real one. */
function unknownIdAnswered(path: string, body: (context: MockContext) => unknown): Alter {
  return (reply, route, context) =>
    route?.path === path && reply.status === 404 ? { status: 200, body: body(context) } : reply;
}

function mapErrors(body: Body, change: (error: Body) => Body): Body {
  return { ...body, data: (body.data as Body[]).map(change) };
}

function mapData(body: Body, change: (item: Body) => Body): Body {
  return { ...body, data: (body.data as Body[]).map(change) };
}

const connectionPath = '/users/:userId/connections/:connectionId';
const transactionsPath = '/users/:userId/affordability/:affordabilityId/transactions';
const connectionsPath = '/users/:userId/connections';

/** Rewrites the 200 answers of the GET route of a path that also serves POST (a single connection). */
function onGet(path: string, change: (body: Body, context: MockContext) => unknown): Alter {
  return (reply, route, context) =>
    route?.path === path && route.method === 'GET' && reply.status === 200
      ? { ...reply, body: change(reply.body as Body, context) }
      : reply;
}

/** Rewrites each account embedded in a single connection. */
function onAccounts(change: (account: Body) => Body): Alter {
  return onGet(connectionPath, (body) => ({ ...body, accounts: mapData(body.accounts as Body, change) }));
}

/** Rewrites the profile of a single connection. */
function onProfile(change: (profile: Body) => Body): Alter {
  return onGet(connectionPath, (body) => ({ ...body, profile: change(body.profile as Body) }));
}

/** Rewrites each step of every job served by GET /jobs/{job.id}. */
function onJobSteps(change: (step: Body, index: number) => Body): Alter {
  return onSuccess('/jobs/:jobId', (body) => ({ ...body, steps: (body.steps as Body[]).map(change) }));
}

/** Rewrites every institution served: each entry of the list and the single retrieval. */
function onInstitutions(change: (institution: Body) => Body): Alter {
  return (reply, route) => {
    if (reply.status >= 300) return reply;
    if (route?.path === '/institutions') return { ...reply, body: mapData(reply.body as Body, change) };
    if (route?.path === '/institutions/:institutionId') return { ...reply, body: change(reply.body as Body) };
    return reply;
  };
}

const expensesPath = '/users/:userId/expenses';

/** Rewrites each changeHistory entry of the expenses summary blocks. */
function mapSummaryBlocks(body: Body, change: (entry: Body) => Body): Body {
  const blocks = ['cashWithdrawals', 'bankFees', 'externalTransfers', 'loanInterests', 'loanRepayments'];
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) =>
      blocks.includes(name)
        ? [name, { ...(value as Body), changeHistory: ((value as Body).changeHistory as Body[]).map(change) }]
        : [name, value],
    ),
  );
}

/** An institution of the world as the mock serves it. */
function servedInstitution(record: object & { id: string }, context: MockContext): Body {
  return { type: 'institution', ...record, links: { self: `${context.baseUrl}/institutions/${record.id}` } };
}

export const faults: Fault[] = [
  // Token (spec: POST {base_url}/token, Token response, Errors, Versioning)
  {
    name: 'token-client-scope-refused',
    requirement: 'TOKEN-02',
    description: 'POST /token refuses scope CLIENT_ACCESS',
  },
  {
    name: 'token-type-lowercase',
    requirement: 'TOKEN-04',
    description: 'token_type is "bearer" instead of "Bearer"',
    alter: onSuccess('/token', (body) => ({ ...body, token_type: 'bearer' })),
  },
  {
    name: 'token-expires-in-string',
    requirement: 'TOKEN-05',
    description: 'expires_in is a string instead of a number',
    alter: onSuccess('/token', (body) => ({ ...body, expires_in: String(body.expires_in) })),
  },
  {
    name: 'token-version-ignored',
    requirement: 'TOKEN-09',
    description: 'an unsupported older version gets a token',
  },
  {
    name: 'token-missing-authorization-accepted',
    requirement: 'TOKEN-10',
    description: 'POST /token without Authorization gets a token',
  },
  {
    name: 'token-malformed-authorization-accepted',
    requirement: 'TOKEN-11',
    description: 'POST /token with a non-Basic Authorization gets a token',
  },
  {
    name: 'token-unknown-key-accepted',
    requirement: 'TOKEN-12',
    description: 'an unknown API key gets a token',
  },
  {
    name: 'token-scope-not-required',
    requirement: 'TOKEN-13',
    description: 'POST /token without scope gets a token',
  },
  {
    name: 'token-unsupported-scope-accepted',
    requirement: 'TOKEN-14',
    description: 'POST /token with an unknown scope gets a token',
  },
  {
    name: 'token-json-body-accepted',
    requirement: 'TOKEN-15',
    description: 'POST /token takes a JSON body instead of refusing it',
  },
  {
    name: 'token-server-access-201',
    requirement: 'TOKEN-01',
    description: 'POST /token answers 201 instead of 200 for scope SERVER_ACCESS',
  },
  {
    name: 'token-access-token-empty',
    requirement: 'TOKEN-03',
    description: 'access_token is an empty string',
    alter: onSuccess('/token', (body) => ({ ...body, access_token: '' })),
  },
  {
    name: 'token-supported-version-refused',
    requirement: 'TOKEN-08',
    description: 'the supported version in the version header is refused with parameter-not-valid',
  },
  {
    name: 'token-403-without-access-denied',
    requirement: 'TOKEN-17',
    description: 'an unknown API key is refused with 403 and code invalid-grant',
    alter: tokenRefusalAs('invalid-grant', 403),
  },
  {
    name: 'token-404-without-parameter-not-valid',
    requirement: 'TOKEN-18',
    description: 'an unknown API key is refused with 404 and code resource-not-found',
    alter: tokenRefusalAs('invalid-grant', 404, 'resource-not-found'),
  },
  {
    name: 'token-500-without-internal-server-error',
    requirement: 'TOKEN-19',
    description: 'invalid-request refusals of the token endpoint are 500 with code server-error',
    alter: tokenRefusalAs('invalid-request', 500, 'server-error'),
  },

  // Authentication (spec: Authentication)
  {
    name: 'auth-missing-accepted',
    requirement: 'AUTH-05',
    description: 'requests without Authorization are served',
  },
  {
    name: 'auth-unknown-token-accepted',
    requirement: 'AUTH-06',
    description: 'a bearer token never issued is accepted',
  },
  {
    name: 'auth-basic-accepted',
    requirement: 'AUTH-07',
    description: 'the API key as Basic credentials is accepted in place of a bearer token',
  },
  {
    name: 'auth-token-never-expires',
    requirement: 'AUTH-09',
    description: 'tokens are accepted after expires_in has passed',
  },
  {
    name: 'token-api-key-base64-only',
    requirement: 'AUTH-01',
    description: 'POST /token wants base64 of "key:" after Basic and refuses the key as given',
  },
  {
    name: 'auth-bearer-refused',
    requirement: 'AUTH-03',
    description: 'every request with a bearer token, even one just issued, is refused with 401',
    alter: (reply, route) =>
      route?.auth === 'bearer' && reply.status < 400
        ? errorReply(401, 'invalid-grant', 'Authorization')
        : reply,
  },
  {
    name: 'auth-server-token-refused-on-create',
    requirement: 'AUTH-04',
    description: 'POST /users refuses SERVER_ACCESS tokens with 403, as if they could not create',
    alter: (reply, route) =>
      route?.path === '/users' && reply.status === 201
        ? errorReply(403, 'access-denied', 'Authorization')
        : reply,
  },
  {
    name: 'token-expires-early',
    requirement: 'AUTH-08',
    description: 'tokens die after a third of the expires_in they report',
  },
  {
    name: 'token-expired-token-reissued',
    requirement: 'AUTH-10',
    description: "POST /token hands out the key's previous token again, even once it has expired",
  },

  // Error list (spec: Error list, Errors)
  {
    name: 'error-status-200',
    requirement: 'ERR-01',
    description: 'refusals are answered with status 200 and an error list',
    alter: onError((body) => body, 200),
  },
  {
    name: 'error-list-type-wrong',
    requirement: 'ERR-02',
    description: 'error lists carry type "errors"',
    alter: onError((body) => ({ ...body, type: 'errors' })),
  },
  {
    name: 'error-list-without-correlation-id',
    requirement: 'ERR-03',
    description: 'error lists carry no correlationId',
    alter: onError(({ correlationId: _correlationId, ...body }) => body),
  },
  {
    name: 'error-data-not-array',
    requirement: 'ERR-05',
    description: 'an error list holds its error object directly instead of an array',
    alter: onError((body) => ({ ...body, data: (body.data as unknown[])[0] })),
  },
  {
    name: 'error-object-type-missing',
    requirement: 'ERR-07',
    description: 'error objects carry no type',
    alter: onError((body) => mapErrors(body, ({ type: _type, ...error }) => error)),
  },
  {
    name: 'error-object-code-missing',
    requirement: 'ERR-08',
    description: 'error objects carry no code',
    alter: onError((body) => mapErrors(body, ({ code: _code, ...error }) => error)),
  },
  {
    name: 'error-source-parameter-not-string',
    requirement: 'ERR-09',
    description: 'source.parameter is an array holding the parameter name',
    alter: onError((body) =>
      mapErrors(body, (error) => ({ ...error, source: { parameter: [(error.source as Body).parameter] } })),
    ),
  },

  // Enrich (spec: GET {base_url}/enrich, Enrich result, Errors)
  {
    name: 'enrich-short-q-accepted',
    requirement: 'ENRICH-03',
    description: 'q of 1 or 2 characters is accepted',
  },
  {
    name: 'enrich-three-char-q-refused',
    requirement: 'ENRICH-04',
    description: 'q of exactly 3 characters is refused',
  },
  {
    name: 'enrich-institution-not-checked',
    requirement: 'ENRICH-06',
    description: 'an unknown institution is accepted',
  },
  {
    name: 'enrich-country-not-checked',
    requirement: 'ENRICH-07',
    description: 'a country that is not ISO alpha-2 is accepted',
  },
  {
    name: 'enrich-account-type-not-checked',
    requirement: 'ENRICH-11',
    description: 'an accountType outside the six values is accepted',
  },
  {
    name: 'enrich-amount-not-checked',
    requirement: 'ENRICH-13',
    description: 'an amount that is not a decimal is accepted',
  },
  {
    name: 'enrich-error-without-parameter',
    requirement: 'ENRICH-14',
    description: 'refusals of enrich parameters do not name the parameter',
  },
  {
    name: 'enrich-default-not-payment',
    requirement: 'ENRICH-15',
    description: 'a query without accountType and amount is classified as a transfer',
  },
  {
    name: 'enrich-no-match-404',
    requirement: 'ENRICH-19',
    description: 'a valid query that matches nothing is answered 404',
    alter: (reply, route) =>
      route?.path === '/enrich' &&
      reply.status === 200 &&
      (reply.body as { data: Body }).data.merchant === null
        ? {
            status: 404,
            body: { type: 'list', correlationId: '00000000-0000-4000-8000-000000000000', data: [] },
          }
        : reply,
  },
  {
    name: 'enrich-no-match-has-logo',
    requirement: 'ENRICH-20',
    description: 'a no-match result carries logo links',
  },
  {
    name: 'enrich-geometry-numbers',
    requirement: 'ENRICH-30',
    description: 'geometry lat and lng are numbers instead of strings',
    alter: onSuccess('/enrich', (body) => {
      const data = body.data as { location: { geometry: { lat: string; lng: string } } | null };
      if (!data.location) return body;
      const { lat, lng } = data.location.geometry;
      return {
        ...body,
        data: { ...data, location: { ...data.location, geometry: { lat: Number(lat), lng: Number(lng) } } },
      };
    }),
  },
  {
    name: 'enrich-thumb-null-with-master',
    requirement: 'ENRICH-33',
    description: 'logo-thumb is null where a master logo exists',
  },
  {
    name: 'enrich-other-country-refused',
    requirement: 'ENRICH-01',
    description: "a valid country other than the institution's own is refused with 400",
  },
  {
    name: 'enrich-country-optional',
    requirement: 'ENRICH-02',
    description: 'a query without country is answered 200, searching every country',
  },
  {
    name: 'enrich-non-ascii-q-refused',
    requirement: 'ENRICH-05',
    description: 'a q holding non-ASCII characters is refused with 400',
  },
  {
    name: 'enrich-mcc-refused',
    requirement: 'ENRICH-09',
    description: 'any mcc is refused with 400',
  },
  {
    name: 'enrich-foreign-account-type-refused',
    requirement: 'ENRICH-10',
    description: 'accountType foreign is refused with 400',
  },
  {
    name: 'enrich-negative-amount-refused',
    requirement: 'ENRICH-12',
    description: 'a negative amount is refused with 400',
  },
  {
    name: 'enrich-type-wrong',
    requirement: 'ENRICH-21',
    description: 'enrich results carry type "enrichment"',
    alter: onSuccess('/enrich', (body) => ({ ...body, type: 'enrichment' })),
  },
  {
    name: 'enrich-direction-uppercase',
    requirement: 'ENRICH-22',
    description: 'direction is "DEBIT" or "CREDIT"',
    alter: onSuccess('/enrich', (body) => ({ ...body, direction: String(body.direction).toUpperCase() })),
  },
  {
    name: 'enrich-class-missing',
    requirement: 'ENRICH-23',
    description: 'enrich results carry no class',
    alter: onSuccess('/enrich', ({ class: _class, ...body }) => body),
  },
  {
    name: 'enrich-category-omitted',
    requirement: 'ENRICH-24',
    description: 'matched results leave the category member out of data',
    alter: onSuccess('/enrich', (body) => {
      const { category: _category, ...data } = body.data as Body;
      return data.merchant ? { ...body, data } : body;
    }),
  },
  {
    name: 'enrich-self-link-missing',
    requirement: 'ENRICH-25',
    description: 'enrich results carry no links.self',
    alter: onSuccess('/enrich', (body) => {
      const { self: _self, ...links } = body.links as Body;
      return { ...body, links };
    }),
  },
  {
    name: 'enrich-merchant-id-number',
    requirement: 'ENRICH-27',
    description: 'merchant ids are numbers',
    alter: onSuccess('/enrich', (body) => {
      const data = body.data as { merchant: Body | null };
      if (!data.merchant) return body;
      const id = Number.parseInt(String(data.merchant.id).slice(0, 6), 16);
      return { ...body, data: { ...data, merchant: { ...data.merchant, id } } };
    }),
  },
  {
    name: 'enrich-phone-number-string',
    requirement: 'ENRICH-28',
    description: 'merchant phoneNumber is the international number as a plain string',
    alter: onSuccess('/enrich', (body) => {
      const data = body.data as { merchant: { phoneNumber: { international: string } } | null };
      if (!data.merchant) return body;
      const phoneNumber = data.merchant.phoneNumber.international;
      return { ...body, data: { ...data, merchant: { ...data.merchant, phoneNumber } } };
    }),
  },
  {
    name: 'enrich-postal-code-number',
    requirement: 'ENRICH-29',
    description: 'location postalCode is a number',
    alter: onSuccess('/enrich', (body) => {
      const data = body.data as { location: Body | null };
      if (!data.location) return body;
      const postalCode = Number(data.location.postalCode);
      return { ...body, data: { ...data, location: { ...data.location, postalCode } } };
    }),
  },
  {
    name: 'enrich-category-without-anzsic',
    requirement: 'ENRICH-31',
    description: 'category holds division, subdivision, group and class directly, without anzsic',
    alter: onSuccess('/enrich', (body) => {
      const data = body.data as { category: { anzsic: Body } | null };
      if (!data.category) return body;
      return { ...body, data: { ...data, category: data.category.anzsic } };
    }),
  },
  {
    name: 'enrich-logo-master-object',
    requirement: 'ENRICH-32',
    description: 'logo-master is an object { href } instead of a link',
    alter: onSuccess('/enrich', (body) => {
      const links = body.links as Body;
      if (links['logo-master'] === null) return body;
      return { ...body, links: { ...links, 'logo-master': { href: links['logo-master'] } } };
    }),
  },
  {
    name: 'enrich-logo-webp',
    requirement: 'ENRICH-34',
    description: 'logo links point to webp images',
    alter: onSuccess('/enrich', (body) => {
      const links = body.links as Record<string, string | null>;
      const webp = (link: string | null) => link?.replace(/\.[a-z]+$/, '.webp') ?? null;
      return {
        ...body,
        links: {
          ...links,
          'logo-master': webp(links['logo-master'] ?? null),
          'logo-thumb': webp(links['logo-thumb'] ?? null),
        },
      };
    }),
  },
  {
    name: 'enrich-location-other-country',
    requirement: 'ENRICH-08',
    description: 'a matched location lies in another country than the one the query named',
    alter: onSuccess('/enrich', (body) => {
      const data = body.data as { location: Body | null };
      if (!data.location) return body;
      const country = data.location.country === 'NZ' ? 'AU' : 'NZ';
      return { ...body, data: { ...data, location: { ...data.location, country } } };
    }),
  },
  {
    name: 'enrich-payment-credit',
    requirement: 'ENRICH-17',
    description: 'payments have direction "credit"',
    alter: onSuccess('/enrich', (body) =>
      body.class === 'payment' ? { ...body, direction: 'credit' } : body,
    ),
  },
  {
    name: 'enrich-self-without-query',
    requirement: 'ENRICH-26',
    description: 'links.self is the bare enrich path, without the query',
    alter: onSuccess('/enrich', (body, context) => ({
      ...body,
      links: { ...(body.links as Body), self: `${context.baseUrl}/enrich` },
    })),
  },

  // Users (spec: POST {base_url}/users, User)
  {
    name: 'users-create-returns-200',
    requirement: 'USERS-01',
    description: 'POST /users answers 200 instead of 201',
    alter: (reply, route) =>
      route?.path === '/users' && reply.status === 201 ? { ...reply, status: 200 } : reply,
  },
  {
    name: 'users-neither-accepted',
    requirement: 'USERS-03',
    description: 'a user with neither email nor mobile is created',
  },
  {
    name: 'users-empty-email-accepted',
    requirement: 'USERS-04',
    description: 'a user with an empty email is created',
  },
  {
    name: 'users-type-wrong',
    requirement: 'USERS-09',
    description: 'users carry type "customer"',
    alter: onSuccess('/users', (body) => ({ ...body, type: 'customer' })),
  },
  {
    name: 'users-mobile-only-refused',
    requirement: 'USERS-02',
    description: 'a user with a mobile number and no email is refused',
  },
  {
    name: 'users-names-refused',
    requirement: 'USERS-06',
    description: 'firstName and lastName are refused as unknown members',
  },
  {
    name: 'users-id-number',
    requirement: 'USERS-10',
    description: 'user ids are numbers',
    alter: onSuccess('/users', (body) => ({ ...body, id: 1234 })),
  },
  {
    name: 'users-mobile-national-format',
    requirement: 'USERS-11',
    description: 'mobile numbers come back in national form: 0 in place of the country code',
    alter: onSuccess('/users', (body) =>
      typeof body.mobile === 'string' ? { ...body, mobile: body.mobile.replace(/^\+\d{2}/, '0') } : body,
    ),
  },
  {
    name: 'users-self-link-missing',
    requirement: 'USERS-12',
    description: 'users carry an empty links object',
    alter: onSuccess('/users', (body) => ({ ...body, links: {} })),
  },

  // Connections (spec: connection endpoints, Connection, Account)
  {
    name: 'connections-new-user-404',
    requirement: 'CONN-03',
    description: 'the connections list of a user without connections is refused',
  },
  {
    name: 'connections-filter-ignored',
    requirement: 'CONN-04',
    description: 'the connections filter is ignored',
  },
  {
    name: 'connection-unknown-id-served',
    requirement: 'CONN-10',
    description: 'an unknown connection id gets another connection',
  },
  {
    name: 'connection-created-date-not-timestamp',
    requirement: 'CONN-13',
    description: 'createdDate is a date in DD/MM/YYYY form',
    alter: onSuccess('/users/:userId/connections', (body) =>
      mapData(body, (item) => ({
        ...item,
        createdDate: new Date(String(item.createdDate)).toLocaleDateString('en-AU'),
      })),
    ),
  },
  {
    name: 'connection-detail-without-accounts',
    requirement: 'CONN-18',
    description: 'a single connection is returned without its accounts',
    alter: onSuccess(connectionPath, ({ accounts: _accounts, ...body }) => body),
  },
  {
    name: 'connection-list-without-institution-link',
    requirement: 'CONN-20',
    description: 'connections in the list carry no links.institution',
    alter: onSuccess('/users/:userId/connections', (body) =>
      mapData(body, (item) => {
        const { institution: _institution, ...links } = item.links as Body;
        return { ...item, links };
      }),
    ),
  },
  {
    name: 'connection-leaks-password',
    requirement: 'CONN-21',
    description: 'connections are returned with the password',
  },
  {
    name: 'connection-update-returns-200',
    requirement: 'CONN-31',
    description: 'a connection update answers 200 instead of 202',
    alter: (reply, route) =>
      route?.path === connectionPath && reply.status === 202 ? { ...reply, status: 200 } : reply,
  },
  {
    name: 'connection-update-without-password',
    requirement: 'CONN-33',
    description: 'a connection update without password is accepted',
  },
  {
    name: 'connections-list-without-self-link',
    requirement: 'CONN-01',
    description: 'the connections list carries no links',
    alter: onSuccess(connectionsPath, ({ links: _links, ...body }) => body),
  },
  {
    name: 'connections-status-filter-ignored',
    requirement: 'CONN-05',
    description: 'status terms of the connections filter are ignored',
  },
  {
    name: 'connections-institution-filter-ignored',
    requirement: 'CONN-06',
    description: 'institution.id terms of the connections filter are ignored',
  },
  {
    name: 'connections-no-match-404',
    requirement: 'CONN-07',
    description: 'a connections filter that matches nothing is answered 404',
  },
  {
    name: 'connections-unknown-user-empty',
    requirement: 'CONN-08',
    description: 'the connections list of an unknown user is answered 200 with an empty list',
    alter: unknownIdAnswered(connectionsPath, (context) => ({
      type: 'list',
      data: [],
      links: { self: `${context.baseUrl}/users/unknown/connections` },
    })),
  },
  {
    name: 'connection-detail-as-list',
    requirement: 'CONN-09',
    description: 'a single connection is answered wrapped in a list envelope',
    alter: onGet(connectionPath, (body) => ({ type: 'list', data: [body], links: body.links })),
  },
  {
    name: 'connection-type-wrong',
    requirement: 'CONN-11',
    description: 'connections in the list carry type "bank-connection"',
    alter: onSuccess(connectionsPath, (body) =>
      mapData(body, (item) => ({ ...item, type: 'bank-connection' })),
    ),
  },
  {
    name: 'connection-status-boolean',
    requirement: 'CONN-12',
    description: 'connections in the list carry status true instead of a string',
    alter: onSuccess(connectionsPath, (body) => mapData(body, (item) => ({ ...item, status: true }))),
  },
  {
    name: 'connection-mfa-enabled-string',
    requirement: 'CONN-14',
    description: 'a single connection carries mfaEnabled as a string',
    alter: onGet(connectionPath, (body) => ({ ...body, mfaEnabled: String(body.mfaEnabled) })),
  },
  {
    name: 'connection-institution-id-only',
    requirement: 'CONN-15',
    description: "a single connection carries its institution's id string in place of the object",
    alter: onGet(connectionPath, (body) => ({ ...body, institution: (body.institution as Body).id })),
  },
  {
    name: 'connection-links-without-transactions',
    requirement: 'CONN-19',
    description: 'a single connection carries no links.transactions',
    alter: onGet(connectionPath, (body) => {
      const { transactions: _transactions, ...links } = body.links as Body;
      return { ...body, links };
    }),
  },
  {
    name: 'profile-full-name-array',
    requirement: 'CONN-22',
    description: "a profile's fullName is an array of name parts",
    alter: onProfile((profile) =>
      typeof profile.fullName === 'string' ? { ...profile, fullName: profile.fullName.split(' ') } : profile,
    ),
  },
  {
    name: 'profile-phone-numbers-string',
    requirement: 'CONN-23',
    description: "a profile's phoneNumbers is one comma-separated string",
    alter: onProfile((profile) =>
      Array.isArray(profile.phoneNumbers)
        ? { ...profile, phoneNumbers: profile.phoneNumbers.join(', ') }
        : profile,
    ),
  },
  {
    name: 'profile-address-postcode-number',
    requirement: 'CONN-24',
    description: "a profile address's postcode is a number",
    alter: onProfile((profile) =>
      Array.isArray(profile.physicalAddresses)
        ? {
            ...profile,
            physicalAddresses: (profile.physicalAddresses as Body[]).map((a) => ({
              ...a,
              postcode: Number(a.postcode),
            })),
          }
        : profile,
    ),
  },
  {
    name: 'account-type-wrong',
    requirement: 'CONN-25',
    description: 'embedded accounts carry type "bank-account"',
    alter: onAccounts((account) => ({ ...account, type: 'bank-account' })),
  },
  {
    name: 'account-balance-number',
    requirement: 'CONN-26',
    description: 'embedded accounts give balance as a number',
    alter: onAccounts((account) => ({ ...account, balance: Number(account.balance) })),
  },
  {
    name: 'account-last-updated-epoch',
    requirement: 'CONN-27',
    description: 'embedded accounts give lastUpdated in epoch milliseconds',
    alter: onAccounts((account) => ({ ...account, lastUpdated: Date.parse(String(account.lastUpdated)) })),
  },
  {
    name: 'account-class-string',
    requirement: 'CONN-28',
    description: 'embedded accounts give class as its type string',
    alter: onAccounts((account) => ({ ...account, class: (account.class as Body).type })),
  },
  {
    name: 'account-status-null',
    requirement: 'CONN-29',
    description: 'embedded accounts carry status null',
    alter: onAccounts((account) => ({ ...account, status: null })),
  },
  {
    name: 'account-links-without-transactions',
    requirement: 'CONN-30',
    description: 'embedded accounts carry no links.transactions',
    alter: onAccounts((account) => ({ ...account, links: { self: (account.links as Body).self } })),
  },
  {
    name: 'connection-update-job-type-wrong',
    requirement: 'CONN-32',
    description: 'the 202 of a connection update carries type "task"',
    alter: (reply, route) =>
      route?.path === connectionPath && reply.status === 202
        ? { ...reply, body: { ...(reply.body as Body), type: 'task' } }
        : reply,
  },
  {
    name: 'connection-update-unknown-id-accepted',
    requirement: 'CONN-34',
    description: 'an update of an unknown connection is answered 202 with a job',
    alter: (reply, route, context) =>
      route?.path === connectionPath && route.method === 'POST' && reply.status === 404
        ? {
            status: 202,
            body: { type: 'job', id: 'unknown', links: { self: `${context.baseUrl}/jobs/unknown` } },
          }
        : reply,
  },

  // Jobs (spec: GET {base_url}/jobs/{job.id}, Job, States and transitions)
  {
    name: 'job-unknown-id-served',
    requirement: 'JOBS-02',
    description: 'an unknown job id is answered 200 with a job',
    alter: unknownIdAnswered('/jobs/:jobId', () => ({
      type: 'job',
      id: 'unknown',
      steps: [],
      links: { self: '/jobs/unknown' },
    })),
  },
  {
    name: 'job-step-result-not-link',
    requirement: 'JOBS-11',
    description: 'a finished step result has type "url" instead of "link"',
    alter: onSuccess('/jobs/:jobId', (body) => ({
      ...body,
      steps: (body.steps as Body[]).map((step) =>
        step.result ? { ...step, result: { ...(step.result as Body), type: 'url' } } : step,
      ),
    })),
  },
  {
    name: 'job-source-link-missing',
    requirement: 'JOBS-13',
    description: 'jobs carry no links.source',
    alter: onSuccess('/jobs/:jobId', (body) => {
      const { source: _source, ...links } = body.links as Body;
      return { ...body, links };
    }),
  },
  {
    name: 'job-get-returns-202',
    requirement: 'JOBS-01',
    description: 'GET /jobs/{job.id} answers 202 instead of 200',
    alter: (reply, route) =>
      route?.path === '/jobs/:jobId' && reply.status === 200 ? { ...reply, status: 202 } : reply,
  },
  {
    name: 'job-type-wrong',
    requirement: 'JOBS-04',
    description: 'jobs carry type "task"',
    alter: onSuccess('/jobs/:jobId', (body) => ({ ...body, type: 'task' })),
  },
  {
    name: 'job-created-epoch',
    requirement: 'JOBS-05',
    description: 'jobs give created in epoch milliseconds',
    alter: onSuccess('/jobs/:jobId', (body) => ({ ...body, created: Date.parse(String(body.created)) })),
  },
  {
    name: 'job-steps-object',
    requirement: 'JOBS-07',
    description: 'jobs give steps as an object keyed by title',
    alter: onSuccess('/jobs/:jobId', (body) => ({
      ...body,
      steps: Object.fromEntries((body.steps as Body[]).map((step) => [String(step.title), step])),
    })),
  },
  {
    name: 'job-step-title-number',
    requirement: 'JOBS-09',
    description: 'job steps are titled by their number',
    alter: onJobSteps((step, index) => ({ ...step, title: index + 1 })),
  },
  {
    name: 'job-step-status-boolean',
    requirement: 'JOBS-10',
    description: 'job steps give status as a boolean (done or not)',
    alter: onJobSteps((step) => ({ ...step, status: step.status === 'success' })),
  },

  // Institutions (spec: institution endpoints, Institution)
  {
    name: 'institutions-total-count-string',
    requirement: 'INST-02',
    description: 'totalCount is a string',
    alter: onSuccess('/institutions', (body) => ({ ...body, totalCount: String(body.totalCount) })),
  },
  {
    name: 'institutions-eq-ignored',
    requirement: 'INST-04',
    description: 'eq filters on institutions are ignored',
  },
  {
    name: 'institutions-ne-ignored',
    requirement: 'INST-05',
    description: 'ne filters on institutions are ignored',
  },
  {
    name: 'institution-unknown-id-served',
    requirement: 'INST-09',
    description: 'an unknown institution id is answered 200 with an institution',
    alter: unknownIdAnswered('/institutions/:institutionId', (context) => ({
      type: 'institution',
      ...context.world.institutions[0],
      links: { self: `${context.baseUrl}/institutions/${context.world.institutions[0]?.id}` },
    })),
  },
  {
    name: 'institution-stats-strings',
    requirement: 'INST-17',
    description: 'averageDurationMs members are strings',
    alter: onSuccess('/institutions/:institutionId', (body) => {
      const stats = body.stats as { averageDurationMs: Record<string, number> };
      const averageDurationMs = Object.fromEntries(
        Object.entries(stats.averageDurationMs).map(([k, v]) => [k, String(v)]),
      );
      return { ...body, stats: { ...stats, averageDurationMs } };
    }),
  },
  {
    name: 'institutions-list-returns-203',
    requirement: 'INST-01',
    description: 'GET /institutions answers 203 instead of 200',
    alter: (reply, route) =>
      route?.path === '/institutions' && reply.status === 200 ? { ...reply, status: 203 } : reply,
  },
  {
    name: 'institutions-total-count-short',
    requirement: 'INST-03',
    description: 'totalCount is one less than the number of institutions listed',
    alter: onSuccess('/institutions', (body) => ({
      ...body,
      totalCount: Math.max(0, (body.data as unknown[]).length - 1),
    })),
  },
  {
    name: 'institutions-unsupported-operator-ignored',
    requirement: 'INST-07',
    description: 'a filter with an operator other than eq and ne is ignored: the whole catalogue is listed',
    alter: (reply, route, context) =>
      route?.path === '/institutions' &&
      reply.status === 400 &&
      JSON.stringify(reply.body).includes('unsupported filter operator')
        ? {
            status: 200,
            body: {
              type: 'list',
              totalCount: context.world.institutions.length,
              data: context.world.institutions.map((record) => servedInstitution(record, context)),
            },
          }
        : reply,
  },
  {
    name: 'institution-retrieval-ignores-id',
    requirement: 'INST-08',
    description: 'GET /institutions/{institution.id} answers the first institution of the catalogue',
    alter: onSuccess('/institutions/:institutionId', (body, context) => {
      const other = context.world.institutions.find((record) => record.id !== body.id);
      return other ? servedInstitution(other, context) : body;
    }),
  },
  {
    name: 'institution-type-wrong',
    requirement: 'INST-10',
    description: 'institutions carry type "bank"',
    alter: onInstitutions((institution) => ({ ...institution, type: 'bank' })),
  },
  {
    name: 'institution-tier-number',
    requirement: 'INST-11',
    description: 'tier is a number',
    alter: onInstitutions((institution) => ({ ...institution, tier: Number(institution.tier) })),
  },
  {
    name: 'institution-password-url-object',
    requirement: 'INST-12',
    description: 'forgottenPasswordUrl is an object with href',
    alter: onInstitutions((institution) => ({
      ...institution,
      forgottenPasswordUrl: { href: institution.forgottenPasswordUrl },
    })),
  },
  {
    name: 'institution-login-features-joined',
    requirement: 'INST-13',
    description: 'features.login is one comma-separated string',
    alter: onInstitutions((institution) => {
      const features = institution.features as { login: string[] };
      return { ...institution, features: { ...features, login: features.login.join(',') } };
    }),
  },
  {
    name: 'institution-feature-methods-string',
    requirement: 'INST-14',
    description: 'features.accounts maps each field to one string instead of an array',
    alter: onInstitutions((institution) => {
      const features = institution.features as { accounts: Record<string, string[]> };
      const accounts = Object.fromEntries(
        Object.entries(features.accounts).map(([field, methods]) => [field, methods.join(',')]),
      );
      return { ...institution, features: { ...features, accounts } };
    }),
  },
  {
    name: 'institution-stage-boolean',
    requirement: 'INST-15',
    description: 'stage is a boolean, true for beta institutions',
    alter: onInstitutions((institution) => ({ ...institution, stage: institution.stage === 'beta' })),
  },
  {
    name: 'institution-status-null',
    requirement: 'INST-16',
    description: 'status is null for institutions that are available',
    alter: onInstitutions((institution) =>
      institution.status === 'available' ? { ...institution, status: null } : institution,
    ),
  },
  {
    name: 'institution-logo-url',
    requirement: 'INST-18',
    description: 'logo is the square logo URL instead of an object',
    alter: onInstitutions((institution) => ({
      ...institution,
      logo: (institution.logo as { links: { square: string } }).links.square,
    })),
  },
  {
    name: 'institution-self-link-missing',
    requirement: 'INST-19',
    description: 'institutions carry links without self',
    alter: onInstitutions((institution) => ({ ...institution, links: {} })),
  },

  // Expenses (spec: POST {base_url}/users/{user.id}/expenses, Expenses resource, Limits)
  {
    name: 'expenses-to-month-previous',
    requirement: 'EXP-02',
    description: 'the default range ends with the previous month',
  },
  {
    name: 'expenses-default-range-12-months',
    requirement: 'EXP-03',
    description: 'the default range starts 12 months back, not 13',
  },
  {
    name: 'expenses-range-not-echoed',
    requirement: 'EXP-04',
    description: 'an explicit range is reported as the default range',
  },
  {
    name: 'expenses-duplicate-division',
    requirement: 'EXP-13',
    description: 'payments lists its first division twice',
    alter: onSuccess('/users/:userId/expenses', (body) => {
      const payments = body.payments as Body[];
      return payments.length > 0 ? { ...body, payments: [...payments, payments[0]] } : body;
    }),
  },
  {
    name: 'expenses-avg-monthly-number',
    requirement: 'EXP-16',
    description: 'summary blocks give avgMonthly as a number',
    alter: onSuccess('/users/:userId/expenses', (body) => ({
      ...body,
      cashWithdrawals: {
        ...(body.cashWithdrawals as Body),
        avgMonthly: Number((body.cashWithdrawals as Body).avgMonthly),
      },
    })),
  },
  {
    name: 'expenses-created-201',
    requirement: 'EXP-01',
    description: 'POST /users/{user.id}/expenses answers 201 instead of 200',
    alter: (reply, route) =>
      route?.path === expensesPath && reply.status === 200 ? { ...reply, status: 201 } : reply,
  },
  {
    name: 'expenses-accounts-ignored',
    requirement: 'EXP-05',
    description: 'the accounts asked for are ignored: every account of the user is summarised',
  },
  {
    name: 'expenses-links-first-account-only',
    requirement: 'EXP-06',
    description: 'links.accounts refers to the first account used only',
    alter: onSuccess(expensesPath, (body) => {
      const links = body.links as { accounts: string[] };
      return { ...body, links: { ...links, accounts: links.accounts.slice(0, 1) } };
    }),
  },
  {
    name: 'expenses-unknown-user-accepted',
    requirement: 'EXP-07',
    description: 'an unknown user gets an (empty) expenses summary',
  },
  {
    name: 'expenses-month-number-not-checked',
    requirement: 'EXP-08',
    description: 'a month number above 12 (2024-13) is accepted',
  },
  {
    name: 'expenses-type-wrong',
    requirement: 'EXP-09',
    description: 'expenses resources carry type "expense"',
    alter: onSuccess(expensesPath, (body) => ({ ...body, type: 'expense' })),
  },
  {
    name: 'expenses-months-with-day',
    requirement: 'EXP-10',
    description: 'fromMonth and toMonth are dates in YYYY-MM-DD form',
    alter: onSuccess(expensesPath, (body) => ({
      ...body,
      fromMonth: `${String(body.fromMonth)}-01`,
      toMonth: `${String(body.toMonth)}-01`,
    })),
  },
  {
    name: 'expenses-range-reversed',
    requirement: 'EXP-11',
    description: 'fromMonth and toMonth are swapped',
    alter: onSuccess(expensesPath, (body) => ({ ...body, fromMonth: body.toMonth, toMonth: body.fromMonth })),
  },
  {
    name: 'expenses-payments-object',
    requirement: 'EXP-12',
    description: 'payments is an object keyed by division instead of an array',
    alter: onSuccess(expensesPath, (body) => ({
      ...body,
      payments: Object.fromEntries((body.payments as Body[]).map((p) => [String(p.division), p])),
    })),
  },
  {
    name: 'expenses-percentage-string',
    requirement: 'EXP-14',
    description: 'percentageTotal is a string such as "12.5%"',
    alter: onSuccess(expensesPath, (body) => ({
      ...body,
      payments: (body.payments as Body[]).map((p) => ({
        ...p,
        percentageTotal: `${String(p.percentageTotal)}%`,
      })),
    })),
  },
  {
    name: 'expenses-expense-class-code-only',
    requirement: 'EXP-15',
    description: 'category.expenseClass is the class code string instead of an object',
    alter: onSuccess(expensesPath, (body) => ({
      ...body,
      payments: (body.payments as Body[]).map((p) => ({
        ...p,
        subCategory: (p.subCategory as { category: { expenseClass: Body } }[]).map((s) => ({
          ...s,
          category: { expenseClass: s.category.expenseClass.classCode },
        })),
      })),
    })),
  },
  {
    name: 'expenses-change-date-with-day',
    requirement: 'EXP-17',
    description: 'changeHistory dates of the summary blocks are in YYYY-MM-DD form',
    alter: onSuccess(expensesPath, (body) =>
      mapSummaryBlocks(body, (change) => ({ ...change, date: `${String(change.date)}-01` })),
    ),
  },
  {
    name: 'expenses-account-links-objects',
    requirement: 'EXP-19',
    description: 'links.accounts holds objects with href instead of links',
    alter: onSuccess(expensesPath, (body) => {
      const links = body.links as { accounts: string[] };
      return { ...body, links: { ...links, accounts: links.accounts.map((href) => ({ href })) } };
    }),
  },
  {
    name: 'expenses-history-after-range',
    requirement: 'EXP-18',
    description: 'cashWithdrawals.changeHistory also holds the month after toMonth',
    alter: onSuccess(expensesPath, (body) => {
      const [year, month] = String(body.toMonth).split('-').map(Number) as [number, number];
      const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
      const block = body.cashWithdrawals as { changeHistory: Body[] };
      return {
        ...body,
        cashWithdrawals: {
          ...block,
          changeHistory: [...block.changeHistory, { date: next, amount: '0.00' }],
        },
      };
    }),
  },

  // Affordability (spec: affordability transactions endpoint, Affordability transaction, Limits)
  {
    name: 'affordability-next-missing',
    requirement: 'AFFORD-04',
    description: 'no links.next although more pages exist',
  },
  {
    name: 'affordability-next-on-last-page',
    requirement: 'AFFORD-05',
    description: 'the last page links to an empty next page',
  },
  {
    name: 'affordability-default-page-100',
    requirement: 'AFFORD-06',
    description: 'without limit, pages hold 100 transactions',
  },
  {
    name: 'affordability-limit-ignored',
    requirement: 'AFFORD-07',
    description: 'limit is ignored; pages hold 500',
  },
  {
    name: 'affordability-limit-unbounded',
    requirement: 'AFFORD-09',
    description: 'limit above 500 gives pages above 500',
  },
  {
    name: 'affordability-cursor-refused',
    requirement: 'AFFORD-10',
    description: 'the next cursor is refused with 400',
  },
  {
    name: 'affordability-accounts-interleaved',
    requirement: 'AFFORD-12',
    description: 'transactions are ordered by date across accounts',
  },
  {
    name: 'affordability-order-ascending',
    requirement: 'AFFORD-13',
    description: 'posted transactions are ordered oldest first',
  },
  {
    name: 'affordability-pending-last',
    requirement: 'AFFORD-14',
    description: 'pending transactions come after posted ones',
  },
  {
    name: 'affordability-unknown-snapshot-served',
    requirement: 'AFFORD-16',
    description: 'an unknown snapshot id is answered 200 with an empty list',
    alter: unknownIdAnswered(transactionsPath, () => ({
      type: 'list',
      count: 0,
      size: 0,
      data: [],
      links: { self: '/' },
    })),
  },
  {
    name: 'affordability-amount-number',
    requirement: 'AFFORD-20',
    description: 'transaction amounts are numbers',
    alter: onSuccess(transactionsPath, (body) => mapData(body, (t) => ({ ...t, amount: Number(t.amount) }))),
  },
  {
    name: 'affordability-debit-refund',
    requirement: 'AFFORD-23',
    description: 'debit payments are classed "refund", a credit class',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => (t.class === 'payment' ? { ...t, class: 'refund', subClass: null } : t)),
    ),
  },
  {
    name: 'affordability-subclass-on-non-payment',
    requirement: 'AFFORD-29',
    description: 'transactions that are not payments carry a subClass',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) =>
        t.class !== 'payment' ? { ...t, subClass: { title: 'Other', code: 'other' } } : t,
      ),
    ),
  },
  {
    name: 'affordability-transaction-self-link',
    requirement: 'AFFORD-32',
    description: 'transactions carry links.self',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({
        ...t,
        links: { ...(t.links as Body), self: `/transactions/${String(t.id)}` },
      })),
    ),
  },
  {
    name: 'affordability-list-status-206',
    requirement: 'AFFORD-01',
    description: 'pages of the transaction list are answered 206 Partial Content instead of 200',
    alter: (reply, route) =>
      route?.path === transactionsPath && reply.status === 200 ? { ...reply, status: 206 } : reply,
  },
  {
    name: 'affordability-count-string',
    requirement: 'AFFORD-03',
    description: 'the list envelope gives count as a string',
    alter: onSuccess(transactionsPath, (body) => ({ ...body, count: String(body.count) })),
  },
  {
    name: 'affordability-short-pages',
    requirement: 'AFFORD-08',
    description: 'with an explicit limit below 500, pages followed by links.next hold one entry fewer',
  },
  {
    name: 'affordability-page-overlap',
    requirement: 'AFFORD-11',
    description: 'each next page starts with the last transaction of the page before',
  },
  {
    name: 'affordability-filter-ignored',
    requirement: 'AFFORD-15',
    description: 'the transaction.class filter is accepted but not applied',
  },
  {
    name: 'affordability-transaction-type-wrong',
    requirement: 'AFFORD-17',
    description: 'transactions carry type "affordability-transaction"',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({ ...t, type: 'affordability-transaction' })),
    ),
  },
  {
    name: 'affordability-status-number',
    requirement: 'AFFORD-18',
    description: 'transaction status is a number (1 posted, 0 pending)',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({ ...t, status: t.status === 'posted' ? 1 : 0 })),
    ),
  },
  {
    name: 'affordability-description-null',
    requirement: 'AFFORD-19',
    description: 'pending transactions have a null description',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => (t.status === 'posted' ? t : { ...t, description: null })),
    ),
  },
  {
    name: 'affordability-balance-number',
    requirement: 'AFFORD-21',
    description: 'transaction balances are numbers',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({ ...t, balance: Number(t.balance) })),
    ),
  },
  {
    name: 'affordability-direction-uppercase',
    requirement: 'AFFORD-22',
    description: 'direction is "DEBIT" or "CREDIT"',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({ ...t, direction: String(t.direction).toUpperCase() })),
    ),
  },
  {
    name: 'affordability-credit-salary',
    requirement: 'AFFORD-24',
    description: 'direct credits are classed "salary", outside the credit classes',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => (t.class === 'direct-credit' ? { ...t, class: 'salary' } : t)),
    ),
  },
  {
    name: 'affordability-institution-object',
    requirement: 'AFFORD-25',
    description: "a transaction's institution is an object holding the id",
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({ ...t, institution: { id: t.institution } })),
    ),
  },
  {
    name: 'affordability-transaction-date-null',
    requirement: 'AFFORD-26',
    description: 'pending transactions have a null transactionDate instead of a string',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => (t.status === 'posted' ? t : { ...t, transactionDate: null })),
    ),
  },
  {
    name: 'affordability-post-date-local',
    requirement: 'AFFORD-27',
    description: 'postDate is a local date and time in DD/MM/YYYY form',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({
        ...t,
        postDate: new Date(String(t.postDate)).toLocaleString('en-AU', { timeZone: 'UTC' }),
      })),
    ),
  },
  {
    name: 'affordability-subclass-string',
    requirement: 'AFFORD-28',
    description: 'payments give subClass as its title string instead of an object',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) =>
        t.subClass !== null && typeof t.subClass === 'object'
          ? { ...t, subClass: (t.subClass as Body).title }
          : t,
      ),
    ),
  },
  {
    name: 'affordability-payment-subclass-null',
    requirement: 'AFFORD-30',
    description: 'payments carry a null subClass',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => (t.class === 'payment' ? { ...t, subClass: null } : t)),
    ),
  },
  {
    name: 'affordability-institution-link-missing',
    requirement: 'AFFORD-31',
    description: 'transactions carry no links.institution',
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => {
        const { institution: _institution, ...links } = t.links as Body;
        return { ...t, links };
      }),
    ),
  },
  {
    name: 'affordability-account-link-other',
    requirement: 'AFFORD-33',
    description: "links.account names the institution instead of the transaction's account",
    alter: onSuccess(transactionsPath, (body) =>
      mapData(body, (t) => ({
        ...t,
        links: {
          ...(t.links as Body),
          account: String((t.links as Body).account).replace(String(t.account), String(t.institution)),
        },
      })),
    ),
  },
];

const byName = new Map(faults.map((fault) => [fault.name, fault]));

export function isFaultName(name: string): boolean {
  return byName.has(name);
}

export function assertKnownFaults(names: string[]): void {
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length > 0) throw new RangeError(`unknown fault ${unknown.join(', ')}; see --list-faults`);
}

/** Applies the reply-level faults in force to a finished reply. */
export function applyReplyFaults(
  reply: MockReply,
  route: Route | undefined,
  context: MockContext,
): MockReply {
  let result = reply;
  for (const name of context.options.faults) {
    const alter = byName.get(name)?.alter;
    if (alter) result = alter(result, route, context);
  }
  return result;
}

/** A refusal in the error-list shape, for faults that refuse what the mock would serve. */
function errorReply(status: number, code: string, parameter: string): MockReply {
  const error = {
    type: 'error',
    code,
    title: 'Refused',
    detail: `refused with ${code}`,
    source: { parameter },
  };
  return { status, body: { type: 'list', correlationId: globalThis.crypto.randomUUID(), data: [error] } };
}

/** Re-sends the token endpoint's 400 refusals carrying `code` with another status and, if given, code. */
function tokenRefusalAs(code: string, status: number, newCode?: string): Alter {
  return (reply, route) => {
    const body = reply.body as Body;
    const refused =
      route?.path === '/token' &&
      reply.status === 400 &&
      Array.isArray(body.data) &&
      (body.data as Body[]).some((error) => error.code === code);
    if (!refused) return reply;
    return {
      ...reply,
      status,
      body: newCode
        ? mapErrors(body, (error) => (error.code === code ? { ...error, code: newCode } : error))
        : body,
    };
  };
}
