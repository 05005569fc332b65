import type { AddressInfo } from 'node:net';
import { ROUTES } from './routes/index.ts';
import { createApiServer } from './server/http.ts';
import { buildWorld } from './world/build.ts';
import { BASE_PATH, CURRENT_VERSION, RETIRED_EXAMPLE, VERSION_HEADER } from './world/world.ts';

export interface LenientProfile {
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

export interface RunningLenient {
  /** Origin of the server (no path prefix); the API itself lives at profile.baseUrl. */
  url: string;
  profile: LenientProfile;
  close(): Promise<void>;
}

export async function startLenient(
  options: { seed?: number; host?: string; port?: number } = {},
): Promise<RunningLenient> {
  const { world, fixtures } = buildWorld(options.seed ?? 1);
  const server = createApiServer(world, ROUTES);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${hostPart}:${address.port}`;
  let closing: Promise<void> | null = null;
  return {
    url,
    profile: {
      baseUrl: `${url}${BASE_PATH}`,
      apiKey: fixtures.apiKey,
      version: CURRENT_VERSION,
      versionHeader: VERSION_HEADER,
      unsupportedVersion: RETIRED_EXAMPLE,
      tokenExpiry: { apiKey: fixtures.expiringApiKey, maxWaitSeconds: 4 },
      readOnly: false,
      fixtures: {
        userId: fixtures.userId,
        connectionId: fixtures.connectionId,
        connectionPassword: fixtures.connectionPassword,
        institutionId: fixtures.institutionId,
        affordabilityId: fixtures.affordabilityId,
        emptyAffordabilityId: fixtures.emptyAffordabilityId,
        enrich: fixtures.enrich,
      },
    },
    close() {
      // Idempotent; drops keep-alive sockets so close() never waits on idle clients.
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
