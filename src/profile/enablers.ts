/**
 * What a user can give that checks need (docs/design.md#exit-codes, 4), each by the profile field that
 * gives it, the name a baseline's `acceptedMissing` lists, with the words every report says it in (a
 * requirement's `enableBy`). A check not exercised for want of one makes its run incomplete, unless the
 * run's baseline accepts going without it.
 */
export const enablers = {
  apiKey: 'FDS_API_KEY, --api-key or the profile’s apiKey',
  'tokenExpiry.apiKey': 'FDS_EXPIRY_API_KEY or the profile’s tokenExpiry.apiKey',
  unsupportedVersion: "the profile's unsupportedVersion",
  'fixtures.userId': "the profile's fixtures.userId",
  'fixtures.connectionId': "the profile's fixtures.connectionId",
  'fixtures.connectionPassword': "the profile's fixtures.connectionPassword",
  'fixtures.institutionId': "the profile's fixtures.institutionId",
  'fixtures.affordabilityId': "the profile's fixtures.affordabilityId",
  'fixtures.enrich': "the profile's fixtures.enrich institution and country",
  'fixtures.enrich.matchingQuery': "the profile's fixtures.enrich.matchingQuery",
  'fixtures.enrich.noMatchQuery': "the profile's fixtures.enrich.noMatchQuery",
} as const;

export type Enabler = keyof typeof enablers;

/**
 * What no baseline accepts going without: a run without an API key exercises next to nothing, and a gate
 * whose secret went missing must not pass on it.
 */
export const neverAccepted: Enabler = 'apiKey';

/** Whether a name is a field of `enablers` (a baseline's `acceptedMissing` entry). */
export function isEnabler(name: string): name is Enabler {
  return Object.hasOwn(enablers, name);
}

/** The field whose words a report gives (`enableBy`), or undefined for words of no field (another version's). */
export function enablerOf(words: string): Enabler | undefined {
  return (Object.keys(enablers) as Enabler[]).find((field) => enablers[field] === words);
}
