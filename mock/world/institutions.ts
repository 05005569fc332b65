import { institutionBrands, type InstitutionBrand } from './reference-data.ts';
import type { Random } from './random.ts';
import type { InstitutionRecord } from './world.ts';

/** An institution record with the brand it was made from: the generator picks fixtures, MFA and account numbers by the brand. */
export interface BrandedInstitution {
  record: InstitutionRecord;
  brand: InstitutionBrand;
}

export const allProfileFields = [
  'fullName',
  'firstName',
  'lastName',
  'middleName',
  'phoneNumbers',
  'emailAddresses',
  'physicalAddresses',
];

function features(brand: InstitutionBrand): InstitutionRecord['features'] {
  const major = brand.tier === '1' || brand.tier === '2' || brand.no === 0;
  const get = (fields: string[]): Record<string, string[]> =>
    Object.fromEntries(fields.map((field) => [field, ['get']]));
  const accountFields = ['accountNo', 'name', 'balance', 'availableFunds', 'currency', 'class', 'status'];
  const transactionFields = ['description', 'amount', 'balance', 'direction', 'class', 'status', 'postDate'];
  const profileFields = major
    ? allProfileFields
    : brand.tier === '3'
      ? ['fullName', 'firstName', 'lastName', 'phoneNumbers', 'emailAddresses']
      : ['fullName', 'firstName', 'lastName'];
  return {
    login: ['loginId', 'password', ...(brand.login ?? [])],
    accounts: get(
      major ? [...accountFields, 'lastUpdated', 'accountHolder'] : [...accountFields, 'lastUpdated'],
    ),
    transactions: get(brand.tier === '4' ? transactionFields : [...transactionFields, 'transactionDate']),
    profile: get(profileFields),
  };
}

/** Every institution of the reference brands, a personal and a business service where the brand has one; a few in beta or under maintenance. */
export function buildInstitutions(r: Random): BrandedInstitution[] {
  const institutions: BrandedInstitution[] = [];
  for (const brand of institutionBrands) {
    for (const serviceType of ['personal', 'business'] as const) {
      const serviceName = brand[serviceType];
      if (serviceName === undefined) continue;
      const id = `${brand.country}${String(brand.no * 100 + (serviceType === 'business' ? 1 : 0)).padStart(5, '0')}`;
      const verifyCredentials = r.int(2500, 14000);
      const retrieveAccounts = r.int(1500, 9000);
      const retrieveTransactions = r.int(4000, 45000);
      const retrieveMeta = r.int(800, 6000);
      const assets = `https://assets.fds-mock.example/institutions/${id}`;
      institutions.push({
        brand,
        record: {
          id,
          name: serviceType === 'business' ? `${brand.name} (Business)` : brand.name,
          shortName: brand.shortName,
          institutionType: brand.institutionType,
          country: brand.country,
          serviceName,
          serviceType,
          loginIdCaption: brand.loginIdCaption,
          passwordCaption: brand.passwordCaption,
          tier: brand.tier,
          authorization: brand.authorization,
          features: features(brand),
          forgottenPasswordUrl: `https://www.${brand.domain}/${r.pick(['forgotten-password', 'reset-password', 'help/forgotten-login-details', 'online-banking/forgot-password'])}`,
          stage: 'live',
          status: 'available',
          stats: {
            averageDurationMs: {
              verifyCredentials,
              retrieveAccounts,
              retrieveTransactions,
              retrieveMeta,
              total: verifyCredentials + retrieveAccounts + retrieveTransactions + retrieveMeta,
            },
          },
          logo: {
            type: 'image',
            colors: brand.color === null ? null : { primary: brand.color },
            links: {
              square: `${assets}/square.png`,
              full: `${assets}/full.${r.chance(0.7) ? 'svg' : 'png'}`,
            },
          },
        },
      });
    }
  }
  // Beta and maintenance stay away from the tier 1 banks, which are the fixture's pool, and the demo bank.
  const eligible = institutions.filter((i) => i.brand.tier !== '1' && i.brand.no !== 0);
  const beta = r.some(eligible, r.int(2, 3));
  for (const i of beta) i.record.stage = 'beta';
  const maintenance = r.some(
    eligible.filter((i) => !beta.includes(i)),
    r.int(2, 3),
  );
  for (const i of maintenance) i.record.status = 'under-maintenance';
  return institutions;
}
