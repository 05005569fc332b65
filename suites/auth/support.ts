import type { Exchange } from '../../src/http/exchange.ts';
import type { RequestOptions } from '../../src/http/http-client.ts';
import { runEmail } from '../../src/checks/arbitraries/users.ts';
import { NotExercised, type Need } from '../../src/checks/check.ts';
import { describeAnswer } from '../../src/checks/failures.ts';
import { followNext } from '../../src/checks/paging.ts';
import { api, perRun, perRunValue, runSettings } from '../../src/checks/run-context.ts';
import {
  bearerOperationNames,
  endpointName,
  operationPath,
  operations,
  type BearerOperationName,
} from '../../src/operations/table.ts';
import type { RunSettings } from '../../src/profile/profile.ts';
import { fixturePassword } from '../shared/fixture-connection.ts';
import { expectRefusal } from '../shared/refusals.ts';

/**
 * Every kind of request the suite makes to an endpoint that requires the bearer header (spec: Endpoints,
 * "All endpoints except the token endpoint require the bearer header"): each bearer operation of the
 * operations table (src/operations/table.ts) as such, filtered lists, and for a list that pages its first
 * page of one entry and the next page reached by links.next. The auth checks send each of them with
 * credentials that must be refused (endpoints.check.ts, expiry.check.ts). Paths name resources that exist:
 * the profile's fixture ids, the job the run's own connection update created, the page a list's own
 * links.next names. Where none is to be had a placeholder id stands in, and a 400 or 404 for it proves
 * nothing (a service may look an id up before it authenticates, AMB-AUTH-01).
 */

export const placeholderId = 'fds-conformance-unknown-id';

export interface Target {
  method: 'GET' | 'POST';
  /** A path below the base URL, or the link a list handed out. */
  path: string;
  query?: Record<string, string | undefined>;
  json?: unknown;
  /** Whether a placeholder stands for an id the run does not have. */
  placeholder: boolean;
  /** Why a placeholder stands in where the run meant to have a real id (the job it failed to create). */
  unavailable?: string;
}

export interface RequestKind {
  /** The operation of the table it sends. */
  operation: BearerOperationName;
  /** As the spec writes the endpoint, with the query the kind adds, for titles. */
  name: string;
  /** What probing it needs beyond an API key: the run's leave to write, or what there is to probe. */
  needs: Need[];
  /** What AUTH-04 needs to call it with real ids and input, so that only authentication can refuse it. */
  acceptNeeds: Need[];
  target(settings: RunSettings): Target | Promise<Target>;
}

/** The path parameters of the table's patterns, from the profile's fixtures or a placeholder. */
function ids(settings: RunSettings): Record<string, string> {
  const f = settings.profile.fixtures;
  return {
    userId: f.userId ?? placeholderId,
    connectionId: f.connectionId ?? placeholderId,
    institutionId: f.institutionId ?? placeholderId,
    affordabilityId: f.affordabilityId ?? placeholderId,
  };
}

/** The operation's method, and its path at the run's resources (or at the ids given). */
const at = (operation: BearerOperationName, s: RunSettings, values = ids(s)) => ({
  method: operations[operation].method,
  path: operationPath(operation, values),
});

const hasUser = (s: RunSettings) => Boolean(s.profile.fixtures.userId);
const hasConnection = (s: RunSettings) => hasUser(s) && Boolean(s.profile.fixtures.connectionId);
const hasSnapshot = (s: RunSettings) => hasUser(s) && Boolean(s.profile.fixtures.affordabilityId);

// Filters and limits valid under every reading, so that no service refuses them for their own sake:
// properties and the eq operator the spec names, in the expression shape it shows, and a limit within 500.
const filters: Partial<Record<BearerOperationName, string>> = {
  listConnections: "status.eq('active')",
  listInstitutions: "country.eq('AU')",
};
const pageLimit = '1';

const connectionUpdateNeeds: Need[] = ['write', 'userId', 'connectionId', 'connectionPassword'];

type Request = Omit<RequestKind, 'operation' | 'name'>;

/** Each bearer operation called as such: the type refuses a table whose bearer operation has none. */
const requests: Record<BearerOperationName, Request> = {
  enrich: {
    needs: [],
    acceptNeeds: ['enrich'],
    target: (s) => {
      const e = s.profile.fixtures.enrich;
      return {
        ...at('enrich', s),
        query: {
          q: e?.matchingQuery ?? 'EFTPOS PAYMENT 1234',
          institution: e?.institution ?? 'AU00000',
          country: e?.country ?? 'AU',
        },
        placeholder: !(e?.institution && e.country),
      };
    },
  },
  createUser: {
    needs: ['write'],
    acceptNeeds: ['write'],
    target: (s) => ({
      ...at('createUser', s),
      // A run address a strict reading takes too: a plain local part of at most 64 octets.
      json: { email: runEmail(s.runId, 'auth'), firstName: 'Auth', lastName: 'Probe' },
      placeholder: false,
    }),
  },
  listConnections: {
    needs: [],
    acceptNeeds: ['userId'],
    target: (s) => ({ ...at('listConnections', s), placeholder: !hasUser(s) }),
  },
  getConnection: {
    needs: [],
    acceptNeeds: ['userId', 'connectionId'],
    target: (s) => ({ ...at('getConnection', s), placeholder: !hasConnection(s) }),
  },
  updateConnection: {
    needs: ['write'],
    // A wrong institution password might be refused with 401 or 403 for its own reasons.
    acceptNeeds: connectionUpdateNeeds,
    // The fixture password waits for its trial, and is not sent once refused (fixturePassword).
    target: async (s) => ({
      ...at('updateConnection', s),
      json: {
        password: s.profile.fixtures.connectionPassword
          ? await fixturePassword()
          : 'fds-conformance-password',
      },
      placeholder: !hasConnection(s),
    }),
  },
  getJob: {
    needs: [],
    // The profile's finished job, or the one the run's connection update creates.
    acceptNeeds: ['job'],
    target: async (s) => {
      const { jobId } = s.profile.fixtures;
      if (jobId) return { ...at('getJob', s, { jobId }), placeholder: false };
      const placeholder = { ...at('getJob', s, { jobId: placeholderId }), placeholder: true };
      if (!met(connectionUpdateNeeds, s)) return placeholder;
      try {
        return { ...at('getJob', s, { jobId: await createdJob() }), placeholder: false };
      } catch (error) {
        return { ...placeholder, unavailable: error instanceof Error ? error.message : String(error) };
      }
    },
  },
  listInstitutions: {
    needs: [],
    acceptNeeds: [],
    target: (s) => ({ ...at('listInstitutions', s), placeholder: false }),
  },
  getInstitution: {
    needs: [],
    acceptNeeds: ['institutionId'],
    target: (s) => ({ ...at('getInstitution', s), placeholder: !s.profile.fixtures.institutionId }),
  },
  createExpenses: {
    needs: ['write'],
    acceptNeeds: ['write', 'userId'],
    target: (s) => ({ ...at('createExpenses', s), json: {}, placeholder: !hasUser(s) }),
  },
  listAffordabilityTransactions: {
    needs: [],
    acceptNeeds: ['userId', 'affordabilityId'],
    target: (s) => ({ ...at('listAffordabilityTransactions', s), placeholder: !hasSnapshot(s) }),
  },
};

/**
 * The kinds of one operation: as such, with its filter, and for a list that pages, its first page of
 * `pageLimit` entries and the next page that page names.
 */
function kindsOf(operation: BearerOperationName): RequestKind[] {
  const request = requests[operation];
  const name = endpointName(operation);
  const withQuery = (query: Record<string, string>) => async (s: RunSettings) => {
    const target = await request.target(s);
    return { ...target, query: { ...target.query, ...query } };
  };
  const filter = filters[operation];
  const firstPage = { limit: pageLimit };
  return [
    { operation, name, ...request },
    ...(filter === undefined
      ? []
      : [{ operation, ...request, name: `${name}?filter=${filter}`, target: withQuery({ filter }) }]),
    ...(operations[operation].pages
      ? [
          { operation, ...request, name: `${name}?limit=${pageLimit}`, target: withQuery(firstPage) },
          {
            operation,
            name: `the links.next page of ${name}?limit=${pageLimit}`,
            // Only the list's own first page names a next page; a made-up cursor would be refused for itself.
            needs: request.acceptNeeds,
            acceptNeeds: request.acceptNeeds,
            target: async (s: RunSettings) => ({
              method: operations[operation].method,
              ...(await nextPage(await withQuery(firstPage)(s))),
              placeholder: false,
            }),
          },
        ]
      : []),
  ];
}

export const requestKinds: RequestKind[] = bearerOperationNames.flatMap(kindsOf);

/**
 * Whether the run surely meets the needs, to know what to send ahead. Only an optimisation: check.ts
 * decides whether a check runs, and a need not listed here just means its request waits for its check.
 */
export function met(needs: Need[], settings: RunSettings): boolean {
  const { profile } = settings;
  const f = profile.fixtures;
  const has: Partial<Record<Need, boolean>> = {
    apiKey: Boolean(profile.apiKey),
    write: !profile.readOnly,
    tokenExpiry: Boolean(profile.tokenExpiry),
    unsupportedVersion: Boolean(profile.unsupportedVersion),
    userId: Boolean(f.userId),
    connectionId: Boolean(f.connectionId),
    connectionPassword: Boolean(f.connectionPassword),
    institutionId: Boolean(f.institutionId),
    affordabilityId: Boolean(f.affordabilityId),
    enrich: Boolean(f.enrich?.institution && f.enrich.country),
    // The profile's finished job, or the connection update's: what check.ts's 'job' need asks.
    job:
      Boolean(f.jobId) || (!profile.readOnly && Boolean(f.userId && f.connectionId && f.connectionPassword)),
  };
  return ['apiKey' as const, ...needs].every((need) => has[need] === true);
}

/** The connection update AUTH-04 judges, sent once: it also yields the job that GET /jobs is called with. */
const connectionUpdate = perRunValue('auth:connection-update', async () => {
  const target = await requests.updateConnection.target(runSettings());
  return api().post(target.path, target.json);
});

/** The job the run's connection update created, or why there is none. */
async function createdJob(): Promise<string> {
  const update = await connectionUpdate();
  const job = update.response?.body as { id?: unknown } | undefined;
  if (update.response?.status !== 202 || typeof job?.id !== 'string') {
    throw new NotExercised(`the connection update gave no job to fetch (${describeAnswer(update)})`);
  }
  return job.id;
}

/** The request of a list's second page, as its first page's links.next names it. */
async function nextPage(first: Target): Promise<Pick<Target, 'path' | 'query'>> {
  const exchange = await api().get(first.path, first.query);
  const next = (exchange.response?.body as { links?: { next?: unknown } } | undefined)?.links?.next;
  if (exchange.response?.status !== 200 || typeof next !== 'string' || next === '') {
    throw new NotExercised(
      `the snapshot's first page of ${pageLimit} gave no links.next to follow (${describeAnswer(exchange)}); a snapshot of more than one transaction exercises it`,
    );
  }
  return followNext(next, exchange, first);
}

/** The kind's target, worked out once per run: the job and the next page each cost requests. */
export function resolvedTarget(kind: RequestKind): Promise<Target> {
  return perRun(`auth:target ${kind.name}`, async () => kind.target(runSettings()));
}

/** The kind sent with the run's SERVER_ACCESS token, once per run (AUTH-04). */
export function acceptance(kind: RequestKind): Promise<Exchange> {
  return perRun(`auth:acceptance ${kind.name}`, async () => {
    if (kind.operation === 'updateConnection') return connectionUpdate();
    const target = await resolvedTarget(kind);
    if (target.placeholder) {
      throw new NotExercised(target.unavailable ?? `${kind.name} names no resource that exists`);
    }
    return api().authorized({
      method: target.method,
      path: target.path,
      ...(target.query ? { query: target.query } : {}),
      ...(target.json !== undefined ? { json: target.json } : {}),
    });
  });
}

/** The target sent exactly as given, with the Authorization header given (none when undefined). */
export function probeOptions(
  target: Target,
  authorization: string | undefined,
  credential: NonNullable<RequestOptions['credential']>,
): RequestOptions {
  return {
    method: target.method,
    path: target.path,
    ...(target.query ? { query: target.query } : {}),
    ...(target.json !== undefined ? { json: target.json } : {}),
    ...(authorization !== undefined ? { authorization, credential } : {}),
  };
}

/**
 * A credential refused on the kind: a client error with an error list (credentialRefused: 400, 401 and 403
 * are each a reading, AMB-GEN-08). A 400 or 404 proves nothing where the
 * id is a placeholder, nor where `lookupMaySettle` says the credential may not see the fixtures at all
 * (the tokenExpiry key may belong to another application): the probe is then not exercised.
 */
export function expectCredentialRefused(
  kind: RequestKind,
  target: Target,
  exchange: Exchange,
  what: string,
  lookupMaySettle = false,
): void {
  const status = exchange.response?.status;
  if ((target.placeholder || lookupMaySettle) && (status === 400 || status === 404)) {
    throw new NotExercised(
      target.placeholder
        ? `${kind.name} could only be probed at a placeholder id, which the service refused as unknown (${status}) before any authentication showed; give the profile fixtures naming a real resource`
        : `${kind.name} answered ${status} as if the resource did not exist, before any authentication showed: the credential may belong to another application, which does not see the fixtures`,
    );
  }
  expectRefusal(exchange, { what, status: 'client-error', errorList: true });
}
