import { parseArgs } from 'node:util';
import { faults, isFaultName } from '../../mock/faults/index.ts';
import { faultSwitchHeader, mockProfile, startMock, type StartMockOptions } from '../../mock/index.ts';
import { defaultMockOptions } from '../../mock/options.ts';
import { exitCodes, UsageError } from './usage-error.ts';

function wholeNumber(flag: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^[0-9]+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max))
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function list(raw: string | undefined): string[] | undefined {
  return raw === undefined
    ? undefined
    : raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
}

/**
 * Reads the flags into the options of the mock as a library (mock/index.ts), one option per flag; every
 * mistake is a UsageError naming the flag.
 */
export function mockOptionsFromArgs(args: string[]): { options: StartMockOptions; listFaults: boolean } {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      'token-ttl': { type: 'string' },
      'api-key': { type: 'string', multiple: true },
      'version-header': { type: 'string' },
      'supported-versions': { type: 'string' },
      'unsupported-versions': { type: 'string' },
      'base-path': { type: 'string' },
      fault: { type: 'string', multiple: true },
      'fault-switching': { type: 'boolean' },
      'list-faults': { type: 'boolean' },
      'latency-ms': { type: 'string' },
      'rate-limit-every': { type: 'string' },
      'fail-every': { type: 'string' },
    },
  });
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
  // Conformant variants (mock/variants.ts) that make the mock behave like a busy staging environment.
  const latencyMs = wholeNumber('latency-ms', values['latency-ms'], 0, 60_000);
  if (latencyMs !== undefined) options.latencyMs = latencyMs;
  const rateLimitEvery = wholeNumber('rate-limit-every', values['rate-limit-every'], 1, 1_000_000);
  if (rateLimitEvery !== undefined) options.rateLimitEvery = rateLimitEvery;
  // Not conformant: a flaky environment, to rehearse --retries (mock/flakiness.ts).
  const failEvery = wholeNumber('fail-every', values['fail-every'], 1, 1_000_000);
  if (failEvery !== undefined) options.failEvery = failEvery;
  return { options, listFaults: values['list-faults'] ?? false };
}

/** `mock`: starts the mock standalone and prints its base URL and the profile pointing at it. */
export async function mockCommand(args: string[], out: (line: string) => void): Promise<number> {
  const { options, listFaults } = mockOptionsFromArgs(args);
  if (listFaults) {
    for (const fault of faults)
      out(`${fault.name.padEnd(44)} ${fault.requirement.padEnd(10)} ${fault.description}`);
    return exitCodes.ok;
  }
  let mock;
  try {
    mock = await startMock(options);
  } catch (error) {
    throw new UsageError(
      `cannot start the mock on ${options.host ?? defaultMockOptions.host}:${options.port ?? 0}: ${(error as Error).message}`,
    );
  }
  const faultsInForce = options.faults?.length ? ` with faults ${options.faults.join(', ')}` : '';
  const switching = options.faultSwitching
    ? `; a request's ${faultSwitchHeader} header switches faults on`
    : '';
  out(`mock listening on ${mock.url}${faultsInForce}${switching}`);
  out('profile:');
  out(JSON.stringify(mockProfile(mock), null, 2));
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await mock.close();
  return exitCodes.ok;
}
