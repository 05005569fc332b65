import { accessSync, constants, mkdirSync } from 'node:fs';
import { faults, isFaultName, mockOwnFaults } from '../mock/faults/index.ts';
import { faultSwitchHeader, mockProfile, startMock, type StartMockOptions } from '../mock/index.ts';
import { defaultMockOptions } from '../mock/options.ts';
import { parseOptions, wholeNumber, type OptionTable } from './options.ts';
import { exitCodes } from './exit-codes.ts';
import { writeObservationReports } from '../src/observe/write.ts';
import type { Output } from '../src/output.ts';
import { observationLine } from '../src/observe/views.ts';
import { onStopTrigger } from './stop-triggers.ts';
import { UsageError } from '../src/usage-error.ts';

/** The flags of `mock`, as its parser reads them and its help lists them. */
export const mockOptions = {
  port: { type: 'string', value: 'N', description: 'the port to listen on (default 0: any free port)' },
  host: {
    type: 'string',
    value: 'H',
    description: `the interface to listen on (default ${defaultMockOptions.host})`,
  },
  seed: {
    type: 'string',
    value: 'N',
    description: 'seed of the generated world (default 1: fixtures/world/)',
  },
  'token-ttl': {
    type: 'string',
    value: 'S',
    description: 'lifetime of the tokens of mock-api-key, in seconds (default 3600)',
  },
  'api-key': {
    type: 'string',
    value: 'KEY=TTL',
    multiple: true,
    description: "one more accepted API key and its tokens' lifetime in seconds",
  },
  'version-header': {
    type: 'string',
    value: 'NAME',
    description: 'the version header of POST /token (default service-version)',
  },
  'supported-versions': {
    type: 'string',
    value: 'LIST',
    description: 'versions that get a token (default 2.0)',
  },
  'unsupported-versions': {
    type: 'string',
    value: 'LIST',
    description: 'older versions, refused with 400 parameter-not-valid (default 1.0)',
  },
  'base-path': {
    type: 'string',
    value: '/P',
    description: 'mount every route under /P; anything outside is 404',
  },
  fault: {
    type: 'string',
    value: 'NAME',
    multiple: true,
    description: 'inject a named fault (see --list-faults)',
  },
  'fault-switching': {
    type: 'boolean',
    description: `a request's ${faultSwitchHeader} header switches the faults it names on for that request`,
  },
  'spec-only': {
    type: 'boolean',
    description: "the spec's operations alone: the mock's own routes and extensions answer as unserved paths",
  },
  'list-faults': {
    type: 'boolean',
    description:
      "list every fault: name, requirement (mock-own for the mock's own endpoints), what it does; then exit",
  },
  'latency-ms': { type: 'string', value: 'N', description: 'every answer waits N ms (0 to 60000)' },
  'rate-limit-every': {
    type: 'string',
    value: 'N',
    description: 'every Nth request of a connection: 429 with Retry-After',
  },
  'fail-every': {
    type: 'string',
    value: 'N',
    description: 'every Nth request (the token endpoint aside): 503, a flaky environment (not conformant)',
  },
  'profile-out': {
    type: 'string',
    value: 'FILE',
    description: 'write the profile JSON to FILE too (it is always on stdout)',
  },
  'client-report': {
    type: 'string',
    value: 'DIR',
    description:
      'judge every request against the client requirements; write report.json/md/html to DIR on exit and on SIGUSR2',
  },
} as const satisfies OptionTable;

function list(raw: string | undefined): string[] | undefined {
  return raw === undefined
    ? undefined
    : raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
}

/**
 * Reads the flags into the options of the mock as a library (mock/index.ts), one option per flag, but for
 * the command's own `--list-faults` and `--profile-out`; every mistake is a UsageError naming the flag.
 */
export function mockOptionsFromArgs(args: string[]): {
  options: StartMockOptions;
  listFaults: boolean;
  profileOut?: string;
  clientReport?: string;
} {
  const { values } = parseOptions('mock', mockOptions, args);
  const options: StartMockOptions = {};
  const port = wholeNumber('port', values.port, 0, 65535);
  if (port !== undefined) options.port = port;
  if (values.host !== undefined) options.host = values.host;
  const seed = wholeNumber('seed', values.seed, 0, 2 ** 31 - 1);
  if (seed !== undefined) options.seed = seed;
  const tokenTtl = wholeNumber('token-ttl', values['token-ttl'], 1, 86_400);
  if (tokenTtl !== undefined) options.tokenTtl = tokenTtl;
  const apiKeys: Record<string, number> = {};
  for (const entry of values['api-key'] ?? []) {
    const [key, lifetime] = entry.split('=');
    if (!key || lifetime === undefined) throw new UsageError(`--api-key must be KEY=TTL, got "${entry}"`);
    apiKeys[key] = wholeNumber('api-key TTL', lifetime, 1, 86_400) as number;
  }
  options.apiKeys = apiKeys;
  if (values['version-header'] !== undefined) {
    if (!/^[A-Za-z0-9-]+$/.test(values['version-header']))
      throw new UsageError('--version-header must be a header name');
    options.versionHeader = values['version-header'];
  }
  const supported = list(values['supported-versions']);
  if (supported) options.supportedVersions = supported;
  const unsupported = list(values['unsupported-versions']);
  if (unsupported) options.unsupportedVersions = unsupported;
  if (values['base-path'] !== undefined) {
    if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(values['base-path']))
      throw new UsageError('--base-path must look like /api or /api/v2');
    options.basePath = values['base-path'];
  }
  const named = values.fault ?? [];
  const unknown = named.find((name) => !isFaultName(name));
  if (unknown !== undefined) throw new UsageError(`unknown fault "${unknown}"; see --list-faults`);
  options.faults = named.filter(isFaultName);
  options.faultSwitching = values['fault-switching'] ?? false;
  options.specOnly = values['spec-only'] ?? false;
  // Conformant variants (mock/variants/types.ts) that make the mock behave like a busy staging environment.
  const latencyMs = wholeNumber('latency-ms', values['latency-ms'], 0, 60_000);
  if (latencyMs !== undefined) options.latencyMs = latencyMs;
  const rateLimitEvery = wholeNumber('rate-limit-every', values['rate-limit-every'], 1, 1_000_000);
  if (rateLimitEvery !== undefined) options.rateLimitEvery = rateLimitEvery;
  // Not conformant: a flaky environment, to rehearse --retries (mock/flakiness.ts).
  const failEvery = wholeNumber('fail-every', values['fail-every'], 1, 1_000_000);
  if (failEvery !== undefined) options.failEvery = failEvery;
  return {
    options,
    listFaults: values['list-faults'] ?? false,
    ...(values['profile-out'] !== undefined ? { profileOut: values['profile-out'] } : {}),
    ...(values['client-report'] !== undefined ? { clientReport: values['client-report'] } : {}),
  };
}

/** A report folder is made, or refused before the mock starts: a session's report is not lost at its end. */
function ensureWritableFolder(flag: string, path: string): void {
  try {
    mkdirSync(path, { recursive: true });
    accessSync(path, constants.W_OK);
  } catch (error) {
    throw new UsageError(
      `--${flag} ${path}: cannot write there (${(error as NodeJS.ErrnoException).code ?? 'unwritable'})`,
    );
  }
}

/** Written beside and renamed into place, so a script waiting for the file never reads half of it. */
function writeProfile(path: string, json: string, output: Output): void {
  try {
    output.fileAskedFor(path, `${json}\n`);
  } catch (error) {
    throw new UsageError(
      `--profile-out ${path}: cannot write it (${(error as NodeJS.ErrnoException).code ?? 'unwritable'})`,
    );
  }
}

/**
 * `mock`: starts the mock standalone. stdout carries the profile pointing at it and nothing else, so
 * `fds-conformance mock | jq` and `> profile.json` work (docs/design.md#mock-and-proxy); what a person reads goes to stderr.
 */
export async function mockCommand(args: string[], output: Output): Promise<number> {
  const { options, listFaults, profileOut, clientReport } = mockOptionsFromArgs(args);
  if (listFaults) {
    for (const fault of faults)
      output.stdout(`${fault.name.padEnd(44)} ${fault.requirement.padEnd(10)} ${fault.description}`);
    // No requirement to name: these break only the mock's own endpoints, which the suite does not check.
    for (const fault of mockOwnFaults)
      output.stdout(
        `${fault.name.padEnd(44)} ${'mock-own'.padEnd(10)} ${fault.description} (the mock's own endpoints; no spec requirement)`,
      );
    return exitCodes.ok;
  }
  if (clientReport !== undefined) ensureWritableFolder('client-report', clientReport);
  let mock;
  try {
    mock = await startMock(options);
  } catch (error) {
    throw new UsageError(
      `cannot start the mock on ${options.host ?? defaultMockOptions.host}:${options.port ?? 0}: ${(error as Error).message}`,
    );
  }
  const profile = JSON.stringify(mockProfile(mock), null, 2);
  try {
    if (profileOut !== undefined) writeProfile(profileOut, profile, output);
  } catch (error) {
    await mock.close();
    throw error;
  }
  // The mock's own keys, which its user asked for: a FDS_API_KEY that happens to be one masks nothing here.
  output.askedFor(profile);
  const faultsInForce = options.faults?.length ? ` with faults ${options.faults.join(', ')}` : '';
  const switching = options.faultSwitching
    ? `; a request's ${faultSwitchHeader} header switches faults on`
    : '';
  const written = profileOut !== undefined ? `; profile written to ${profileOut}` : '';
  const judged =
    clientReport !== undefined
      ? `; client report to ${clientReport}/ on exit and on SIGUSR2 (kill -USR2 ${process.pid})`
      : '';
  output.stderr(
    `mock listening on ${mock.url}${faultsInForce}${switching}${written}${judged}; Ctrl-C stops it`,
  );
  const running = mock;
  const writeClientReport = () => {
    if (clientReport === undefined) return;
    const report = running.clientReport();
    try {
      writeObservationReports(clientReport, report, output);
      output.stderr(`client report: ${observationLine(report)}; written to ${clientReport}/`);
    } catch (error) {
      output.stderr(
        `fds-conformance: cannot write the client report to ${clientReport}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  };
  // A long session writes its report on demand, and goes on.
  if (clientReport !== undefined) process.on('SIGUSR2', writeClientReport);
  let takeDown = () => undefined as void;
  const why = await new Promise<string>((resolve) => {
    takeDown = onStopTrigger(resolve);
  });
  takeDown();
  process.off('SIGUSR2', writeClientReport);
  output.stderr(`mock stopped (${why})`);
  await mock.close();
  writeClientReport();
  return exitCodes.ok;
}
