import type { Exchange } from '../../src/client/exchange.ts';
import type { RequestOptions } from '../../src/client/http-client.ts';
import { runEmail } from '../../src/checks/arbitraries/users.ts';
import { NotExercised, type Need } from '../../src/checks/check.ts';
import { refusalStatuses } from '../../src/checks/error-list.ts';
import { describeAnswer } from '../../src/checks/findings.ts';
import { followNext } from '../../src/checks/paging.ts';
import { api, perRun, perRunValue, runSettings } from '../../src/checks/run-context.ts';
import type { RunSettings } from '../../src/profile/profile.ts';
import { expectRefusal } from '../token/support.ts';

/**
 * Every kind of request the suite makes to an endpoint that requires the bearer header (spec: Endpoints,
 * "All endpoints except the token endpoint require the bearer header"): each endpoint as such, filtered
 * and paged lists, the next page reached by links.next, sub-resources and writes. The auth checks send
 * each of them with credentials that must be refused (endpoints.check.ts, expiry.check.ts). Paths name
 * resources that exist: the profile's fixture ids, the job the run's own connection update created, the
 * page a list's own links.next names. Where none is to be had a placeholder id stands in, and a 400 or
 * 404 for it proves nothing (a service may look an id up before it authenticates, AMB-AUTH-01).
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
  /** As the spec writes the endpoint, with the query the kind adds, for titles. */
  name: string;
  /** What probing it needs beyond an API key: the run's leave to write, or what there is to probe. */
  needs: Need[];
  /** What AUTH-04 needs to call it with real ids and input, so that only authentication can refuse it. */
  acceptNeeds: Need[];
  target(settings: RunSettings): Target | Promise<Target>;
}

function ids(settings: RunSettings) {
  const f = settings.profile.fixtures;
  return {
    user: f.userId ?? placeholderId,
    connection: f.connectionId ?? placeholderId,
    institution: f.institutionId ?? placeholderId,
    affordability: f.affordabilityId ?? placeholderId,
  };
}

const enc = encodeURIComponent;

const connectionsPath = (s: RunSettings) => `/users/${enc(ids(s).user)}/connections`;
const connectionPath = (s: RunSettings) => `${connectionsPath(s)}/${enc(ids(s).connection)}`;
const transactionsPath = (s: RunSettings) =>
  `/users/${enc(ids(s).user)}/affordability/${enc(ids(s).affordability)}/transactions`;
const hasUser = (s: RunSettings) => Boolean(s.profile.fixtures.userId);
const hasConnection = (s: RunSettings) => hasUser(s) && Boolean(s.profile.fixtures.connectionId);
const hasSnapshot = (s: RunSettings) => hasUser(s) && Boolean(s.profile.fixtures.affordabilityId);

// Filters and limits valid under every reading, so that no service refuses them for their own sake:
// properties and the eq operator the spec names, in the expression shape it shows, and a limit within 500.
const connectionFilter = "status.eq('active')";
const institutionFilter = "country.eq('AU')";
const pageLimit = '1';

const connectionUpdateName = 'POST /users/{user.id}/connections/{connection.id}';
const connectionUpdateNeeds: Need[] = ['write', 'userId', 'connectionId', 'connectionPassword'];

export const requestKinds: RequestKind[] = [
  {
    name: 'GET /enrich',
    needs: [],
    acceptNeeds: ['enrich'],
    target: (s) => {
      const e = s.profile.fixtures.enrich;
      return {
        method: 'GET',
        path: '/enrich',
        query: {
          q: e?.matchingQuery ?? 'EFTPOS PAYMENT 1234',
          institution: e?.institution ?? 'AU00000',
          country: e?.country ?? 'AU',
        },
        placeholder: !(e?.institution && e.country),
      };
    },
  },
  {
    name: 'POST /users',
    needs: ['write'],
    acceptNeeds: ['write'],
    target: (s) => ({
      method: 'POST',
      path: '/users',
      // A run address a strict reading takes too: a plain local part of at most 64 octets.
      json: { email: runEmail(s.runId, 'auth'), firstName: 'Auth', lastName: 'Probe' },
      placeholder: false,
    }),
  },
  {
    name: 'GET /users/{user.id}/connections',
    needs: [],
    acceptNeeds: ['userId'],
    target: (s) => ({ method: 'GET', path: connectionsPath(s), placeholder: !hasUser(s) }),
  },
  {
    name: `GET /users/{user.id}/connections?filter=${connectionFilter}`,
    needs: [],
    acceptNeeds: ['userId'],
    target: (s) => ({
      method: 'GET',
      path: connectionsPath(s),
      query: { filter: connectionFilter },
      placeholder: !hasUser(s),
    }),
  },
  {
    name: 'GET /users/{user.id}/connections/{connection.id}',
    needs: [],
    acceptNeeds: ['userId', 'connectionId'],
    target: (s) => ({ method: 'GET', path: connectionPath(s), placeholder: !hasConnection(s) }),
  },
  {
    name: connectionUpdateName,
    needs: ['write'],
    // A wrong institution password might be refused with 401 or 403 for its own reasons.
    acceptNeeds: connectionUpdateNeeds,
    target: (s) => ({
      method: 'POST',
      path: connectionPath(s),
      json: { password: s.profile.fixtures.connectionPassword ?? 'fds-conformance-password' },
      placeholder: !hasConnection(s),
    }),
  },
  {
    name: 'GET /jobs/{job.id}',
    needs: [],
    // No profile fixture names a job: the run's connection update creates one.
    acceptNeeds: connectionUpdateNeeds,
    target: async (s) => {
      const placeholder = { method: 'GET', path: `/jobs/${placeholderId}`, placeholder: true } as const;
      if (!met(connectionUpdateNeeds, s)) return placeholder;
      try {
        return { method: 'GET', path: `/jobs/${enc(await createdJob())}`, placeholder: false };
      } catch (error) {
        return { ...placeholder, unavailable: error instanceof Error ? error.message : String(error) };
      }
    },
  },
  {
    name: 'GET /institutions',
    needs: [],
    acceptNeeds: [],
    target: () => ({ method: 'GET', path: '/institutions', placeholder: false }),
  },
  {
    name: `GET /institutions?filter=${institutionFilter}`,
    needs: [],
    acceptNeeds: [],
    target: () => ({
      method: 'GET',
      path: '/institutions',
      query: { filter: institutionFilter },
      placeholder: false,
    }),
  },
  {
    name: 'GET /institutions/{institution.id}',
    needs: [],
    acceptNeeds: ['institutionId'],
    target: (s) => ({
      method: 'GET',
      path: `/institutions/${enc(ids(s).institution)}`,
      placeholder: !s.profile.fixtures.institutionId,
    }),
  },
  {
    name: 'POST /users/{user.id}/expenses',
    needs: ['write'],
    acceptNeeds: ['write', 'userId'],
    target: (s) => ({
      method: 'POST',
      path: `/users/${enc(ids(s).user)}/expenses`,
      json: {},
      placeholder: !hasUser(s),
    }),
  },
  {
    name: 'GET /users/{user.id}/affordability/{affordability.id}/transactions',
    needs: [],
    acceptNeeds: ['userId', 'affordabilityId'],
    target: (s) => ({ method: 'GET', path: transactionsPath(s), placeholder: !hasSnapshot(s) }),
  },
  {
    name: `GET /users/{user.id}/affordability/{affordability.id}/transactions?limit=${pageLimit}`,
    needs: [],
    acceptNeeds: ['userId', 'affordabilityId'],
    target: (s) => ({
      method: 'GET',
      path: transactionsPath(s),
      query: { limit: pageLimit },
      placeholder: !hasSnapshot(s),
    }),
  },
  {
    name: `the links.next page of GET /users/{user.id}/affordability/{affordability.id}/transactions?limit=${pageLimit}`,
    // Only the snapshot's own first page names a next page; a made-up cursor would be refused for itself.
    needs: ['userId', 'affordabilityId'],
    acceptNeeds: ['userId', 'affordabilityId'],
    target: async (s) => ({ method: 'GET', ...(await nextPage(s)), placeholder: false }),
  },
];

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
  };
  return ['apiKey' as const, ...needs].every((need) => has[need] === true);
}

/** The connection update AUTH-04 judges, sent once: it also yields the job that GET /jobs is called with. */
const connectionUpdate = perRunValue('auth:connection-update', async () => {
  const update = requestKinds.find((kind) => kind.name === connectionUpdateName);
  if (!update) throw new Error('the request table lost the connection update');
  const target = await update.target(runSettings());
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

/** The request of the snapshot's second page, as its first page's links.next names it. */
async function nextPage(settings: RunSettings): Promise<Pick<Target, 'path' | 'query'>> {
  const first = { path: transactionsPath(settings), query: { limit: pageLimit } };
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
    if (kind.name === connectionUpdateName) return connectionUpdate();
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
 * A credential refused on the kind: 401 or 403 with an error list. A 400 or 404 proves nothing where the
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
  expectRefusal(exchange, { what, status: refusalStatuses.unauthenticated, errorList: true });
}
