import { isRecord, jsonBody } from '../server/context.ts';
import type { Context, Reply } from '../server/context.ts';
import { ApiError, invalid } from '../server/errors.ts';
import { matches, parseFilters } from '../server/filter.ts';
import { link } from '../server/links.ts';
import type { Route } from '../server/router.ts';
import type { ConnectionRecord, JobRecord } from '../world/types.ts';
import { connectionView } from '../views/connection.ts';
import { jobView } from '../views/job.ts';
import { accountsOf, checkId, findConnection, findUser } from './lookup.ts';

const FILTERABLE = { id: 'id', status: 'status', 'institution.id': 'institution.id' };

function read(connection: ConnectionRecord, property: string): string {
  if (property === 'id') return connection.id;
  if (property === 'status') return connection.status;
  return connection.institutionId;
}

/**
 * A well-formed but unknown user simply has no connections: 200 with an empty
 * list (the spec names no error for this endpoint).
 */
function list(ctx: Context): Reply {
  const userId = checkId(ctx, 'userId', 'user', 'user.id');
  const conditions = parseFilters(ctx.query.getAll('filter'), FILTERABLE);
  const data = [...ctx.world.connections.values()]
    .filter((c) => c.userId === userId && matches(conditions, (p) => read(c, p)))
    .map((c) => connectionView(c, false, []));
  const queryAt = ctx.target.indexOf('?');
  return {
    status: 200,
    body: {
      type: 'list',
      count: data.length,
      data,
      links: { self: link(`${ctx.path}${queryAt === -1 ? '' : ctx.target.slice(queryAt)}`) },
    },
  };
}

function detail(ctx: Context): Reply {
  const connection = findConnection(ctx, findUser(ctx));
  return { status: 200, body: connectionView(connection, true, accountsOf(ctx, connection)) };
}

function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(name, `${name} must be a string.`, 422);
  return value;
}

/**
 * Any non-empty password is taken: the spec allows "new or old" passwords, and
 * checking them is the institution's business, reported through the job.
 */
function update(ctx: Context): Reply {
  const connection = findConnection(ctx, findUser(ctx));
  const body = jsonBody(ctx);
  if (!isRecord(body))
    throw new ApiError(400, 'invalid-request', 'Malformed request body.', 'The body must be a JSON object.');
  const password = optionalString(body, 'password');
  if (password === undefined || password === '') throw invalid('password', 'password is required.', 422);
  optionalString(body, 'securityCode');
  optionalString(body, 'secondaryLoginId');
  const now = Date.now();
  connection.password = password;
  connection.status = 'active';
  connection.lastUsed = new Date(now).toISOString();
  const job: JobRecord = {
    id: ctx.world.ids.next('job'),
    userId: connection.userId,
    connectionId: connection.id,
    createdMs: now,
  };
  ctx.world.jobs.set(job.id, job);
  return { status: 202, body: jobView(job, now) };
}

export const connectionRoutes: Route[] = [
  { method: 'GET', pattern: '/users/:userId/connections', auth: true, clientAccess: true, handle: list },
  {
    method: 'GET',
    pattern: '/users/:userId/connections/:connectionId',
    auth: true,
    clientAccess: true,
    handle: detail,
  },
  {
    method: 'POST',
    pattern: '/users/:userId/connections/:connectionId',
    auth: true,
    clientAccess: true,
    handle: update,
  },
];
