import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Api } from '../../src/http/api.ts';
import { main } from '../../cli/main.ts';
import { mockOptionsFromArgs } from '../../cli/mock-command.ts';
import { parseRunOptions, runSettingsOf } from '../../cli/run-options.ts';
import { defaultApiKey, mockProfile, startMock, type RunningMock } from '../../mock/index.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'fds-run-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
});

const target = ['--base-url', 'http://127.0.0.1:9'];
/** An expiry key of the test's own, so that finding it in an output cannot be a coincidence. */
const expiryKey = 'expiry-key-from-the-environment';

function profileFile(name: string, content: object): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

describe('numeric flags name the flag and the rule', () => {
  it.each([
    [['--max-rps', '-1'], '--max-rps must be a positive integer (at most 100000), got "-1"'],
    [['--max-rps=-1'], '--max-rps must be a positive integer (at most 100000), got "-1"'],
    [['--max-rps', '0'], '--max-rps must be a positive integer (at most 100000), got "0"'],
    [['--max-rps', '2.5'], '--max-rps must be a positive integer (at most 100000), got "2.5"'],
    [['--runs', '-3'], '--runs must be a positive integer (at most 100000), got "-3"'],
    [['--concurrency', '0'], '--concurrency must be a positive integer (at most 256), got "0"'],
    [['--retries', '-1'], '--retries must be a whole number ≥ 0 (at most 10), got "-1"'],
    [['--seed', '-7'], '--seed must be a whole number ≥ 0 (at most 2147483647), got "-7"'],
    [['--seed', '1e3'], '--seed must be a whole number ≥ 0 (at most 2147483647), got "1e3"'],
    [['--timeout-ms', '-.5'], '--timeout-ms must be a whole number from 100 to 600000, got "-.5"'],
  ])('run %j', (args, message) => {
    expect(() => parseRunOptions([...target, ...args], {})).toThrow(message);
  });

  it('FDS_MAX_RPS names the variable', () => {
    expect(() => parseRunOptions(target, { FDS_MAX_RPS: '-1' })).toThrow(
      '--max-rps (FDS_MAX_RPS) must be a positive integer',
    );
  });

  it.each([
    [['--port', '-1'], '--port must be a whole number ≥ 0 (at most 65535), got "-1"'],
    [['--fail-every', '0'], '--fail-every must be a positive integer (at most 1000000), got "0"'],
    [['--token-ttl', '1.5'], '--token-ttl must be a positive integer (at most 86400), got "1.5"'],
    [['--latency-ms', '-5'], '--latency-ms must be a whole number ≥ 0 (at most 60000), got "-5"'],
    [['--api-key', 'k=-1'], '--api-key TTL must be a positive integer (at most 86400), got "-1"'],
  ])('mock %j', (args, message) => {
    expect(() => mockOptionsFromArgs(args)).toThrow(message);
  });

  it('`--max-rps -1` is exit 2 and one line naming the flag and the rule, not "ambiguous"', async () => {
    const said: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => said.push(line));
    expect(await main(['--max-rps', '-1'], () => {})).toBe(2);
    expect(said).toEqual([
      'fds-conformance: --max-rps must be a positive integer (at most 100000), got "-1"',
    ]);
  });

  it('a value that merely starts with a dash stays a missing value of a flag that takes none', () => {
    expect(() => parseRunOptions(['--out', '-x'], {})).toThrow(/'--out' argument is ambiguous/);
  });
});

describe('--path', () => {
  it('without --seed is a usage error naming both', () => {
    expect(() => parseRunOptions([...target, '--path', '3:1'], {})).toThrow(
      /^--path needs --seed: .*seed of the run whose failure printed the path$/,
    );
  });

  it('with --seed replays that path under that seed', () => {
    expect(parseRunOptions([...target, '--path', '3:1', '--seed', '42'], {})).toMatchObject({
      path: '3:1',
      seed: 42,
    });
  });
});

describe('FDS_EXPIRY_API_KEY: the expiry key from the environment (flag > env > profile > default)', () => {
  it('gives the expiry key when the profile has none, with the default wait', () => {
    const config = parseRunOptions(target, { FDS_EXPIRY_API_KEY: 'short-lived-from-env' });
    expect(config.profile?.tokenExpiry).toEqual({ apiKey: 'short-lived-from-env', maxWaitSeconds: 10 });
  });

  it("wins over the profile's key, and keeps the profile's maxWaitSeconds", () => {
    const withKey = profileFile('with-key.json', {
      baseUrl: 'http://127.0.0.1:9',
      tokenExpiry: { apiKey: 'short-lived-from-profile', maxWaitSeconds: 25 },
    });
    expect(parseRunOptions(['--profile', withKey], {}).profile?.tokenExpiry).toEqual({
      apiKey: 'short-lived-from-profile',
      maxWaitSeconds: 25,
    });
    expect(
      parseRunOptions(['--profile', withKey], { FDS_EXPIRY_API_KEY: 'short-lived-from-env' }).profile
        ?.tokenExpiry,
    ).toEqual({ apiKey: 'short-lived-from-env', maxWaitSeconds: 25 });
    // An empty variable (a CI secret that is not set) counts as unset.
    expect(
      parseRunOptions(['--profile', withKey], { FDS_EXPIRY_API_KEY: '' }).profile?.tokenExpiry?.apiKey,
    ).toBe('short-lived-from-profile');
  });

  it('lets a profile give the wait alone, the key staying a secret of the environment', () => {
    const waitOnly = profileFile('wait-only.json', {
      baseUrl: 'http://127.0.0.1:9',
      tokenExpiry: { maxWaitSeconds: 30 },
    });
    expect(parseRunOptions(['--profile', waitOnly], {}).profile?.tokenExpiry).toBeUndefined();
    expect(
      parseRunOptions(['--profile', waitOnly], { FDS_EXPIRY_API_KEY: 'short-lived-from-env' }).profile
        ?.tokenExpiry,
    ).toEqual({ apiKey: 'short-lived-from-env', maxWaitSeconds: 30 });
  });

  it('is masked like the API key in everything the client records, before any check sends it', () => {
    const config = parseRunOptions(target, {
      FDS_API_KEY: 'the-api-key-secret',
      FDS_EXPIRY_API_KEY: 'the-expiry-key-secret',
    });
    const api = new Api(runSettingsOf(config, config.profile!));
    expect(api.secrets.redact('{"echo":"the-expiry-key-secret","key":"the-api-key-secret"}')).toBe(
      '{"echo":"***","key":"***"}',
    );
  });
});

describe("the partners' keys: each from its variable over the profile's fixture", () => {
  const keys = {
    FDS_DISABLED_API_KEY: 'disabledPartnerApiKey',
    FDS_DELETED_API_KEY: 'deletedPartnerApiKey',
    FDS_NON_ENRICH_API_KEY: 'nonEnrichPartnerApiKey',
  } as const;

  it.each(Object.entries(keys))(
    '%s gives fixtures.%s, over the profile, an empty one counting as unset',
    (variable, field) => {
      const withKey = profileFile(`${field}.json`, {
        baseUrl: 'http://127.0.0.1:9',
        fixtures: { userId: 'u-1', [field]: 'key-from-profile' },
      });
      const fixtures = (env: NodeJS.ProcessEnv) =>
        parseRunOptions(['--profile', withKey], env).profile?.fixtures;
      expect(fixtures({})).toEqual({ userId: 'u-1', [field]: 'key-from-profile' });
      expect(fixtures({ [variable]: 'key-from-env' })).toEqual({ userId: 'u-1', [field]: 'key-from-env' });
      expect(fixtures({ [variable]: '' })?.[field]).toBe('key-from-profile');
      expect(parseRunOptions(target, { [variable]: 'key-from-env' }).profile?.fixtures).toEqual({
        [field]: 'key-from-env',
      });
    },
  );

  it('names where the key of the partner without enrich came from, which the pre-flight sends', () => {
    const path = profileFile('non-enrich.json', {
      baseUrl: 'http://127.0.0.1:9',
      fixtures: { nonEnrichPartnerApiKey: 'k' },
    });
    expect(parseRunOptions(['--profile', path], {}).sources?.nonEnrichPartnerApiKey).toBe(
      `the profile's fixtures.nonEnrichPartnerApiKey in ${path}`,
    );
    expect(
      parseRunOptions(['--profile', path], { FDS_NON_ENRICH_API_KEY: 'k-env' }).sources
        ?.nonEnrichPartnerApiKey,
    ).toBe('FDS_NON_ENRICH_API_KEY');
  });

  it('masks every one like the API key in everything the client records, before any check sends it', () => {
    const config = parseRunOptions(target, {
      FDS_DISABLED_API_KEY: 'the-disabled-key-secret',
      FDS_DELETED_API_KEY: 'the-deleted-key-secret',
      FDS_NON_ENRICH_API_KEY: 'the-non-enrich-key-secret',
    });
    const api = new Api(runSettingsOf(config, config.profile!));
    expect(
      api.secrets.redact('the-disabled-key-secret the-deleted-key-secret the-non-enrich-key-secret'),
    ).toBe('*** *** ***');
  });
});

describe('FDS_EXPIRY_API_KEY in a run', { timeout: 120_000 }, () => {
  let mock: RunningMock | undefined;
  afterAll(() => mock?.close());

  it('exercises the expiry checks with a profile that holds no key, and no output holds the key', async () => {
    mock = await startMock({ apiKeys: { [expiryKey]: 1 } });
    const { apiKey: _key, tokenExpiry: _expiry, ...profile } = mockProfile(mock);
    const out = join(dir, 'expiry-run');
    const result = await runCli(
      ['--profile', profileFile('no-keys.json', profile), '--only', 'auth', '--out', out],
      {
        FDS_API_KEY: defaultApiKey,
        FDS_EXPIRY_API_KEY: expiryKey,
      },
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      requirements: { id: string; status: string }[];
    };
    const expiry = report.requirements.filter((r) => ['AUTH-08', 'AUTH-09', 'AUTH-10'].includes(r.id));
    expect(expiry.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    const everything = [
      result.stdout,
      result.stderr,
      ...readdirSync(out).map((f) => readFileSync(join(out, f), 'utf8')),
    ];
    for (const text of everything) expect(text).not.toContain(expiryKey);
  });
});

describe('where each setting came from, for the lines of a setup error', () => {
  const staging = 'https://staging.example.com/api';
  const full = () =>
    profileFile('sources.json', {
      baseUrl: staging,
      apiKey: 'k-profile',
      tokenExpiry: { apiKey: 'e-profile' },
    });

  it('names the profile file for what it gives', () => {
    const path = full();
    expect(parseRunOptions(['--profile', path], {}).sources).toEqual({
      baseUrl: `the profile's baseUrl in ${path}`,
      apiKey: `the profile's apiKey in ${path}`,
      expiryApiKey: `the profile's tokenExpiry.apiKey in ${path}`,
      profile: path,
    });
  });

  it('names the variable or the flag that overrides it', () => {
    const path = full();
    const env = { FDS_BASE_URL: 'http://127.0.0.1:9', FDS_API_KEY: 'k-env', FDS_EXPIRY_API_KEY: 'e-env' };
    expect(parseRunOptions(['--profile', path], env).sources).toEqual({
      baseUrl: 'FDS_BASE_URL',
      apiKey: 'FDS_API_KEY',
      expiryApiKey: 'FDS_EXPIRY_API_KEY',
      profile: path,
    });
    expect(
      parseRunOptions(['--profile', path, '--base-url', 'http://127.0.0.1:9', '--api-key', 'k-flag'], env)
        .sources,
    ).toMatchObject({ baseUrl: '--base-url', apiKey: '--api-key' });
    // Nothing is named for a key that was not given.
    expect(parseRunOptions(target, {}).sources).toEqual({ baseUrl: '--base-url' });
  });

  it('notes FDS_BASE_URL overriding a different base URL of the profile, and only then', () => {
    const path = full();
    expect(parseRunOptions(['--profile', path], { FDS_BASE_URL: 'http://127.0.0.1:9' }).baseUrlOverride).toBe(
      `FDS_BASE_URL overrides the profile's baseUrl in ${path}, ${staging}`,
    );
    expect(
      parseRunOptions(['--profile', path], { FDS_BASE_URL: `${staging}/` }).baseUrlOverride,
    ).toBeUndefined();
    expect(parseRunOptions(['--profile', path], {}).baseUrlOverride).toBeUndefined();
    // A flag is what the user typed for this run: no note.
    expect(
      parseRunOptions(['--profile', path, '--base-url', 'http://127.0.0.1:9'], {}).baseUrlOverride,
    ).toBeUndefined();
  });

  it("names the source of a base URL that is no URL, the profile's file too", () => {
    const path = profileFile('bad-url.json', { baseUrl: 'staging' });
    expect(() => parseRunOptions(['--profile', path], {})).toThrow(
      `the profile's baseUrl in ${path} must be an http or https URL, got "staging"`,
    );
    expect(() => parseRunOptions(['--profile', path], { FDS_BASE_URL: 'ftp://x' })).toThrow(
      'FDS_BASE_URL must be an http or https URL, got "ftp://x"',
    );
  });
});

describe('--only names groups, requirements and register entries', () => {
  it('keeps groups whole and requirement ids apart', () => {
    const config = parseRunOptions([...target, '--only', 'institutions, AUTH-05,CONN-08'], {});
    expect(config.only).toEqual(['institutions']);
    expect(config.requirements).toEqual(['AUTH-05', 'CONN-08']);
  });

  it('reads a register id as the requirements whose checks accept its readings', () => {
    const config = parseRunOptions([...target, '--only', 'AMB-AUTH-01,AUTH-05'], {});
    expect(config.only).toBeUndefined();
    expect(config.requirements).toEqual(['AUTH-05', 'AUTH-06', 'AUTH-07', 'AUTH-09', 'AUTH-11']);
  });

  it.each([
    ['affordabilty', 'affordability'],
    ['AUTH-5', 'AUTH-05'],
    ['AMB-AUTH-1', 'AMB-AUTH-01'],
  ])('refuses %s, naming %s as flags name the one meant', (entry, meant) => {
    expect(() => parseRunOptions([...target, '--only', entry], {})).toThrow(
      `--only: unknown group or id "${entry}"; did you mean ${meant}?`,
    );
  });

  it('takes groups and ids in any case', () => {
    const config = parseRunOptions([...target, '--only', 'Token,auth-05'], {});
    expect(config.only).toEqual(['token']);
    expect(config.requirements).toEqual(['AUTH-05']);
  });

  it.each(['AUTH-99', 'AMB-AUTH-99', 'institution'])('refuses %s, naming it', (entry) => {
    expect(() => parseRunOptions([...target, '--only', `token,${entry}`], {})).toThrow(
      `--only: unknown group or id "${entry}"`,
    );
  });

  it('takes the failed and flaky requirements of --rerun-failed, never with --only', () => {
    const folder = join(dir, 'previous');
    mkdirSync(folder);
    const requirement = (id: string, status: string) => ({ id, status });
    writeFileSync(
      join(folder, 'report.json'),
      JSON.stringify({
        startedAt: '2025-01-01T00:00:00.000Z',
        target: { baseUrl: 'http://127.0.0.1:9' },
        requirements: [
          requirement('INST-01', 'passed'),
          requirement('INST-02', 'failed'),
          requirement('AUTH-05', 'flaky'),
          requirement('AUTH-06', 'not-exercised'),
        ],
      }),
    );
    const config = parseRunOptions([...target, '--rerun-failed', folder], {});
    expect(config.requirements).toEqual(['INST-02', 'AUTH-05']);
    expect(config.rerunFailed).toBe(folder);
    expect(() => parseRunOptions([...target, '--rerun-failed', folder, '--only', 'auth'], {})).toThrow(
      '--only and --rerun-failed cannot be used together',
    );
    expect(() => parseRunOptions([...target, '--rerun-failed', join(dir, 'absent')], {})).toThrow(
      /^--rerun-failed .*absent: no readable report\.json \(ENOENT\)$/,
    );
  });

  it('never writes a --rerun-failed run over the report it reads', () => {
    const folder = join(dir, 'read');
    mkdirSync(folder);
    const report = { startedAt: '2025-01-01T00:00:00.000Z', target: { baseUrl: 'http://127.0.0.1:9' } };
    writeFileSync(
      join(folder, 'report.json'),
      JSON.stringify({ ...report, requirements: [{ id: 'INST-02', status: 'failed' }] }),
    );
    expect(parseRunOptions([...target, '--rerun-failed', folder], {}).out).toBe(`${folder}-rerun`);
    expect(parseRunOptions([...target, '--rerun-failed', join(folder, 'report.json')], {}).out).toBe(
      `${folder}-rerun`,
    );
    expect(
      parseRunOptions([...target, '--rerun-failed', folder, '--out', join(dir, 'elsewhere')], {}).out,
    ).toBe(join(dir, 'elsewhere'));
    expect(() => parseRunOptions([...target, '--rerun-failed', folder, '--out', `${folder}/`], {})).toThrow(
      `--out ${folder}/ is the folder --rerun-failed reads, and the rerun would overwrite its report: give another --out, or none (read-rerun)`,
    );
  });
});
