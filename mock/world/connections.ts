import { day, iso, now } from './clock.ts';
import { allProfileFields, type BrandedInstitution } from './institutions.ts';
import {
  accountProducts,
  countries,
  type AccountType,
  type InstitutionBrand,
  type Place,
} from './reference-data.ts';
import type { Random } from './random.ts';
import type { AccountRecord, ConnectionRecord, ProfileRecord, WorldUser } from './world.ts';

type ProfileKind = 'full' | 'masked' | 'empty';

export interface Connected {
  connections: ConnectionRecord[];
  accounts: AccountRecord[];
  /** The institution of each connection, by connection id. */
  institutionOf: Map<string, BrandedInstitution>;
}

/**
 * Each user's connections to live Australian personal institutions, with their accounts and profiles. The
 * fixture user gets two: one with a full profile and a transaction, savings and credit-card account, one
 * masked with a mortgage; a couple of other users' connections need their credentials again.
 */
export function connectUsers(
  r: Random,
  users: WorldUser[],
  homes: Place[],
  institutions: BrandedInstitution[],
): Connected {
  const connectable = institutions.filter(
    (i) =>
      i.record.country === 'AU' &&
      i.record.serviceType === 'personal' &&
      i.record.stage === 'live' &&
      i.record.status === 'available',
  );
  const plainLogin = connectable.filter((i) => i.record.features.login.length === 2);
  const fullProfile = plainLogin.filter(
    (i) => i.brand.tier <= '2' && Object.keys(i.record.features.profile).length === allProfileFields.length,
  );

  const connections: ConnectionRecord[] = [];
  const accounts: AccountRecord[] = [];
  const institutionOf = new Map<string, BrandedInstitution>();
  const kinds: ProfileKind[] = [];
  users.forEach((user, n) => {
    let chosen: BrandedInstitution[];
    let accountTypes: AccountType[][];
    if (n === 0) {
      const first = r.pick(fullProfile);
      chosen = [first, r.pick(plainLogin.filter((i) => i !== first))];
      accountTypes = [['transaction', 'savings', 'credit-card'], ['mortgage']];
      kinds.push('full', 'masked');
    } else {
      chosen = r.some(connectable, r.int(1, 2));
      accountTypes = chosen.map((_, k) =>
        k === 0
          ? ['transaction', ...r.some(['savings', 'credit-card'] as const, r.int(0, 2))]
          : r.some(['transaction', 'savings', 'credit-card', 'mortgage', 'loan'] as const, r.int(1, 2)),
      );
      for (const _ of chosen) {
        kinds.push(
          kinds.length === 2
            ? 'empty'
            : kinds.length === 3
              ? 'masked'
              : r.weighted([
                  { weight: 2, value: 'full' as const },
                  { weight: 1, value: 'masked' as const },
                  { weight: 1, value: 'empty' as const },
                ]),
        );
      }
    }
    chosen.forEach((institution, k) => {
      const lastUsed = r.instant(now - 3 * day, now - 3600_000);
      const connection: ConnectionRecord = {
        id: r.uuid(),
        userId: user.id,
        institutionId: institution.record.id,
        status: 'active',
        createdDate: iso(r.instant(now - 700 * day, now - 30 * day)),
        lastUsed: iso(lastUsed),
        mfaEnabled: institution.brand.authorization.startsWith('user-mfa') || r.chance(0.15),
        profile: profile(r, user, institution, kinds[connections.length]!, homes[n]!),
        password: r.faker.internet.password({ length: r.int(10, 16) }),
      };
      connections.push(connection);
      institutionOf.set(connection.id, institution);
      for (const type of accountTypes[k]!) {
        const product = r.pick(accountProducts[type]);
        accounts.push({
          id: r.uuid(),
          connectionId: connection.id,
          accountNo: accountNumber(r, type, institution.brand),
          name: product.name,
          currency: 'AUD',
          balance: '0.00',
          availableFunds: '0.00',
          lastUpdated: connection.lastUsed,
          class: { type, product: product.product },
          status: 'available',
        });
      }
    });
  });
  // A couple of connections elsewhere need their credentials again; the fixture user's stay active.
  for (const c of r.some(
    connections.filter((c) => c.userId !== users[0]!.id),
    2,
  ))
    c.status = 'credentials-invalid';
  return { connections, accounts, institutionOf };
}

function accountNumber(r: Random, type: AccountType, brand: InstitutionBrand): string {
  if (type === 'credit-card') return `${r.pick(['4', '5'])}${r.digits(3)} xxxx xxxx ${r.digits(4)}`;
  return `${brand.bsb ?? r.digits(3)}-${r.digits(3)} ${r.digits(8)}`;
}

function profile(
  r: Random,
  user: WorldUser,
  institution: BrandedInstitution,
  kind: ProfileKind,
  home: Place,
): ProfileRecord {
  if (kind === 'empty') return {};
  const middleName = r.faker.person.middleName();
  const mobile = `0${user.mobile.slice(3)}`; // +61412345678 -> 0412345678
  const [local, domain] = user.email.split('@') as [string, string];
  const routeNo = String(r.int(1, 250));
  const addressLine1 = `${r.chance(0.3) ? `${r.int(1, 40)}/` : ''}${routeNo} ${r.pick(countries.AU.streets)}`;
  const addressLine2 = `${home.suburb} ${home.state} ${home.postcode}`;
  const full: ProfileRecord = {
    fullName: `${user.firstName} ${middleName} ${user.lastName}`,
    firstName: user.firstName,
    lastName: user.lastName,
    middleName,
    phoneNumbers:
      kind === 'masked'
        ? [`04xx xxx ${mobile.slice(7)}`]
        : [`${mobile.slice(0, 4)} ${mobile.slice(4, 7)} ${mobile.slice(7)}`],
    emailAddresses: kind === 'masked' ? [`${local.charAt(0)}*****@${domain}`] : [user.email],
    physicalAddresses: [
      {
        addressLine1,
        addressLine2,
        addressLine3: null,
        postcode: home.postcode,
        city: r.chance(0.7) ? home.suburb : null,
        state: home.state,
        country: 'Australia',
        countryCode: 'AU',
        formattedAddress: `${addressLine1}, ${addressLine2}, Australia`,
      },
    ],
  };
  const offered = new Set(Object.keys(institution.record.features.profile));
  return Object.fromEntries(Object.entries(full).filter(([key]) => offered.has(key))) as ProfileRecord;
}
