import type { Exchange } from '../../src/client/exchange.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import type { RequestOptions } from '../../src/client/http-client.ts';
import { check, NotExercised, type Need } from '../../src/checks/check.ts';
import { describeAnswer, describeRequest, Finding } from '../../src/checks/findings.ts';
import { api, perRun, perRunValue, runSettings } from '../../src/checks/run-context.ts';
import type { RunSettings } from '../../src/profile/profile.ts';
import {
  apiKey,
  errorListProblem,
  expectAccepted,
  expectRefusal,
  garbageCredential,
} from '../token/support.ts';

/**
 * Every endpoint but the token endpoint requires the bearer header (spec: Endpoints; Authentication):
 * refused without it, with a token nobody issued and with the API key as Basic credentials (AUTH-05 …
 * AUTH-07), and accepted with the run's SERVER_ACCESS token (AUTH-04). Paths name resources that exist:
 * the profile's fixture ids, and the job the run's own connection update created. Where none is to be
 * had a placeholder id stands in, and a 400 or 404 for it proves nothing (a service may look an id up
 * before it authenticates), so that probe is then not exercised. Every probe the run may send goes out
 * at once when the first check starts, so the file costs little more than one round trip.
 */

const placeholderId = 'fds-conformance-unknown-id';

interface Target {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** Whether a placeholder stands for an id the profile does not give. */
  placeholder: boolean;
}

interface Endpoint {
  /** As the spec writes it, for titles. */
  name: string;
  target(settings: RunSettings): Target;
  /** What AUTH-04 needs to call it with real ids and input, so that only authentication can refuse it. */
  acceptNeeds: Need[];
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

const endpoints: Endpoint[] = [
  {
    name: 'GET /enrich',
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
    acceptNeeds: ['enrich'],
  },
  {
    name: 'POST /users',
    target: (s) => ({
      method: 'POST',
      path: '/users',
      json: { email: `fds-${s.runId}-auth@example.com`, firstName: 'Auth', lastName: 'Probe' },
      placeholder: false,
    }),
    acceptNeeds: ['write'],
  },
  {
    name: 'GET /users/{user.id}/connections',
    target: (s) => ({
      method: 'GET',
      path: `/users/${enc(ids(s).user)}/connections`,
      placeholder: !s.profile.fixtures.userId,
    }),
    acceptNeeds: ['userId'],
  },
  {
    name: 'GET /users/{user.id}/connections/{connection.id}',
    target: (s) => ({
      method: 'GET',
      path: `/users/${enc(ids(s).user)}/connections/${enc(ids(s).connection)}`,
      placeholder: !(s.profile.fixtures.userId && s.profile.fixtures.connectionId),
    }),
    acceptNeeds: ['userId', 'connectionId'],
  },
  {
    name: 'POST /users/{user.id}/connections/{connection.id}',
    target: (s) => ({
      method: 'POST',
      path: `/users/${enc(ids(s).user)}/connections/${enc(ids(s).connection)}`,
      json: { password: s.profile.fixtures.connectionPassword ?? 'fds-conformance-password' },
      placeholder: !(s.profile.fixtures.userId && s.profile.fixtures.connectionId),
    }),
    // A wrong institution password might be refused with 401 or 403 for its own reasons.
    acceptNeeds: ['write', 'userId', 'connectionId', 'connectionPassword'],
  },
  {
    name: 'GET /jobs/{job.id}',
    // No profile fixture names a job: the run's connection update creates one (see existingTarget).
    target: () => ({ method: 'GET', path: `/jobs/${placeholderId}`, placeholder: true }),
    acceptNeeds: ['write', 'userId', 'connectionId', 'connectionPassword'],
  },
  {
    name: 'GET /institutions',
    target: () => ({ method: 'GET', path: '/institutions', placeholder: false }),
    acceptNeeds: [],
  },
  {
    name: 'GET /institutions/{institution.id}',
    target: (s) => ({
      method: 'GET',
      path: `/institutions/${enc(ids(s).institution)}`,
      placeholder: !s.profile.fixtures.institutionId,
    }),
    acceptNeeds: ['institutionId'],
  },
  {
    name: 'POST /users/{user.id}/expenses',
    target: (s) => ({
      method: 'POST',
      path: `/users/${enc(ids(s).user)}/expenses`,
      json: {},
      placeholder: !s.profile.fixtures.userId,
    }),
    acceptNeeds: ['write', 'userId'],
  },
  {
    name: 'GET /users/{user.id}/affordability/{affordability.id}/transactions',
    target: (s) => ({
      method: 'GET',
      path: `/users/${enc(ids(s).user)}/affordability/${enc(ids(s).affordability)}/transactions`,
      placeholder: !(s.profile.fixtures.userId && s.profile.fixtures.affordabilityId),
    }),
    acceptNeeds: ['userId', 'affordabilityId'],
  },
];

/**
 * Whether the run surely meets the needs, to know what to send ahead. Only an optimisation: check.ts
 * decides whether a check runs, and a need not listed here just means its request waits for its check.
 */
function met(needs: Need[], settings: RunSettings): boolean {
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

type Probe = 'none' | 'garbage' | 'basic';

const probes: { probe: Probe; id: RequirementId; what: string; authorization: () => string | undefined }[] = [
  { probe: 'none', id: 'AUTH-05', what: 'no Authorization header', authorization: () => undefined },
  {
    probe: 'garbage',
    id: 'AUTH-06',
    what: 'a bearer token nobody issued',
    authorization: () => `Bearer ${garbageCredential('fds')}`,
  },
  {
    probe: 'basic',
    id: 'AUTH-07',
    what: 'the API key as Basic credentials',
    authorization: () => `Basic ${apiKey()}`,
  },
];

function options(target: Target, authorization: string | undefined, probe: Probe): RequestOptions {
  return {
    method: target.method,
    path: target.path,
    ...(target.query ? { query: target.query } : {}),
    ...(target.json !== undefined ? { json: target.json } : {}),
    ...(authorization !== undefined
      ? { authorization, credential: probe === 'basic' ? ('api-key' as const) : ('probe' as const) }
      : {}),
  };
}

/** The connection update of AUTH-04, sent once: it also yields the job that GET /jobs is called with. */
const connectionUpdate = perRunValue('auth:connection-update', async () => {
  const update = endpoints.find((e) => e.name.startsWith('POST /users/{user.id}/connections/'));
  if (!update) throw new Error('the endpoint table lost the connection update');
  const target = update.target(runSettings());
  return api().post(target.path, target.json);
});

const isJob = (endpoint: Endpoint) => endpoint.name === 'GET /jobs/{job.id}';

/** The job the run's connection update created, or why there is none. */
async function createdJob(): Promise<string> {
  const update = await connectionUpdate();
  const job = update.response?.body as { id?: unknown } | undefined;
  if (update.response?.status !== 202 || typeof job?.id !== 'string') {
    throw new NotExercised(`the connection update gave no job to fetch (${describeAnswer(update)})`);
  }
  return job.id;
}

/**
 * The endpoint's target, naming a resource that exists wherever the run has one: GET /jobs names the job
 * the run's connection update created when the run may write and has the fixtures to.
 */
async function existingTarget(endpoint: Endpoint): Promise<Target> {
  const settings = runSettings();
  const target = endpoint.target(settings);
  if (!isJob(endpoint) || !met(endpoint.acceptNeeds, settings)) return target;
  const job = await createdJob().catch(() => undefined);
  return job === undefined ? target : { ...target, path: `/jobs/${enc(job)}`, placeholder: false };
}

async function accepted(endpoint: Endpoint): Promise<Exchange> {
  const target = endpoint.target(runSettings());
  if (isJob(endpoint)) return api().get(`/jobs/${enc(await createdJob())}`);
  if (endpoint.name.startsWith('POST /users/{user.id}/connections/')) return connectionUpdate();
  return target.method === 'GET'
    ? api().get(target.path, target.query)
    : api().post(target.path, target.json);
}

function refusal(
  endpoint: Endpoint,
  probe: (typeof probes)[number],
): Promise<{ target: Target; exchange: Exchange }> {
  return perRun(`auth:refusal ${endpoint.name} ${probe.probe}`, async () => {
    const target = await existingTarget(endpoint);
    return { target, exchange: await api().raw(options(target, probe.authorization(), probe.probe)) };
  });
}

function acceptance(endpoint: Endpoint): Promise<Exchange> {
  return perRun(`auth:acceptance ${endpoint.name}`, () => accepted(endpoint));
}

/** Sends every probe the run allows at once; each check then awaits its own. */
const sendAhead = perRunValue('auth:send-ahead', async () => {
  const settings = runSettings();
  const pending: Promise<unknown>[] = [];
  for (const endpoint of endpoints) {
    const write = endpoint.target(settings).method === 'POST';
    if (!met(write ? ['write'] : [], settings)) continue;
    for (const probe of probes) pending.push(refusal(endpoint, probe));
  }
  for (const endpoint of endpoints)
    if (met(endpoint.acceptNeeds, settings)) pending.push(acceptance(endpoint));
  // Failures surface in the checks that await them; here they only must not go unhandled.
  await Promise.allSettled(pending);
});

for (const probe of probes) {
  for (const endpoint of endpoints) {
    const write = endpoint.name.startsWith('POST');
    check(
      `${endpoint.name} refuses a request with ${probe.what}`,
      [probe.id],
      async () => {
        void sendAhead();
        const { target, exchange } = await refusal(endpoint, probe);
        const status = exchange.response?.status;
        // A service may look an id up before it authenticates: refused as unknown, a placeholder says nothing.
        if (target.placeholder && (status === 400 || status === 404)) {
          throw new NotExercised(
            `${endpoint.name} could only be probed at a placeholder id, which the service refused as unknown (${status}) before any authentication showed; give the profile fixtures naming a real resource`,
          );
        }
        expectRefusal(exchange, { what: probe.what, status: [401, 403], errorList: true });
      },
      // A refused write changes nothing, but --read-only sends no write at all.
      { needs: write ? ['write'] : [] },
    );
  }
}

// A request without valid credentials is invalid input: any refusal (a 404 for a placeholder included)
// is a 4xx error list, never a 5xx, on every endpoint, writes included where the run may send them.
check(
  'Every endpoint answers a request without valid credentials with a 4xx error list, never a 5xx',
  ['ERR-11'],
  async () => {
    void sendAhead();
    const settings = runSettings();
    const sendable = endpoints.filter((e) =>
      met(e.target(settings).method === 'POST' ? ['write'] : [], settings),
    );
    for (const endpoint of sendable) {
      for (const probe of probes) {
        const { exchange } = await refusal(endpoint, probe);
        const status = exchange.response?.status ?? 0;
        const problem = status >= 400 && status <= 499 ? errorListProblem(exchange) : 'the status is not 4xx';
        if (problem) {
          throw new Finding(
            `${describeRequest(exchange)} (${probe.what}): expected a 4xx error list, but ${problem}: ${describeAnswer(exchange)}`,
            exchange,
          );
        }
      }
    }
  },
);

for (const endpoint of endpoints) {
  check(
    `${endpoint.name} accepts the run's SERVER_ACCESS token`,
    ['AUTH-04'],
    async () => {
      void sendAhead();
      expectAccepted(await acceptance(endpoint), "the run's SERVER_ACCESS token");
    },
    { needs: endpoint.acceptNeeds },
  );
}
