/**
 * The profile (docs/design.md#profile): where the target is and what the suite may use there. Every field but
 * baseUrl is optional; a check whose fixture or capability is missing is reported not exercised.
 */
export interface Profile {
  baseUrl: string;
  apiKey?: string;
  version: string;
  versionHeader: string;
  unsupportedVersion?: string;
  tokenExpiry?: { apiKey: string; maxWaitSeconds: number };
  readOnly: boolean;
  fixtures: ProfileFixtures;
}

export interface ProfileFixtures {
  userId?: string;
  connectionId?: string;
  connectionPassword?: string;
  institutionId?: string;
  affordabilityId?: string;
  /** A snapshot of userId without any transaction: its list's empty state. */
  emptyAffordabilityId?: string;
  /** A user of the target other than userId: another user's path to probe with, in a read-only run too. */
  otherUserId?: string;
  /** A connection of otherUserId: another user's connection to ask for under userId's path. */
  otherConnectionId?: string;
  enrich?: { institution?: string; country?: string; matchingQuery?: string; noMatchQuery?: string };
  /** Ids of accounts of userId's connections: the expenses `accounts` selections draw on them. */
  accountIds?: string[];
  /** A finished job of the target's, for the GET /jobs/{job.id} checks of a run that may not write. */
  jobId?: string;
  /** The API key of a temporarily disabled partner account (TOKEN-17); a secret, from FDS_DISABLED_API_KEY. */
  disabledPartnerApiKey?: string;
  /** The API key of a deleted partner account (TOKEN-18); a secret, from FDS_DELETED_API_KEY. */
  deletedPartnerApiKey?: string;
  /** The API key of a partner not enabled for the enrich service (ENRICH-18); a secret, from FDS_NON_ENRICH_API_KEY. */
  nonEnrichPartnerApiKey?: string;
}

/** The partners' API keys among the fixtures, each a secret that its environment variable may give instead. */
export const partnerKeyFixtures = {
  disabledPartnerApiKey: 'FDS_DISABLED_API_KEY',
  deletedPartnerApiKey: 'FDS_DELETED_API_KEY',
  nonEnrichPartnerApiKey: 'FDS_NON_ENRICH_API_KEY',
} as const satisfies Partial<Record<keyof ProfileFixtures, string>>;

/**
 * Where each setting a setup error names came from, as a person would look for it: `FDS_BASE_URL`,
 * `--base-url`, `the profile's baseUrl in staging.json`. A stale variable overriding the profile is then
 * found from the one line (docs/design.md#setup-errors).
 */
export interface SettingSources {
  baseUrl: string;
  apiKey?: string;
  expiryApiKey?: string;
  /** Where the key of the partner not enabled for enrich came from, which the pre-flight sends. */
  nonEnrichPartnerApiKey?: string;
  /** The profile file read, where the fixtures come from. */
  profile?: string;
}

export const profileDefaults = { version: '2.0', versionHeader: 'service-version', readOnly: false } as const;

/** What the suites receive through vitest's provide/inject: the profile and the run's settings. */
export interface RunSettings {
  profile: Profile;
  /** fast-check seed and runs per property. */
  seed: number;
  runs: number;
  concurrency: number;
  timeoutMs: number;
  /** Largest response body read, in bytes; a larger one fails its check without exhausting memory. */
  maxBodyBytes: number;
  /**
   * Retries of a request after a transient answer (502, 503, 504, a reset), `--retry-transient`; a check
   * that then fails only on transient answers is flaky. Absent or 0: every answer is judged as it came.
   */
  retryTransient?: number;
  /** Identifies the resources this run creates (e-mail addresses under it), so they are recognisable. */
  runId: string;
  /** A fast-check counter-example path to replay (`--seed` with a failure's path). */
  path?: string;
  /** The run's traffic coordinator (src/http/traffic.ts), when it has one: its channel, and whether it holds a budget. */
  traffic?: { channel: string; budgeted: boolean };
  /** The run's keeper of values made once across its workers (src/checks/run-wide.ts), when it has one. */
  runWide?: { channel: string };
}
