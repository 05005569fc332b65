import { randomUUID } from 'node:crypto';
import { detail, kindOf, parameterNotValid, quoted } from '../errors.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import type { JobRecord } from '../state.ts';
import { creationOutcome } from '../test-credentials.ts';
import type { InstitutionRecord } from '../world/world.ts';
import { heldConnection, requireUser } from './connections.ts';

/*
 * Creating and deleting a connection: extensions of the mock (docs/mock.md#what-the-mock-adds). The spec
 * references them by links and shows no shape, so they follow the real service's published ones; the
 * conformance suite never calls them, and `specOnly` turns them off.
 */

/** A credential member: a non-empty string when required, a string when given otherwise; never repeated. */
function credential(body: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const value = body[name];
  if (value === undefined && !required) return undefined;
  if (value === undefined) throw parameterNotValid(name, detail.missing(name));
  if (typeof value !== 'string')
    throw parameterNotValid(name, detail.malformed(name, 'a string', kindOf(value)));
  if (value === '' && required) throw parameterNotValid(name, detail.empty(name));
  return value;
}

/** The institution `{ id }` names, of the catalogue; refused when missing, malformed or unknown. */
function institutionOf(body: Record<string, unknown>, context: MockContext): InstitutionRecord {
  const { institution } = body;
  if (institution === undefined) throw parameterNotValid('institution', detail.missing('institution'));
  if (institution === null || typeof institution !== 'object' || Array.isArray(institution))
    throw parameterNotValid(
      'institution',
      detail.malformed('institution', 'an object holding id', kindOf(institution)),
    );
  const { id } = institution as Record<string, unknown>;
  if (id === undefined) throw parameterNotValid('institution.id', detail.missing('institution.id'));
  if (typeof id !== 'string')
    throw parameterNotValid('institution.id', detail.malformed('institution.id', 'a string', kindOf(id)));
  const found = context.world.institutions.find((i) => i.id === id);
  if (!found)
    throw parameterNotValid(
      'institution.id',
      detail.unknown('institution.id', quoted(id), 'no institution has this id'),
    );
  return found;
}

/**
 * POST /users/{user.id}/connections: `loginId`, `password`, optional `securityCode` and
 * `secondaryLoginId`, and `institution: { id }`; 202 with the job that makes the connection. The mock has
 * no multi-factor login, so the optional two are checked to be strings and need nothing more. What the
 * job does is driven by the test credentials (mock/test-credentials.ts); its connection holds copies of
 * the fixture connection's accounts and their transactions.
 */
export const createConnection: RouteHandler = {
  handle(request, context) {
    const userId = requireUser(request.params.userId, context);
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw parameterNotValid(
        'body',
        detail.malformed('the body', 'a JSON object holding loginId, password and institution', kindOf(body)),
      );
    const members = body as Record<string, unknown>;
    const loginId = credential(members, 'loginId', true) as string;
    const password = credential(members, 'password', true) as string;
    credential(members, 'securityCode', false);
    credential(members, 'secondaryLoginId', false);
    const institution = institutionOf(members, context);
    const outcome = creationOutcome(loginId, password, institution, context);
    const now = Date.now();
    const connectionId = randomUUID();
    const job: JobRecord = {
      id: randomUUID(),
      userId,
      connectionId,
      createdAt: now,
      creates: true,
      ...outcome,
    };
    context.state.addJob(job);
    if (!outcome.failure) {
      const { world } = context;
      const lastUsed = new Date(now).toISOString();
      const templates = world.accounts.filter((a) => a.connectionId === world.fixture.connectionId);
      const accounts = templates.map((template) => ({
        ...template,
        id: randomUUID(),
        connectionId,
        lastUpdated: lastUsed,
      }));
      context.state.addConnection({
        connection: {
          id: connectionId,
          userId,
          institutionId: institution.id,
          status: 'active',
          createdDate: lastUsed,
          lastUsed,
          mfaEnabled: false,
          profile: {},
          password,
        },
        accounts,
        templateOf: new Map(accounts.map((account, index) => [account.id, templates[index]!.id])),
        job,
      });
    }
    return {
      status: 202,
      body: { type: 'job', id: job.id, links: { self: `${context.baseUrl}/jobs/${job.id}` } },
    };
  },
};

/**
 * DELETE /users/{user.id}/connections/{connection.id}: 204, and the connection, its accounts and their
 * transactions are gone from this mock (a world connection is hidden for this mock alone: the world is
 * shared). The affordability snapshots stay as they were taken.
 */
export const deleteConnection: RouteHandler = {
  handle(request, context) {
    const { id } = heldConnection(request, context);
    const { state } = context;
    if (!state.createdConnections.delete(id)) state.deletedConnections.add(id);
    return { status: 204, body: undefined };
  },
};
