import { randomUUID } from 'node:crypto';
import { notFound, parameterNotValid } from '../errors.ts';
import { matchesFilter, parseFilter } from '../filters.ts';
import { connectionDetail, connectionSummary, jobResource } from '../representations.ts';
import type { MockContext, MockRequest, Route } from '../router.ts';
import type { ConnectionRecord } from '../world/world.ts';

/** The operator `eq` is the one the spec shows for connections; others are refused rather than guessed. */
const filterProperties = ['id', 'status', 'institution.id'] as const;

function read(connection: ConnectionRecord, property: string): string | undefined {
  if (property === 'institution.id') return connection.institutionId;
  return property === 'id' ? connection.id : connection.status;
}

/** Throws unless the user exists, in the world or created through POST /users. */
export function requireUser(userId: string | undefined, context: MockContext): string {
  const known =
    userId !== undefined &&
    (context.state.users.has(userId) || context.world.users.some((u) => u.id === userId));
  if (!known) throw notFound('user.id', `no user ${userId}`);
  return userId as string;
}

function requireConnection(request: MockRequest, context: MockContext): ConnectionRecord {
  const userId = requireUser(request.params.userId, context);
  const id = request.params.connectionId;
  const ofUser = context.world.connections.filter((c) => c.userId === userId);
  const connection =
    ofUser.find((c) => c.id === id) ??
    (context.fault('connection-unknown-id-served') ? ofUser[0] : undefined);
  if (!connection) throw notFound('connection.id', `no connection ${id} for user ${userId}`);
  return connection;
}

/** GET /users/{user.id}/connections (spec: Endpoints): a list, empty for a user with none. */
export const listConnections: Route = {
  method: 'GET',
  path: '/users/:userId/connections',
  auth: 'bearer',
  handle(request, context) {
    const userId = requireUser(request.params.userId, context);
    const terms = parseFilter(request.query.get('filter'), filterProperties, ['eq']);
    const ignored = (property: string) =>
      (property === 'status' && context.fault('connections-status-filter-ignored')) ||
      (property === 'institution.id' && context.fault('connections-institution-filter-ignored'));
    const effective = context.fault('connections-filter-ignored')
      ? []
      : terms.filter((t) => !ignored(t.property));
    const data = context.world.connections
      .filter((c) => c.userId === userId && matchesFilter(c, effective, read))
      .map((c) => connectionSummary(c, context));
    if (data.length === 0 && terms.length > 0 && context.fault('connections-no-match-404')) {
      throw notFound('filter', 'no connection matches the filter');
    }
    if (data.length === 0 && terms.length === 0 && context.fault('connections-new-user-404')) {
      throw notFound('user.id', `user ${userId} has no connections`);
    }
    return {
      status: 200,
      body: { type: 'list', data, links: { self: `${context.baseUrl}/users/${userId}/connections` } },
    };
  },
};

/** GET /users/{user.id}/connections/{connection.id}: with profile, institution and accounts. */
export const getConnection: Route = {
  method: 'GET',
  path: '/users/:userId/connections/:connectionId',
  auth: 'bearer',
  handle(request, context) {
    const connection = requireConnection(request, context);
    const accounts = context.world.accounts.filter((a) => a.connectionId === connection.id);
    return { status: 200, body: connectionDetail(connection, accounts, context) };
  },
};

/** POST /users/{user.id}/connections/{connection.id}: password required; 202 with a job. */
export const updateConnection: Route = {
  method: 'POST',
  path: '/users/:userId/connections/:connectionId',
  auth: 'bearer',
  body: 'json',
  handle(request, context) {
    const connection = requireConnection(request, context);
    const body = request.body as Record<string, unknown> | null;
    const password = body && typeof body === 'object' ? body.password : undefined;
    if (
      (typeof password !== 'string' || password === '') &&
      !context.fault('connection-update-without-password')
    ) {
      throw parameterNotValid('password', 'password is required');
    }
    for (const field of ['securityCode', 'secondaryLoginId']) {
      const value = body?.[field];
      if (value !== undefined && typeof value !== 'string')
        throw parameterNotValid(field, `${field} must be a string`);
    }
    const job = {
      id: randomUUID(),
      userId: connection.userId,
      connectionId: connection.id,
      createdAt: Date.now(),
    };
    context.state.addJob(job);
    return { status: 202, body: jobResource(job, context) };
  },
};
