/**
 * The embedded mock as a library, for an application's own tests (`fds-conformance/mock`): a stateful mock
 * of the whole Financial Data Service, started in the test's process on a free port. Its options are those
 * of `fds-conformance mock`; its faults each make it break one requirement of the spec, switched on at
 * start, on the running mock, or for one request, so a client's handling of a faulty service can be
 * tested without a restart.
 */

import type { Fault } from './faults/fault.ts';
import { mockOwnFaults as ownRegistry, faults as registry, type FaultName } from './faults/index.ts';
import { endpointName } from '../src/operations/table.ts';
import { defaultApiKey, defaultMockOptions, type MockOptions } from './options.ts';
import { startMock as startServer, type RunningMock } from './server.ts';
import type { MockVariants } from './variants/types.ts';

export type { FaultName } from './faults/index.ts';
export type { RunningMock } from './server.ts';
export type { MockVariants } from './variants/types.ts';
export type { World } from './world/world.ts';
export type { Finding as ClientFinding, ObservationReport as ClientReport } from '../src/observe/types.ts';
export { defaultApiKey, faultSwitchHeader, shortLivedApiKey } from './options.ts';
export { mockProfile } from './profile.ts';
export { partnerApiKeys, slowJobFactor, testCredentials } from './test-credentials.ts';

/**
 * How to start the mock. Every option may be left out (or given as undefined): `startMock()` alone is a
 * conformant service on 127.0.0.1. Each option has the `fds-conformance mock` flag named beside it.
 */
export interface StartMockOptions {
  /** Address to listen on (`--host`); default `127.0.0.1`. */
  host?: string;
  /** Port to listen on (`--port`); default 0, any free port: `url` of the running mock says which. */
  port?: number;
  /** Path prefix every route is mounted under, such as `/api` (`--base-path`); anything outside it is 404. */
  basePath?: string;
  /**
   * Seed of the generated world (`--seed`); default 1, whose world ships with the package. Another seed
   * generates another world of the same shape, the same one for the same seed.
   */
  seed?: number;
  /** Lifetime in seconds of the tokens `defaultApiKey` gets (`--token-ttl`); default 3600. */
  tokenTtl?: number;
  /**
   * More API keys the token endpoint accepts, each with the lifetime in seconds of its tokens
   * (`--api-key KEY=TTL`), beside `defaultApiKey` and `shortLivedApiKey` (whose tokens live 1 second, to
   * see a token expire); naming one of those two sets its lifetime, over `tokenTtl`.
   */
  apiKeys?: Record<string, number>;
  /** Name of the version header of `POST /token` (`--version-header`); default `service-version`. */
  versionHeader?: string;
  /** Versions that get a token (`--supported-versions`); default `['2.0']`. */
  supportedVersions?: string[];
  /** Older versions, refused with 400 `parameter-not-valid` (`--unsupported-versions`); default `['1.0']`. */
  unsupportedVersions?: string[];
  /**
   * Faults in force for every request (`--fault`), each breaking one requirement (`faults` lists them);
   * `setFaults` on the running mock changes them. An unknown name makes `startMock` reject.
   */
  faults?: readonly FaultName[];
  /**
   * Lets a request switch faults on for itself alone (`--fault-switching`): the faults named in its
   * `fds-mock-faults` header (`faultSwitchHeader`), comma-separated, are in force for that request beside
   * the mock's own, and for no other. A name the mock does not know is answered 400 with an error list
   * naming it. Off by default, when the header is ignored: the mock's answers then depend on nothing but
   * what the spec lets a request say.
   */
  faultSwitching?: boolean;
  /**
   * Whether every request is judged against the client requirements, for `clientFindings` and
   * `clientReport`; default true. False leaves both empty and spares the judging's CPU where nobody reads
   * them.
   */
  judgeClients?: boolean;
  /**
   * The spec's operations alone (`--spec-only`): the mock's own routes and its extensions (creating and
   * deleting a connection, the reads its links lead to) answer as paths it does not serve, 404, or 405
   * where the spec has the path with another method. Default false.
   */
  specOnly?: boolean;
  /** Milliseconds every answer waits before it is sent (`--latency-ms`): a slow network or a loaded service. */
  latencyMs?: number;
  /**
   * Every Nth request of a connection is answered 429 with `Retry-After` and an error list
   * (`--rate-limit-every`), the same request at most twice in a row, so a client that retries is served.
   */
  rateLimitEvery?: number;
  /**
   * Every Nth request the mock receives, `POST /token` aside, is answered 503 with an error list
   * (`--fail-every`): a flaky environment rather than a faulty interface.
   */
  failEvery?: number;
  /**
   * Conformant variants: behaviours a real service may legitimately show where the spec leaves room
   * (relative links, extra fields, other refusal statuses, …), all off by default. `latencyMs` and
   * `rateLimitEvery` set `variants.latencyMs` and `variants.rateLimit` when given.
   */
  variants?: MockVariants;
}

/** One of the mock's faults: switched on, the mock breaks the requirement it names. */
export interface MockFault {
  name: FaultName;
  /** The id of the requirement it breaks, in `fds-conformance requirements`. */
  requirement: Fault['requirement'];
  /** What the mock then does wrong. */
  description: string;
}

/** Every fault of the mock, as `fds-conformance mock --list-faults` prints them. */
export const faults: readonly MockFault[] = registry.map(({ name, requirement, description }) => ({
  // The registry's names are the FaultName union by construction; its array type only widens them.
  name: name as FaultName,
  requirement,
  description,
}));

/**
 * A fault of the mock's own endpoints (docs/mock.md#what-the-mock-adds): it breaks no requirement of the spec,
 * which does not shape those endpoints, and is switched on like any other.
 */
export interface MockOwnFault {
  name: FaultName;
  /** The mock's own endpoints it changes, as `GET /users/{user.id}/accounts`. */
  endpoints: string[];
  /** What the mock then does wrong. */
  description: string;
}

/** Every fault of the mock's own endpoints, as `fds-conformance mock --list-faults` prints them after `faults`. */
export const mockOwnFaults: readonly MockOwnFault[] = ownRegistry.map(
  ({ name, operations, description }) => ({
    name,
    endpoints: operations.map(endpointName),
    description,
  }),
);

/**
 * Starts the mock and resolves once it listens; `close()` stops it. Rejects on an unknown fault name or
 * when it cannot listen (the port is taken, say).
 */
export function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  return startServer(mockOptions(options));
}

/** The mock's own options for the public ones: token lifetimes onto `apiKeys`, latency and rate limit onto `variants`. */
function mockOptions(start: StartMockOptions): Partial<MockOptions> {
  const { tokenTtl, apiKeys, latencyMs, rateLimitEvery, variants, faults, ...rest } = given(start);
  return {
    ...rest,
    ...(faults && { faults: [...faults] }),
    apiKeys: {
      ...defaultMockOptions.apiKeys,
      ...(tokenTtl !== undefined && { [defaultApiKey]: tokenTtl }),
      ...apiKeys,
    },
    variants: {
      ...variants,
      ...(latencyMs !== undefined && { latencyMs }),
      ...(rateLimitEvery !== undefined && { rateLimit: { every: rateLimitEvery } }),
    },
  };
}

/** The options given a value: one given as undefined keeps its default, as if left out. */
function given<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;
}
