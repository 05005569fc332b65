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
