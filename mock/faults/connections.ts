/**
 * Faults of bank connections (spec: connection endpoints, Connection, Account), each breaking one CONN
 * requirement: the list and its filter, a single connection, its profile and embedded accounts, and
 * updates. Faults exist so the suite can prove its worth: run against the mock with one in force, the
 * suite must fail the check of that requirement, or it has a gap.
 */

import type { MockContext } from '../router.ts';
import type { Fault } from './fault.ts';
import { onSuccess, unknownIdAnswered, mapData, type Body, type Alter } from './reply-rewrites.ts';
import { routePaths } from '../routes/paths.ts';

const connectionPath = routePaths.connection;
const connectionsPath = routePaths.connections;

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

export const connectionFaults = [
  {
    name: 'connections-security-code-kept',
    requirement: 'CONN-45',
    description: 'a security code sent in an update is shown with the connection retrieved afterwards',
  },
  {
    name: 'connection-list-created-date-shifted',
    requirement: 'CONN-48',
    description: "the list shows each connection's createdDate a day later than its single retrieval",
    alter: onSuccess(connectionsPath, (body) =>
      mapData(body, (connection) => ({
        ...connection,
        createdDate: new Date(Date.parse(String(connection.createdDate)) + 86_400_000).toISOString(),
      })),
    ),
  },
  {
    name: 'connection-list-status-invalid',
    requirement: 'CONN-48',
    description:
      'the list says every connection needs its credentials again (credentials-invalid), whatever its single retrieval says',
    collateral: [
      {
        requirement: 'CONN-05',
        reason: "a status filter's answer lists its connections under the other status too",
      },
    ],
    alter: onSuccess(connectionsPath, (body) =>
      mapData(body, (connection) => ({ ...connection, status: 'credentials-invalid' })),
    ),
  },
  {
    name: 'connection-list-institution-link-elsewhere',
    requirement: 'CONN-46',
    description:
      "each list entry's links.institution leads to an institution id that is its own with the last character changed",
    alter: onSuccess(connectionsPath, (body) =>
      mapData(body, (connection) => {
        const links = connection.links as Body;
        return { ...connection, links: { ...links, institution: `${String(links.institution)}x` } };
      }),
    ),
  },
  {
    name: 'connection-detail-institution-of-first',
    requirement: 'CONN-48',
    description: "a connection retrieved singly shows the institution of its user's first connection",
    alter: (reply, route, context) => {
      if (reply.status !== 200 || route?.path !== connectionPath || route.method !== 'GET') return reply;
      const body = reply.body as Body;
      const own = context.world.connections.find((c) => c.id === body.id);
      const first = context.world.connections.find((c) => c.userId === own?.userId);
      if (!first || first.id === body.id) return reply;
      // The link follows the id, so only the institution differs from the list's.
      const link = String(((body.institution as Body).links as Body).self).replace(
        String(own?.institutionId),
        first.institutionId,
      );
      const institution = { ...(body.institution as Body), id: first.institutionId, links: { self: link } };
      return { ...reply, body: { ...body, institution } };
    },
  },
  {
    name: 'connections-status-eq-prefix-match',
    requirement: 'CONN-05',
    description:
      "status.eq selects the connections whose status begins with the value given: status.eq('activ') lists the active ones",
  },
  {
    name: 'connections-self-link-of-another',
    requirement: 'CONN-46',
    description: "each connection's links.self names another connection of its user",
    alter: (reply, route, context) => {
      if (reply.status !== 200 || (route?.path !== connectionsPath && route?.path !== connectionPath))
        return reply;
      if (route.method !== 'GET') return reply;
      const another = (connection: Body) => {
        const own = context.world.connections.find((c) => c.id === connection.id);
        const siblings = context.world.connections.filter((c) => c.userId === own?.userId && c.id !== own.id);
        const other = siblings[0];
        if (!other) return connection;
        const self = String((connection.links as Body).self).replace(String(connection.id), other.id);
        return { ...connection, links: { ...(connection.links as Body), self } };
      };
      return route.path === connectionsPath
        ? { ...reply, body: mapData(reply.body as Body, another) }
        : { ...reply, body: another(reply.body as Body) };
    },
  },
  {
    name: 'connections-accounts-of-every-connection',
    requirement: 'CONN-47',
    description: 'a connection retrieved singly embeds the accounts of every connection of its user',
  },
  {
    name: 'connections-other-user-served',
    requirement: 'CONN-43',
    description: "a connection is looked up by its id alone: another user's path serves it",
  },
  {
    name: 'connections-other-known-user-served',
    requirement: 'CONN-43',
    description:
      "a connection is looked up by its id alone once the path's user is known: another real user's path serves it",
  },
  {
    name: 'connections-other-user-updated',
    requirement: 'CONN-44',
    description: "a connection is looked up by its id alone: another user's path updates it",
  },
  {
    name: 'connections-password-echoed',
    requirement: 'CONN-45',
    description: 'the job an update answers repeats the password in a member of its own (verifying)',
  },
  {
    name: 'connections-password-echoed-base64',
    requirement: 'CONN-45',
    description:
      'the job an update answers repeats the password, base64-encoded, in a member of its own (verifying)',
  },
  {
    name: 'connections-refusal-echoes-body',
    requirement: 'CONN-45',
    description: 'the refusal of an update naming no connection repeats the body, password and security code',
  },
  {
    name: 'connections-new-user-404',
    requirement: 'CONN-03',
    description: 'the connections list of a user without connections is refused',
  },
  {
    name: 'connections-filter-ignored',
    requirement: 'CONN-04',
    description: 'the connections filter is ignored',
    collateral: [
      {
        requirement: 'CONN-39',
        reason: 'a filter of several expressions is ignored too: it answers the whole list',
      },
      { requirement: 'CONN-05', reason: 'the status filter is ignored too' },
      { requirement: 'CONN-06', reason: 'the institution filter is ignored too' },
      { requirement: 'CONN-07', reason: 'a filter that matches nothing, ignored, answers every connection' },
    ],
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
    alter: onSuccess(connectionsPath, (body) =>
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
    alter: onSuccess(connectionsPath, (body) =>
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
    collateral: [
      {
        requirement: 'CONN-45',
        reason: 'the password member carries the password sent, a credential returned under any name',
      },
    ],
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
    collateral: [
      {
        requirement: 'CONN-07',
        reason: 'the filter that matches nothing is an institution filter, ignored too',
      },
    ],
  },
  {
    name: 'connections-no-match-404',
    requirement: 'CONN-07',
    description: 'a connections filter that matches nothing is answered 404',
  },
  {
    name: 'connections-unknown-user-lists-others',
    requirement: 'CONN-08',
    description: "the connections list of an unknown user is answered 200 with the first user's connections",
    alter: unknownIdAnswered(connectionsPath, (context) => {
      const first = context.world.connections[0];
      const data = context.world.connections
        .filter((c) => c.userId === first?.userId)
        .map((c) => ({ type: 'connection', id: c.id, status: c.status }));
      return { type: 'list', data, links: { self: `${context.baseUrl}/users/unknown/connections` } };
    }),
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
    name: 'connection-update-malformed-body-500',
    requirement: 'CONN-35',
    description: 'a connection update whose body is not JSON is answered 500 instead of being refused',
    collateral: [
      {
        requirement: 'ERR-11',
        reason:
          'a 5xx to input every reading refuses breaks ERR-11 (never a 5xx) as well as this requirement, which asks for a 4xx refusal',
      },
    ],
    alter: (reply, route) =>
      route?.path === connectionPath &&
      route.method === 'POST' &&
      reply.status === 400 &&
      JSON.stringify(reply.body).includes('not valid JSON')
        ? {
            ...reply,
            status: 500,
            body: mapData(reply.body as Body, (error) => ({ ...error, code: 'internal-server-error' })),
          }
        : reply,
  },
  {
    name: 'connections-malformed-filter-ignored',
    requirement: 'CONN-36',
    description: 'a malformed connections filter is ignored: the whole list is answered 200',
    collateral: [
      {
        requirement: 'CONN-42',
        reason:
          'the parser that refuses a malformed expression refuses a property not listed too, and whatever it refuses is ignored',
      },
      {
        requirement: 'CONN-37',
        reason: 'the mock refuses ne as it refuses a malformed filter, so ne is accepted and ignored too',
      },
    ],
  },
  {
    name: 'connections-ne-ignored',
    requirement: 'CONN-37',
    description: 'a connections filter with ne is accepted and ignored: the whole list is answered 200',
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
  {
    name: 'connection-update-password-presence-only',
    requirement: 'CONN-38',
    description:
      'a connection update checks only that a password member is there: null, an array or an object is accepted with 202',
  },
  {
    name: 'connections-combined-filter-first-only',
    requirement: 'CONN-39',
    description: 'of several comma-separated filter expressions only the first is applied',
  },
  {
    name: 'connection-detail-first-of-user',
    requirement: 'CONN-40',
    description:
      "a single connection's retrieval answers the user's first connection, whatever connection is named",
  },
  {
    name: 'connections-list-drops-first',
    requirement: 'CONN-41',
    description: "the connections list leaves out the user's first connection, an off-by-one",
  },
  {
    name: 'connections-unknown-property-ignored',
    requirement: 'CONN-42',
    description:
      'a connections filter on a property not listed is accepted and dropped: the whole list is answered 200',
  },
] as const satisfies readonly Fault[];
