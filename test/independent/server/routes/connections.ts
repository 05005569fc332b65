/** Connections of a user: list, detail and update (which starts a job). */
import { randomUUID } from 'node:crypto';
import { matches, parseFilter } from '../filter.ts';
import { invalidParameter, missingParameter } from '../errors.ts';
import { optionalString, queryParam, readJsonObject, sendJson } from '../http.ts';
import type { Context } from '../http.ts';
import { links } from '../links.ts';
import { requireConnection, requireUser } from '../lookup.ts';
import type { Connection, Job } from '../model.ts';
import { presentConnectionDetail, presentConnectionSummary, presentJob } from '../present.ts';

const FILTER_PROPERTIES = ['id', 'status', 'institution.id'];
const FILTER_OPERATORS = ['eq'];

function filterValue(connection: Connection, property: string): string {
  if (property === 'id') return connection.id;
  if (property === 'status') return connection.status;
  return connection.institutionId;
}

export function listConnections(ctx: Context): void {
  const { world, url } = ctx;
  const user = requireUser(world, ctx.params.userId ?? '');
  const rawFilter = queryParam(url, 'filter');
  const filter =
    rawFilter === undefined ? undefined : parseFilter(rawFilter, FILTER_PROPERTIES, FILTER_OPERATORS);
  const data = user.connectionIds
    .flatMap((id) => {
      const connection = world.connections.get(id);
      return connection ? [connection] : [];
    })
    .filter((c) => filter === undefined || matches(filter, filterValue(c, filter.property)))
    .map((c) => presentConnectionSummary(ctx.baseUrl, c));
  sendJson(ctx.res, 200, { type: 'list', data, links: { self: links.request(ctx.baseUrl, url) } });
}

export function getConnection(ctx: Context): void {
  const user = requireUser(ctx.world, ctx.params.userId ?? '');
  const connection = requireConnection(ctx.world, user, ctx.params.connectionId ?? '');
  sendJson(ctx.res, 200, presentConnectionDetail(ctx.baseUrl, ctx.world, connection));
}

function conditionalField(body: Record<string, unknown>, name: string, needed: boolean): void {
  const value = optionalString(body, name);
  if (value === undefined) {
    if (needed) throw missingParameter(name, `This institution requires ${name}.`);
  } else if (value === '') {
    throw invalidParameter(name, `${name} must not be empty.`);
  }
}

/**
 * Accepts new credentials and answers with the job that re-verifies them. The password is
 * compared with the one the institution holds; a wrong one makes the job fail its first step
 * and marks the connection invalid, a right one reactivates it.
 */
export async function updateConnection(ctx: Context): Promise<void> {
  const { world } = ctx;
  const user = requireUser(world, ctx.params.userId ?? '');
  const connection = requireConnection(world, user, ctx.params.connectionId ?? '');
  const body = await readJsonObject(ctx.req, false);
  const password = optionalString(body, 'password');
  if (password === undefined) throw missingParameter('password');
  if (password === '') throw invalidParameter('password', 'password must not be empty.');
  const login = world.institutions.get(connection.institutionId)?.login ?? [];
  conditionalField(body, 'securityCode', login.includes('securityCode'));
  conditionalField(body, 'secondaryLoginId', login.includes('secondaryLoginId'));

  const nowMs = Date.now();
  const job: Job = {
    id: randomUUID(),
    userId: user.id,
    connectionId: connection.id,
    createdMs: nowMs,
    credentialsAccepted: password === connection.password,
  };
  world.jobs.set(job.id, job);
  connection.status = job.credentialsAccepted ? 'active' : 'invalid';
  if (job.credentialsAccepted) connection.lastUsed = new Date(nowMs).toISOString();
  sendJson(ctx.res, 202, presentJob(ctx.baseUrl, job, nowMs));
}
