import type { Rng } from '../util/prng.ts';
import type { InstitutionRecord } from './types.ts';

/** Fictional banks; the seed decides which attributes each one gets. */
const NAMES: ReadonlyArray<readonly [string, string, string]> = [
  ['Harbour City Bank', 'Harbour', 'AU'],
  ['Wattle Mutual', 'Wattle', 'AU'],
  ['Southern Cross Credit Union', 'SCCU', 'AU'],
  ['Outback Savings Bank', 'Outback', 'AU'],
  ['Coral Coast Building Society', 'Coral', 'AU'],
  ['Kauri Bank', 'Kauri', 'NZ'],
  ['Tasman Trust', 'Tasman', 'NZ'],
  ['Thames Street Bank', 'Thames', 'GB'],
  ['Pennine Building Society', 'Pennine', 'GB'],
  ['Lantern Digital Bank', 'Lantern', 'AU'],
  ['Eucalypt Business Bank', 'Eucalypt', 'AU'],
  ['Test Bank (sandbox)', 'Sandbox', 'AU'],
];

const TYPES = ['Bank', 'Credit Union', 'Building Society', 'Test Bank'] as const;
const SERVICE_TYPES = ['Personal Banking', 'Business Banking'] as const;
const STAGES = ['live', 'beta', 'alpha'] as const;
const STATUSES = ['operational', 'under-maintenance', 'major-outage'] as const;
const AUTHS = ['user', 'user-mfa', 'other'] as const;
const METHODS = ['web', 'pdf', 'open-banking', 'csv'] as const;

function methods(rng: Rng): string[] {
  const first = rng.pick(METHODS);
  return rng.chance(0.3) ? [first, rng.pick(METHODS.filter((m) => m !== first))] : [first];
}

export function buildInstitutions(rng: Rng): InstitutionRecord[] {
  return NAMES.map(([name, shortName, country], index): InstitutionRecord => {
    const id = `ins-${country.toLowerCase()}-${String(index + 1).padStart(3, '0')}`;
    const verify = rng.int(800, 6000);
    const accounts = rng.int(500, 4000);
    const transactions = rng.int(2000, 30000);
    const meta = rng.int(100, 900);
    const withProfile = rng.chance(0.7);
    return {
      id,
      name,
      shortName,
      institutionType: index === NAMES.length - 1 ? 'Test Bank' : rng.pick(TYPES.slice(0, 3)),
      country,
      serviceName: rng.chance(0.5) ? 'Internet Banking' : `${shortName} Online`,
      serviceType: rng.pick(SERVICE_TYPES),
      loginIdCaption: rng.pick(['Customer ID', 'Login ID', 'Username', 'Client number']),
      passwordCaption: rng.pick(['Password', 'PIN', 'Passcode']),
      tier: String(rng.int(1, 4)),
      authorization: rng.pick(AUTHS),
      features: {
        login: rng.chance(0.5) ? ['loginId', 'password'] : ['loginId', 'password', 'securityCode'],
        accounts: { accountNo: methods(rng), name: methods(rng), status: methods(rng) },
        transactions: { status: methods(rng), description: methods(rng) },
        profile: withProfile
          ? { fullName: methods(rng), firstName: methods(rng) }
          : ({} as Record<string, string[]>),
      },
      forgottenPasswordUrl: `https://${shortName.toLowerCase()}.bank.invalid/forgot-password`,
      // The first two institutions are pinned so list filters always have both outcomes.
      stage: index === 0 ? 'live' : index === 1 ? 'beta' : rng.pick(STAGES),
      status: index === 0 ? 'operational' : index === 1 ? 'under-maintenance' : rng.pick(STATUSES),
      stats: {
        averageDurationMs: {
          verifyCredentials: verify,
          retrieveAccounts: accounts,
          retrieveTransactions: transactions,
          retrieveMeta: meta,
          total: verify + accounts + transactions + meta,
        },
      },
      logo: {
        type: 'image',
        colors: rng.chance(0.6)
          ? {
              primary: `#${rng.token(6, '0123456789abcdef')}`,
              secondary: `#${rng.token(6, '0123456789abcdef')}`,
            }
          : null,
        links: {
          square: `https://cdn.lenient.invalid/institutions/${id}/square.svg`,
          full: `https://cdn.lenient.invalid/institutions/${id}/full.png`,
        },
      },
    };
  });
}
