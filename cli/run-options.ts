import { randomInt, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { checkBaseUrl, loadProfileFile, type ProfileFile } from '../src/profile/load-profile.ts';
import {
  partnerKeyFixtures,
  profileDefaults,
  type Profile,
  type RunSettings,
  type SettingSources,
} from '../src/profile/profile.ts';
import { suiteGroups } from '../src/requirements/groups.ts';
import { catalogue, requirementById } from '../src/requirements/catalogue.ts';
import { ambiguities } from '../src/requirements/ambiguities.ts';
import { readPreviousReport } from './read-report.ts';
import type { Report } from '../src/report/report.ts';
import type { RunSelection } from '../src/report/selection.ts';
import { parseOptions, wholeNumber, type OptionTable } from './options.ts';
import { UsageError } from '../src/usage-error.ts';
import { nearestNames } from '../src/nearest-names.ts';
import { enablers, isEnabler, neverAccepted, type Enabler } from '../src/profile/enablers.ts';

/** Everything `run` needs, resolved with the precedence flag > environment > profile file > default. */
export type RunConfig = RunFlags & RunTarget;

/**
 * The target given, with where its settings came from (for the lines of a setup error); absent, the
 * embedded mock is started and its own profile is used.
 */
type RunTarget = { profile?: undefined; sources?: undefined } | { profile: Profile; sources: SettingSources };

interface RunFlags {
  /** Said on the run's first line: FDS_BASE_URL overriding another base URL the profile gives. */
  baseUrlOverride?: string;
  readOnly: boolean;
  /** Groups to run whole (`--only` group names). */
  only?: string[];
  /** `--only` as given, its entries in order: what the reports name as the run's selection. */
  onlyGiven?: string[];
  /**
   * Requirements to run the checks of (`--only` requirement and register ids, `--rerun-failed`): the
   * checks that prove or hold one of them, and no other of their files.
   */
  requirements?: string[];
  /** The report folder `--rerun-failed` took its requirements from. */
  rerunFailed?: string;
  out: string;
  seed: number;
  runs: number;
  concurrency: number;
  timeoutMs: number;
  path?: string;
  strict: boolean;
  baseline?: Baseline;
  /** Where to write the run's failing requirement ids as a baseline, absolute. */
  writeBaseline?: string;
  /** The baseline's file as given (`--baseline` or `--write-baseline`), as the reports name it. */
  baselineFile?: string;
  shard?: string;
  /** Runs a failed check again up to this many times; one that then passes is flaky. */
  retries: number;
  failOnFlaky: boolean;
  /** An incomplete run (what the user could have enabled was not exercised) exits 0 instead of 4. */
  allowIncomplete: boolean;
  /** A previous run's report to compare this one with (`--compare DIR`). */
  previous?: Report;
  /** The run's request budget: most requests per second at the target, token requests included. */
  maxRps?: number;
  /** Sends a request again up to this many times after a transient answer (502, 503, 504, a reset). */
  retryTransient: number;
  /** How long to wait for the target's first answer before the run (`--wait-for`); absent: one probe. */
  waitForSeconds?: number;
}

/** The flags of `run`, as its parser reads them and its help lists them. */
export const runOptions = {
  'base-url': {
    type: 'string',
    value: 'URL',
    description: 'the target, may carry a path prefix (env FDS_BASE_URL); absent: the embedded mock',
  },
  'api-key': {
    type: 'string',
    value: 'KEY',
    description: 'the API key, sent as Basic KEY (env FDS_API_KEY, preferred to the flag)',
  },
  profile: { type: 'string', value: 'FILE', description: 'the JSON profile (env FDS_PROFILE)' },
  only: {
    type: 'string',
    value: 'LIST',
    description: `comma-separated groups (${suiteGroups.join(', ')}), requirement ids (AUTH-05) or register ids (AMB-AUTH-01)`,
  },
  'rerun-failed': {
    type: 'string',
    value: 'DIR',
    description: "run again the failed and flaky requirements of a previous run's report folder",
  },
  'wait-for': {
    type: 'string',
    value: 'SECONDS',
    description: 'wait up to SECONDS for the target to answer before the run (a service just started)',
  },
  'read-only': { type: 'boolean', description: 'send nothing but GET and POST /token' },
  out: { type: 'string', value: 'DIR', description: 'the report folder (default conformance-report)' },
  seed: { type: 'string', value: 'N', description: 'the fast-check seed (default: random, printed)' },
  runs: { type: 'string', value: 'N', description: 'runs per property (default 25)' },
  path: {
    type: 'string',
    value: 'P',
    description: "replay one fast-check counter-example path; needs the failure's --seed",
  },
  concurrency: { type: 'string', value: 'N', description: 'most requests in flight at once (default 8)' },
  'timeout-ms': {
    type: 'string',
    value: 'N',
    description: 'per-request time limit in ms, headers and body (default 10000)',
  },
  strict: { type: 'boolean', description: 'SHOULD-level failures also fail the run' },
  baseline: {
    type: 'string',
    value: 'FILE',
    description:
      'known failing requirement ids and profile fields accepted missing; only failures outside it, or wants beyond them, fail the run',
  },
  'write-baseline': {
    type: 'string',
    value: 'FILE',
    description:
      "write the run's failing requirement ids, and the profile fields it went without, as a baseline",
  },
  shard: {
    type: 'string',
    value: 'i/n',
    description: 'run the i-th of n shards; join them with merge-reports',
  },
  retries: {
    type: 'string',
    value: 'N',
    description: 'run a failed check again up to N times; one that then passes is flaky (default 0)',
  },
  'fail-on-flaky': { type: 'boolean', description: 'flaky requirements also fail the run' },
  'allow-incomplete': { type: 'boolean', description: 'an incomplete run exits 0 instead of 4' },
  compare: {
    type: 'string',
    value: 'DIR',
    description: "compare with a previous run's report folder: newly failing, passing, flaky",
  },
  'max-rps': {
    type: 'string',
    value: 'N',
    description: 'most requests per second at the target (env FDS_MAX_RPS, profile maxRequestsPerSecond)',
  },
  'retry-transient': {
    type: 'string',
    value: 'N',
    description:
      'send a request again up to N times after a 502, 503, 504 or reset (profile retryTransient; default 0)',
  },
} as const satisfies OptionTable;

/** An `--only` entry that names nothing: the names it was probably meant to be, as a mistyped flag gets. */
function unknownOnlyEntry(entry: string): string {
  const guesses = nearestNames(entry, [
    ...suiteGroups,
    ...catalogue.requirements.map((r) => r.id),
    ...ambiguities.map((a) => a.id),
  ]);
  const expected =
    guesses.length > 0
      ? `did you mean ${guesses.join(' or ')}?`
      : `expected groups (${suiteGroups.join(', ')}), requirement ids (AUTH-05) or register ids (AMB-AUTH-01)`;
  return `--only: unknown group or id "${entry}"; ${expected}`;
}

/**
 * `--only`: each entry a group, a requirement id, or a register id standing for the requirements whose
 * checks accept its readings. Anything else is a usage error naming it.
 */
export function onlySelection(list: string): { groups: string[]; requirements: string[] } {
  const groups: string[] = [];
  const requirements = new Set<string>();
  for (const entry of list.split(',').map((e) => e.trim())) {
    // Groups are lower case and ids upper case: either is taken in any case, as --trace takes ids.
    const group = entry.toLowerCase();
    const id = entry.toUpperCase();
    if ((suiteGroups as readonly string[]).includes(group)) groups.push(group);
    else if (requirementById(id)) requirements.add(id);
    else {
      const ambiguity = ambiguities.find((a) => a.id === id);
      if (!ambiguity) throw new UsageError(unknownOnlyEntry(entry));
      for (const covered of ambiguity.requirements) requirements.add(covered);
    }
  }
  return { groups, requirements: [...requirements] };
}

/** The requirements a previous report found failed or flaky: what `--rerun-failed` runs again. */
export function failedRequirementsOf(report: Report): string[] {
  return report.requirements.filter((r) => r.status === 'failed' || r.status === 'flaky').map((r) => r.id);
}

/**
 * A baseline as a run reads it: the known failing requirement ids, and the profile fields the team
 * accepts the run going without (docs/design.md#run-options, --baseline).
 */
export interface Baseline {
  failing: Set<string>;
  acceptedMissing: Enabler[];
}

/**
 * A baseline is a JSON array of requirement ids, or an object whose `failing` member is one, and whose
 * `acceptedMissing`, when given, lists profile fields of `enablers` (src/profile/enablers.ts) but the API key.
 */
export function readBaseline(path: string): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`--baseline ${path}: cannot read it as JSON (${reason})`);
  }
  const file = Array.isArray(data)
    ? { failing: data }
    : (data as { failing?: unknown; acceptedMissing?: unknown });
  const ids = file?.failing;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && /^[A-Z]+-\d+$/.test(id))) {
    throw new UsageError(`--baseline ${path}: expected an array of requirement ids (or {"failing": [...]})`);
  }
  const accepted = file.acceptedMissing ?? [];
  const known = (Object.keys(enablers) as Enabler[]).filter((field) => field !== neverAccepted);
  if (!Array.isArray(accepted) || !accepted.every((field) => typeof field === 'string'))
    throw new UsageError(
      `--baseline ${path}: acceptedMissing must be an array of profile fields (${known.join(', ')})`,
    );
  for (const field of accepted as string[]) {
    if (field === neverAccepted)
      throw new UsageError(
        `--baseline ${path}: acceptedMissing cannot hold ${field}: a run without an API key exercises next to nothing`,
      );
    if (!isEnabler(field)) {
      const guesses = nearestNames(field, known);
      throw new UsageError(
        `--baseline ${path}: acceptedMissing names "${field}", no profile field a check needs; ${guesses.length > 0 ? `did you mean ${guesses.join(' or ')}?` : `expected one of: ${known.join(', ')}`}`,
      );
    }
  }
  return { failing: new Set(ids as string[]), acceptedMissing: accepted as Enabler[] };
}

/**
 * Where a `--rerun-failed DIR` run writes: never over the report it reads, which holds the failures'
 * first evidence. Without `--out`, beside it (`DIR-rerun`); an `--out` naming DIR itself is a mistake.
 */
function rerunOut(read: string, out: string | undefined): string {
  const folder = resolve(statSync(read).isDirectory() ? read : dirname(read));
  if (out === undefined) return `${folder}-rerun`;
  if (resolve(out) === folder)
    throw new UsageError(
      `--out ${out} is the folder --rerun-failed reads, and the rerun would overwrite its report: give another --out, or none (${basename(folder)}-rerun)`,
    );
  return resolve(out);
}

export function parseRunOptions(args: string[], env: NodeJS.ProcessEnv): RunConfig {
  const { values } = parseOptions('run', runOptions, args);
  const profilePath = values.profile ?? env.FDS_PROFILE;
  const file: ProfileFile = profilePath ? loadProfileFile(profilePath) : {};

  if (values.only !== undefined && values['rerun-failed'] !== undefined)
    throw new UsageError('--only and --rerun-failed cannot be used together');
  const selection = values.only === undefined ? undefined : onlySelection(values.only);
  const shard = values.shard;
  if (shard !== undefined) {
    const match = /^([0-9]+)\/([0-9]+)$/.exec(shard);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2])) {
      throw new UsageError(`--shard must be i/n with 1 <= i <= n, got "${shard}"`);
    }
  }
  // A counter-example path means nothing under another seed: a random one would replay something else.
  if (values.path !== undefined && values.seed === undefined)
    throw new UsageError('--path needs --seed: give the seed of the run whose failure printed the path');
  if (values.baseline && values['write-baseline']) {
    throw new UsageError('--baseline and --write-baseline cannot be used together');
  }
  if (values.baseline && !existsSync(values.baseline))
    throw new UsageError(`--baseline ${values.baseline}: no such file`);

  const baseUrlRaw = values['base-url'] ?? env.FDS_BASE_URL ?? file.baseUrl;
  const inProfile = (field: string) => `the profile's ${field} in ${profilePath}`;
  const baseUrlSource = values['base-url']
    ? '--base-url'
    : env.FDS_BASE_URL
      ? 'FDS_BASE_URL'
      : inProfile('baseUrl');
  const readOnly = values['read-only'] ?? file.readOnly ?? profileDefaults.readOnly;
  const apiKey = values['api-key'] ?? env.FDS_API_KEY ?? file.apiKey;
  const apiKeySource = values['api-key']
    ? '--api-key'
    : env.FDS_API_KEY
      ? 'FDS_API_KEY'
      : inProfile('apiKey');
  // A secret like the API key, so it may stay out of the profile file; an empty variable counts as unset.
  const expiryApiKey = env.FDS_EXPIRY_API_KEY || file.tokenExpiry?.apiKey;
  const expiryApiKeySource = env.FDS_EXPIRY_API_KEY ? 'FDS_EXPIRY_API_KEY' : inProfile('tokenExpiry.apiKey');
  // The partners' keys are secrets too: each may come from its variable, over the profile's fixture.
  const fixtures = { ...file.fixtures } as Profile['fixtures'];
  for (const [field, variable] of Object.entries(partnerKeyFixtures) as [
    keyof typeof partnerKeyFixtures,
    string,
  ][]) {
    const key = env[variable];
    if (key) fixtures[field] = key;
  }
  const nonEnrichSource = env.FDS_NON_ENRICH_API_KEY
    ? 'FDS_NON_ENRICH_API_KEY'
    : inProfile('fixtures.nonEnrichPartnerApiKey');
  const profile: Profile | undefined =
    baseUrlRaw === undefined
      ? undefined
      : {
          baseUrl: checkBaseUrl(baseUrlRaw, baseUrlSource),
          ...(apiKey ? { apiKey } : {}),
          version: file.version ?? profileDefaults.version,
          versionHeader: file.versionHeader ?? profileDefaults.versionHeader,
          ...(file.unsupportedVersion ? { unsupportedVersion: file.unsupportedVersion } : {}),
          ...(expiryApiKey
            ? {
                tokenExpiry: {
                  apiKey: expiryApiKey,
                  maxWaitSeconds: file.tokenExpiry?.maxWaitSeconds ?? 10,
                },
              }
            : {}),
          readOnly,
          fixtures,
        };

  const target: RunTarget = profile
    ? {
        profile,
        sources: {
          baseUrl: baseUrlSource,
          ...(apiKey ? { apiKey: apiKeySource } : {}),
          ...(expiryApiKey ? { expiryApiKey: expiryApiKeySource } : {}),
          ...(fixtures.nonEnrichPartnerApiKey ? { nonEnrichPartnerApiKey: nonEnrichSource } : {}),
          ...(profilePath ? { profile: profilePath } : {}),
        },
      }
    : {};
  const config: RunConfig = {
    ...target,
    readOnly,
    // Absolute, so that every writer puts it under the user's working directory, whatever vitest's root.
    out: resolve(values.out ?? 'conformance-report'),
    seed: wholeNumber('seed', values.seed, 0, 2 ** 31 - 1) ?? randomInt(2 ** 31 - 1),
    runs: wholeNumber('runs', values.runs, 1, 100_000) ?? 25,
    concurrency: wholeNumber('concurrency', values.concurrency, 1, 256) ?? 8,
    timeoutMs: wholeNumber('timeout-ms', values['timeout-ms'], 100, 600_000) ?? 10_000,
    strict: values.strict ?? false,
    retries: wholeNumber('retries', values.retries, 0, 10) ?? 0,
    failOnFlaky: values['fail-on-flaky'] ?? false,
    allowIncomplete: values['allow-incomplete'] ?? false,
    // 0 by default: a CI gate judges every answer as it came; a nightly run asks for retries.
    retryTransient:
      wholeNumber('retry-transient', values['retry-transient'], 0, 10) ?? file.retryTransient ?? 0,
  };
  if (
    baseUrlSource === 'FDS_BASE_URL' &&
    file.baseUrl !== undefined &&
    file.baseUrl.replace(/\/+$/, '') !== profile?.baseUrl
  )
    config.baseUrlOverride = `FDS_BASE_URL overrides ${inProfile('baseUrl')}, ${file.baseUrl}`;
  if (values.only !== undefined) config.onlyGiven = values.only.split(',').map((e) => e.trim());
  if (selection?.groups.length) config.only = selection.groups;
  if (selection?.requirements.length) config.requirements = selection.requirements;
  if (values['rerun-failed'] !== undefined) {
    config.rerunFailed = values['rerun-failed'];
    config.requirements = failedRequirementsOf(readPreviousReport(values['rerun-failed'], '--rerun-failed'));
    config.out = rerunOut(values['rerun-failed'], values.out);
  }
  if (values.path !== undefined) config.path = values.path;
  if (values.baseline) config.baseline = readBaseline(values.baseline);
  if (values['write-baseline']) config.writeBaseline = resolve(values['write-baseline']);
  const baselineFile = values.baseline ?? values['write-baseline'];
  if (baselineFile) config.baselineFile = baselineFile;
  if (shard) config.shard = shard;
  const maxRps =
    wholeNumber('max-rps', values['max-rps'], 1, 100_000) ??
    wholeNumber('max-rps (FDS_MAX_RPS)', env.FDS_MAX_RPS || undefined, 1, 100_000) ??
    file.maxRequestsPerSecond;
  if (maxRps !== undefined) config.maxRps = maxRps;
  const waitFor = wholeNumber('wait-for', values['wait-for'], 1, 3600);
  if (waitFor !== undefined) config.waitForSeconds = waitFor;
  // Read before the run, so a wrong folder is a usage error at once, not after an hour of checks.
  if (values.compare !== undefined) config.previous = readPreviousReport(values.compare);
  return config;
}

/**
 * What the run was asked to cover, as report.json records it (`selection`); a baseline the run writes is
 * recorded once written (runner/reporters/conformance-reporter.ts).
 */
export function runSelectionOf(config: RunConfig): RunSelection {
  const [index, count] = config.shard?.split('/').map(Number) ?? [];
  return {
    ...(config.onlyGiven ? { only: config.onlyGiven } : {}),
    ...(config.rerunFailed !== undefined ? { rerunFailed: config.rerunFailed } : {}),
    ...(config.requirements ? { requirements: config.requirements } : {}),
    ...(index !== undefined && count !== undefined ? { shard: { index, count } } : {}),
    readOnly: config.readOnly,
    ...(config.sources?.profile !== undefined ? { profile: config.sources.profile } : {}),
    ...(config.baseline && config.baselineFile
      ? { baseline: baselineSelection(config.baselineFile, config.baseline) }
      : {}),
  };
}

/** A baseline given to a run or a merge (`--baseline`), as report.json's `selection.baseline` records it. */
export function baselineSelection(file: string, baseline: Baseline): NonNullable<RunSelection['baseline']> {
  return {
    file,
    failing: [...baseline.failing],
    acceptedMissing: baseline.acceptedMissing,
    written: false,
  };
}

/** Settings the suites receive, for the resolved profile. */
export function runSettingsOf(config: RunConfig, profile: Profile): RunSettings {
  return {
    profile: { ...profile, readOnly: config.readOnly },
    seed: config.seed,
    runs: config.runs,
    concurrency: config.concurrency,
    timeoutMs: config.timeoutMs,
    maxBodyBytes: 20 * 1024 * 1024,
    retryTransient: config.retryTransient,
    runId: randomUUID().slice(0, 8),
    ...(config.path ? { path: config.path } : {}),
  };
}
