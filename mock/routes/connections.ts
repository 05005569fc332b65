import { randomUUID } from 'node:crypto';
import { filterOf } from '../../src/operations/table.ts';
import { detail, kindOf, MockError, notFound, parameterNotValid, quoted } from '../errors.ts';
import { filterTest, parseFilter, type FilterTerm } from '../filters.ts';
import { heldAccounts, heldConnections } from '../holdings.ts';
import { connectionDetail, connectionSummary, jobResource } from '../representations.ts';
import type { MockContext, MockRequest, RouteHandler } from '../router.ts';
import type { ConnectionRecord } from '../world/world.ts';
import type { ConnectionsPolicy } from '../policy/connections.ts';
import { passwordFailure } from '../test-credentials.ts';
import { jobAsShown } from './jobs.ts';
import { knownUser } from './users.ts';

/** The operator `eq` is the one the spec shows for connections; others are refused unless a variant says. */
const filter = filterOf('listConnections');

/** A connection's value of a filter property; none for a property it does not carry (AMB-CONN-09). */
function read(connection: ConnectionRecord, property: string): string | undefined {
  if (property === 'institution.id') return connection.institutionId;
  if (property === 'id') return connection.id;
  return property === 'status' ? connection.status : undefined;
}

/** The id of a user that exists, in the world or created through POST /users; 404 otherwise. */
export function requireUser(userId: string | undefined, context: MockContext): string {
  return knownUser(userId, context).id;
}

export function requireConnection(request: MockRequest, context: MockContext): ConnectionRecord {
  // The faults look a connection up by its id alone, whichever user the path names: a read, an update;
  // or, for a read, once the path's user is known, as a service that checks the user and not the owner.
  const read = request.method === 'GET';
  const ownerUnchecked = read && context.fault('connections-other-known-user-served');
  if (ownerUnchecked) requireUser(request.params.userId, context);
  const byIdAlone = read
    ? context.fault('connections-other-user-served')
    : context.fault('connections-other-user-updated');
  const anyones =
    byIdAlone || ownerUnchecked
      ? context.world.connections.find((c) => c.id === request.params.connectionId)
      : undefined;
  if (anyones) return anyones;
  return heldConnection(request, context, context.fault('connection-unknown-id-served'));
}

/**
 * The connection the path names among those the mock holds for the user (mock/holdings.ts); 404
 * otherwise, or the user's first connection when `unknownServed` (a fault's, for an id it does not know).
 */
export function heldConnection(
  request: MockRequest,
  context: MockContext,
  unknownServed = false,
): ConnectionRecord {
  const userId = requireUser(request.params.userId, context);
  const id = request.params.connectionId;
  const ofUser = heldConnections(context).filter((c) => c.userId === userId);
  const connection = ofUser.find((c) => c.id === id) ?? (unknownServed ? ofUser[0] : undefined);
  if (!connection)
    throw notFound(
      'connection.id',
      detail.unknown('connection.id', quoted(id), 'the user has no connection with this id'),
    );
  return connection;
}

/**
 * The filter's terms: eq, and ne where it is read as supported (AMB-CONN-07); a property not listed is
 * refused, or read like the others (AMB-CONN-09), or dropped; a malformed filter refused, or read as none.
 */
function filterTerms(raw: string | null, policy: ConnectionsPolicy['filter']): FilterTerm[] {
  try {
    const terms = parseFilter(raw, filter.properties, policy.operators, {
      otherProperties: policy.otherProperties,
      nearMisses: policy.nearMisses,
    });
    return policy.otherPropertiesDropped
      ? terms.filter((term) => filter.properties.includes(term.property))
      : terms;
  } catch (error) {
    if (policy.malformed === 'ignored') return [];
    throw error;
  }
}

/**
 * Where unknown values are refused, a status, institution id or connection id the service does not
 * know (AMB-CONN-08): the first two refused as invalid values, a connection id looked up and not found.
 */
function refuseUnknownValues(terms: FilterTerm[], context: MockContext): void {
  const { institutions } = context.world;
  const connections = heldConnections(context);
  const statuses = [...new Set(connections.map((c) => c.status))];
  const known: Record<string, { has: (value: string) => boolean; says: string }> = {
    status: { has: (value) => statuses.includes(value), says: `the statuses are ${statuses.join(', ')}` },
    'institution.id': {
      has: (value) => institutions.some((i) => i.id === value),
      says: 'no institution has this id',
    },
  };
  for (const { property, value } of terms) {
    if (property === 'id' && !connections.some((c) => c.id === value))
      throw notFound('filter', `no connection has id ${quoted(value)}`);
    const rule = known[property];
    if (rule && !rule.has(value))
      throw parameterNotValid('filter', detail.unknown(property, quoted(value), rule.says));
  }
}

/**
 * A connection as its single retrieval shows it. A profile with nothing to show is `{}`, or gives its
 * list members as empty arrays: "no data points are returned" either way.
 */
function detailOf(connection: ConnectionRecord, context: MockContext) {
  const policy = context.policy.connections;
  const embedded =
    policy.accountsOf === 'user'
      ? new Set(context.world.connections.filter((c) => c.userId === connection.userId).map((c) => c.id))
      : new Set([connection.id]);
  const accounts = heldAccounts(context).filter((a) => embedded.has(a.connectionId));
  const hidden = Object.keys(connection.profile).length === 0;
  const profile =
    hidden && policy.hiddenProfile === 'empty-arrays'
      ? { phoneNumbers: [], emailAddresses: [], physicalAddresses: [] }
      : connection.profile;
  const shown = connectionDetail({ ...connection, profile }, accounts, context);
  const kept = context.fault('connections-security-code-kept') ? keptCodes.get(connection.id) : undefined;
  return kept === undefined ? shown : { ...shown, verification: kept };
}

/** The security code last sent to each connection, under the fault that shows it again. */
const keptCodes = new Map<string, string>();

/** GET /users/{user.id}/connections (spec: Endpoints): a list, empty for a user with none. */
export const listConnections: RouteHandler = {
  handle(request, context) {
    const policy = context.policy.connections;
    const userId =
      policy.unknownUser === 'empty-list'
        ? (request.params.userId ?? '')
        : requireUser(request.params.userId, context);
    const terms = filterTerms(request.query.get('filter'), policy.filter);
    // Several expressions: a form the spec never shows (AMB-CONN-05).
    if (terms.length > 1 && policy.filter.combined === 'refused')
      throw parameterNotValid(
        'filter',
        detail.malformed('filter', 'a single expression', quoted(request.query.get('filter'))),
      );
    if (policy.filter.unknownValues === 'refused') refuseUnknownValues(terms, context);
    const dropped = (term: FilterTerm) =>
      policy.filter.droppedProperties.includes(term.property) ||
      (term.operator === 'ne' && !policy.filter.neApplied);
    const applied = terms.filter((t) => !dropped(t)).slice(0, policy.filter.termsApplied);
    const combine = policy.filter.combined === 'any' ? 'any' : 'all';
    const own = heldConnections(context).filter((c) => c.userId === userId);
    const listed = policy.firstListed ? own : own.slice(1);
    const test =
      policy.filter.statusEq === 'prefix'
        ? (connection: ConnectionRecord) =>
            applied.every((term) =>
              term.property === 'status' && term.operator === 'eq'
                ? (read(connection, term.property) ?? '').startsWith(term.value)
                : filterTest([term], read)(connection),
            )
        : filterTest(applied, read, { combine });
    const data = listed
      .filter(test)
      .map((c) => (policy.listForm === 'detailed' ? detailOf(c, context) : connectionSummary(c, context)));
    if (data.length === 0 && terms.length > 0 && policy.emptyFiltered === 'not-found')
      throw notFound('filter', 'no connection matches the filter');
    if (data.length === 0 && terms.length === 0 && policy.emptyUnfiltered === 'not-found')
      throw notFound('user.id', `user ${userId} has no connections`);
    return {
      status: 200,
      body: { type: 'list', data, links: { self: `${context.baseUrl}/users/${userId}/connections` } },
    };
  },
};

/** GET /users/{user.id}/connections/{connection.id}: with profile, institution and accounts. */
export const getConnection: RouteHandler = {
  handle(request, context) {
    const connection = requireConnection(request, context);
    // A service that finds the user and answers its first connection, whatever connection is named.
    const answered = context.fault('connection-detail-first-of-user')
      ? (context.world.connections.find((c) => c.userId === connection.userId) ?? connection)
      : connection;
    return { status: 200, body: detailOf(answered, context) };
  },
};

/** Why an update's password is refused; the password itself is never repeated. */
function passwordDetail(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return detail.malformed('the body', 'a JSON object holding password', kindOf(body));
  const { password } = body as Record<string, unknown>;
  if (password === undefined) return detail.missing('password');
  return password === ''
    ? detail.empty('password')
    : detail.malformed('password', 'a string', kindOf(password));
}

/** POST /users/{user.id}/connections/{connection.id}: password required; 202 with a job. */
export const updateConnection: RouteHandler = {
  handle(request, context) {
    const connection = echoingCredentials(() => requireConnection(request, context), request, context);
    const policy = context.policy.connections.update;
    const body = request.body as Record<string, unknown> | null;
    const password = body && typeof body === 'object' ? body.password : undefined;
    const taken = password === undefined ? policy.missingPasswordTaken : policy.anyPasswordTaken;
    if ((typeof password !== 'string' || password === '') && !taken) {
      // The status is not shown (AMB-CONN-04).
      throw new MockError(
        policy.passwordRefusal,
        'parameter-not-valid',
        'Parameter not valid',
        passwordDetail(body),
        'password',
      );
    }
    for (const field of ['securityCode', 'secondaryLoginId']) {
      const value = body?.[field];
      // Credentials, like the password: their type is told, never their value.
      if (value !== undefined && typeof value !== 'string')
        throw parameterNotValid(field, detail.malformed(field, 'a string', kindOf(value)));
    }
    const institution = context.world.institutions.find((i) => i.id === connection.institutionId);
    // The test password that is wrong fails the job's verify-credentials, as a real institution would.
    const failure = institution && passwordFailure(password, institution);
    const job = {
      id: randomUUID(),
      userId: connection.userId,
      connectionId: connection.id,
      createdAt: Date.now(),
      ...(failure ? { failure } : {}),
    };
    context.state.addJob(job);
    const shown = jobAsShown(jobResource(job, context), context);
    // "202 with a job (`type`, `id`, `links.self`)": the minimal reading gives those alone (AMB-CONN-03).
    const reply =
      policy.job === 'minimal'
        ? { type: shown.type, id: shown.id, links: { self: shown.links.self } }
        : shown;
    // The fault keeps the security code sent, and shows it with the connection from then on.
    if (typeof body?.securityCode === 'string' && context.fault('connections-security-code-kept'))
      keptCodes.set(connection.id, body.securityCode);
    // The faults tell which password the job verifies, under a name no credential member has: as sent,
    // or base64-encoded, which hides it from no one.
    const verifying = context.fault('connections-password-echoed')
      ? password
      : context.fault('connections-password-echoed-base64')
        ? Buffer.from(String(password)).toString('base64')
        : undefined;
    return { status: 202, body: verifying === undefined ? reply : { ...reply, verifying } };
  },
};

/**
 * The lookup of an update's connection; under the fault its refusal repeats the body it was sent,
 * credentials and all, as a service that logs its input into its errors would.
 */
function echoingCredentials<T>(lookUp: () => T, request: MockRequest, context: MockContext): T {
  try {
    return lookUp();
  } catch (error) {
    if (error instanceof MockError && context.fault('connections-refusal-echoes-body'))
      throw new MockError(
        error.status,
        error.code,
        error.title,
        `${error.detail}: ${JSON.stringify(request.body)}`,
        error.parameter,
      );
    throw error;
  }
}
