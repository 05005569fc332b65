import { errorObjects, isObject, looksLikeErrorList } from '../src/checks/error-body.ts';
import type { Exchange } from '../src/http/exchange.ts';
import type { Secrets } from '../src/http/secrets.ts';
import { endpointName, operationPath, type OperationName } from '../src/operations/table.ts';
import type { ProfileFixtures } from '../src/profile/profile.ts';
import { oneLine } from '../src/report/markdown.ts';
import { preflightRequest, statusAndError, type PreflightBudget } from './preflight.ts';

/**
 * The profile's fixtures looked up before the run (docs/design.md#setup-errors), so an id the target does
 * not know (a placeholder left in the example profile) costs one line, not every check that uses it.
 * GETs only, so a --read-only run may send them. Only an answer that says "no such resource" stops the
 * run: a 404 error list, or a 400 one refusing the identifier (the readings of AMB-GEN-09), and for an
 * account id, which the spec gives no GET, every connection of the user shown without it; a 2xx, a 5xx,
 * a time-out or garbage is the target's to answer for, and its checks judge it.
 */

interface Lookup {
  field:
    | 'userId'
    | 'connectionId'
    | 'institutionId'
    | 'affordabilityId'
    | 'otherUserId'
    | 'otherConnectionId'
    | 'jobId';
  operation: OperationName;
  /** The path's values, or undefined when the profile lacks one of them. */
  values(fixtures: ProfileFixtures): Record<string, string> | undefined;
}

/**
 * The spec has no GET of a user, so the user is looked up by its connections list (200 for a user the
 * service knows, AMB-CONN-10's readings aside). emptyAffordabilityId is not looked up: a snapshot without
 * transactions answered 404 is a broken AFFORD-02, which its checks must fail, not a mistake of the user's.
 */
const lookups: Lookup[] = [
  {
    field: 'userId',
    operation: 'listConnections',
    values: ({ userId }) => (userId ? { userId } : undefined),
  },
  {
    field: 'connectionId',
    operation: 'getConnection',
    values: ({ userId, connectionId }) => (userId && connectionId ? { userId, connectionId } : undefined),
  },
  {
    field: 'institutionId',
    operation: 'getInstitution',
    values: ({ institutionId }) => (institutionId ? { institutionId } : undefined),
  },
  {
    field: 'affordabilityId',
    operation: 'listAffordabilityTransactions',
    values: ({ userId, affordabilityId }) =>
      userId && affordabilityId ? { userId, affordabilityId } : undefined,
  },
  // The second user and its connection, as the fixture user and its: a read-only run probes with them.
  {
    field: 'otherUserId',
    operation: 'listConnections',
    values: ({ otherUserId }) => (otherUserId ? { userId: otherUserId } : undefined),
  },
  {
    field: 'otherConnectionId',
    operation: 'getConnection',
    values: ({ otherUserId, otherConnectionId }) =>
      otherUserId && otherConnectionId ? { userId: otherUserId, connectionId: otherConnectionId } : undefined,
  },
  {
    field: 'jobId',
    operation: 'getJob',
    values: ({ jobId }) => (jobId ? { jobId } : undefined),
  },
];

/**
 * Most connections read to look the account ids up: a user with more is not judged, so the look-ups stay
 * a few requests.
 */
const maxConnectionsRead = 10;

/**
 * Each fixture the target says it does not know, with what it answered, as `fixtures.userId "…"
 * (GET /users/{user.id}/connections answered 404 …)`; empty when it knows them all, or when the time
 * given ran out first (the checks then find out). A fixture of a user the target does not know (the
 * fixture user's or the other user's) is not named beside the user.
 */
export async function unknownFixtures(
  baseUrl: string,
  token: string,
  fixtures: ProfileFixtures,
  limitMs: number,
  budget: PreflightBudget,
  secrets: Secrets,
): Promise<string[]> {
  const ends = Date.now() + limitMs;
  const answered = new Map<string, Exchange>();
  /**
   * A GET with the token, within what is left of the time given, sent once however many look-ups read
   * it (the user's connections list, a connection); undefined once the time has run out.
   */
  const get = async (path: string): Promise<Exchange | undefined> => {
    const known = answered.get(path);
    if (known) return known;
    const left = ends - Date.now();
    if (left <= 0) return undefined;
    const exchange = await preflightRequest(baseUrl, left, budget, secrets, (client) =>
      client.send({ path, authorization: `Bearer ${token}`, credential: 'token' }),
    );
    answered.set(path, exchange);
    return exchange;
  };
  const unknown: string[] = [];
  const unknownUsers = new Set<string>();
  for (const lookup of lookups) {
    const values = lookup.values(fixtures);
    if (!values || (values.userId !== undefined && unknownUsers.has(values.userId))) continue;
    const exchange = await get(operationPath(lookup.operation, values));
    if (!exchange) break;
    const answer = noSuchResource(exchange);
    if (!answer) continue;
    if (lookup.operation === 'listConnections' && values.userId !== undefined)
      unknownUsers.add(values.userId);
    unknown.push(
      `fixtures.${lookup.field} "${oneLine(fixtures[lookup.field] ?? '', 40)}" (${endpointName(lookup.operation)} answered ${answer})`,
    );
  }
  const { userId, accountIds } = fixtures;
  if (userId && accountIds && !unknownUsers.has(userId))
    unknown.push(...(await unknownAccounts(userId, accountIds, get)));
  return unknown;
}

/**
 * The account ids given that none of the user's connections embeds (spec: Connection, "accounts | on
 * single retrieval: list envelope"), the spec having no GET of an account. Judged only where the target
 * showed every connection of the user, each with its accounts listed: an answer that shows none, or
 * a user with more connections than are read, leaves the ids to the checks.
 */
async function unknownAccounts(
  userId: string,
  accountIds: readonly string[],
  get: (path: string) => Promise<Exchange | undefined>,
): Promise<string[]> {
  const list = await get(operationPath('listConnections', { userId }));
  const connections = idsOf(list?.response?.status === 200 ? list.response.body : undefined);
  if (!connections || connections.length === 0 || connections.length > maxConnectionsRead) return [];
  const held = new Set<string>();
  for (const connectionId of connections) {
    const detail = await get(operationPath('getConnection', { userId, connectionId }));
    const body = detail?.response?.status === 200 ? detail.response.body : undefined;
    const accounts = idsOf(isObject(body) ? body.accounts : undefined);
    if (!accounts) return [];
    for (const id of accounts) held.add(id);
  }
  const read = endpointName('getConnection');
  const count = `${connections.length} connection${connections.length === 1 ? '' : 's'}`;
  return accountIds
    .filter((id) => !held.has(id))
    .map(
      (id) =>
        `fixtures.accountIds "${oneLine(id, 40)}" (none of the user's ${count} embeds it, read with ${read})`,
    );
}

/** The string ids of a list envelope's data; undefined when it is none. */
function idsOf(list: unknown): string[] | undefined {
  const data = isObject(list) ? list.data : undefined;
  if (!Array.isArray(data)) return undefined;
  return data.flatMap((entry) => (isObject(entry) && typeof entry.id === 'string' ? [entry.id] : []));
}

/** "status code: detail" when the answer says the resource does not exist; undefined otherwise. */
function noSuchResource(exchange: Exchange): string | undefined {
  const response = exchange.response;
  if (!response || (response.status !== 404 && response.status !== 400) || !looksLikeErrorList(response.body))
    return undefined;
  const errors = errorObjects(response.body) ?? [];
  // A 400 may refuse the bearer token instead (AMB-GEN-08's 400 reading): that says nothing of the id.
  if (response.status === 400 && errors.some(refusesCredential)) return undefined;
  return statusAndError(response.status, errors[0], 120);
}

function refusesCredential(error: Record<string, unknown>): boolean {
  const parameter = isObject(error.source) ? error.source.parameter : undefined;
  return (
    error.code === 'invalid-grant' ||
    (typeof parameter === 'string' && /authori[sz]ation|token/i.test(parameter))
  );
}
