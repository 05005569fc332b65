import { defaultApiKey, shortLivedApiKey } from './options.ts';
import type { RunningMock } from './server.ts';
import { partnerApiKeys } from './test-credentials.ts';

/**
 * The profile (docs/design.md#profile) that points the suite at a running mock: its own API keys, a key
 * whose tokens live seconds so expiry is exercised, the keys of its partners in the states the spec names,
 * and fixtures taken from its world.
 */
export function mockProfile(mock: RunningMock) {
  const { world, options } = mock;
  const { fixture } = world;
  const merchant = world.merchants.find((m) => m.country === 'AU' && m.logo.master !== null);
  const shortLifetime = options.apiKeys[shortLivedApiKey];
  const fixtureConnections = new Set(
    world.connections.filter((c) => c.userId === fixture.userId).map((c) => c.id),
  );
  return {
    baseUrl: mock.url,
    apiKey: defaultApiKey,
    version: options.supportedVersions[0] ?? '2.0',
    versionHeader: options.versionHeader,
    ...(options.unsupportedVersions[0] ? { unsupportedVersion: options.unsupportedVersions[0] } : {}),
    ...(shortLifetime
      ? { tokenExpiry: { apiKey: shortLivedApiKey, maxWaitSeconds: shortLifetime + 5 } }
      : {}),
    readOnly: false,
    fixtures: {
      userId: fixture.userId,
      connectionId: fixture.connectionId,
      connectionPassword: fixture.connectionPassword,
      institutionId: fixture.institutionId,
      affordabilityId: fixture.affordabilityId,
      emptyAffordabilityId: fixture.emptyAffordabilityId,
      otherUserId: fixture.otherUserId,
      otherConnectionId: fixture.otherConnectionId,
      enrich: {
        institution: fixture.institutionId,
        country: 'AU',
        matchingQuery: `EFTPOS ${merchant?.keywords[0]?.toUpperCase() ?? 'WOOLWORTHS'} 1234 SYDNEY AU`,
        noMatchQuery: 'ZXQV UNKNOWN PAYEE 000',
      },
      accountIds: world.accounts.filter((a) => fixtureConnections.has(a.connectionId)).map((a) => a.id),
      jobId: fixture.jobId,
      disabledPartnerApiKey: partnerApiKeys.disabled,
      deletedPartnerApiKey: partnerApiKeys.deleted,
      nonEnrichPartnerApiKey: partnerApiKeys.nonEnrich,
    },
  };
}
