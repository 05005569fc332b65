/** Harness entry point: start the independent server on a seeded world and describe it. */
import { RETIRED_VERSION, SUPPORTED_VERSION, VERSION_HEADER } from './server/auth.ts';
import { startServer } from './server/server.ts';
import { generateWorld } from './server/world.ts';

export interface IndependentProfile {
  baseUrl: string;
  apiKey: string;
  version: string;
  versionHeader: string;
  unsupportedVersion?: string;
  tokenExpiry?: { apiKey: string; maxWaitSeconds: number };
  readOnly: false;
  fixtures: {
    userId: string;
    connectionId: string;
    connectionPassword: string;
    institutionId: string;
    affordabilityId: string;
    emptyAffordabilityId: string;
    enrich: { institution: string; country: string; matchingQuery: string; noMatchQuery: string };
  };
}

export interface RunningIndependent {
  url: string;
  profile: IndependentProfile;
  close(): Promise<void>;
}

export async function startIndependent(
  options: { seed?: number; host?: string; port?: number } = {},
): Promise<RunningIndependent> {
  const world = generateWorld(options.seed ?? 1, new Date());
  const server = await startServer(world, options.host ?? '127.0.0.1', options.port ?? 0);
  const primary = world.partners.find((p) => p.name === 'primary');
  const shortLived = world.partners.find((p) => p.name === 'short-lived');
  if (!primary || !shortLived) throw new Error('seeded world lacks its partners');
  return {
    url: server.url,
    close: () => server.close(),
    profile: {
      baseUrl: server.url,
      apiKey: primary.apiKey,
      version: SUPPORTED_VERSION,
      versionHeader: VERSION_HEADER,
      unsupportedVersion: RETIRED_VERSION,
      // One extra second covers clock granularity between issue and the client's check.
      tokenExpiry: { apiKey: shortLived.apiKey, maxWaitSeconds: shortLived.tokenLifetimeSeconds + 1 },
      readOnly: false,
      fixtures: { ...world.fixtures, enrich: { ...world.fixtures.enrich } },
    },
  };
}
