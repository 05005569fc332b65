import { mockMaxBodyBytes } from '../src/operations/body-limit.ts';
import type { OperationPath } from '../src/operations/table.ts';
import type { MockVariants } from './variants/types.ts';

/** One request and the answer the mock gave it, as `onResponse` sees it. */
export interface MockExchange {
  method: string;
  /** Path below the base path, without the query. */
  path: string;
  /** The route's path pattern (src/operations/table.ts); undefined when no route matched. */
  route?: OperationPath;
  status: number;
  /** The body as sent, before serialisation. */
  body: unknown;
}

/** How the embedded mock is set up; every field has a default so `startMock()` alone gives a conformant service. */
export interface MockOptions {
  host: string;
  /** 0 picks an ephemeral port. */
  port: number;
  /** Seed of the generated world; the default seed's world is the one kept in fixtures/world/. */
  seed: number;
  /** API keys the token endpoint accepts, each with the lifetime in seconds of the tokens it gets. */
  apiKeys: Record<string, number>;
  /** Name of the version header on POST /token (spec: Versioning). */
  versionHeader: string;
  supportedVersions: string[];
  /** Older versions that are refused with parameter-not-valid (spec: Versioning). */
  unsupportedVersions: string[];
  /** Path prefix the service is mounted under ('' or '/api', say). */
  basePath: string;
  /** Named faults to inject (see mock/faults/). */
  faults: string[];
  /**
   * Whether a request may switch faults on for itself alone with the `fds-mock-faults` header
   * (`faultSwitchHeader`); off by default, when the header is ignored.
   */
  faultSwitching: boolean;
  /**
   * Whether every request is judged against the client requirements (`clientFindings`, `clientReport`); on
   * by default. Off where nobody reads the judgement: the suite's own runs, whose requests break client
   * rules on purpose (bad credentials, malformed bodies), and where judging was a tenth of the CPU.
   */
  judgeClients: boolean;
  /**
   * The spec's operations alone: the mock's own routes (operations table group `mock-own`: the reads its
   * links lead to, and the extensions creating and deleting a connection) answer as paths it does not
   * serve (404, or 405 where the spec has another method on the path). Off by default.
   */
  specOnly: boolean;
  /** Largest request body accepted, in bytes; larger ones get 413. */
  maxBodyBytes: number;
  /** How long each job step stays pending and then in progress, in milliseconds. */
  jobStepMs: number;
  /**
   * Conformant variants (mock/variants/types.ts): legitimate behaviours the spec leaves open, all off by
   * default, each of which the suite must pass with no finding.
   */
  variants: MockVariants;
  /**
   * A flaky environment, for rehearsing `--retries`: every Nth request the mock receives, the token
   * endpoint's aside, is answered 503 with an error list. Not conformant (a fault of the environment, not
   * of the interface, so no named fault); 0, the default, turns it off.
   */
  failEvery: number;
  /** Called for every request received, before it is handled: lets tests see what a client sent. */
  onRequest?: (method: string, path: string, query: URLSearchParams) => void;
  /** Called for every answer a handled request gets, as sent: lets tests see what the mock answered. */
  onResponse?: (exchange: MockExchange) => void;
}

export const defaultApiKey = 'mock-api-key';
export const shortLivedApiKey = 'mock-short-lived-key';
/** The request header naming faults, comma-separated, to switch on for that request (`faultSwitching`). */
export const faultSwitchHeader = 'fds-mock-faults';

export const defaultMockOptions: MockOptions = {
  host: '127.0.0.1',
  port: 0,
  seed: 1,
  apiKeys: { [defaultApiKey]: 3600, [shortLivedApiKey]: 1 },
  versionHeader: 'service-version',
  supportedVersions: ['2.0'],
  unsupportedVersions: ['1.0'],
  basePath: '',
  faults: [],
  faultSwitching: false,
  judgeClients: true,
  specOnly: false,
  failEvery: 0,
  maxBodyBytes: mockMaxBodyBytes,
  jobStepMs: 50,
  variants: {},
};
