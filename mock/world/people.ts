import { connectUsers } from './connections.ts';
import { history } from './history/history.ts';
import type { BrandedInstitution } from './institutions.ts';
import type { Merchant } from './merchants.ts';
import { places, type Place } from './reference-data.ts';
import type { Random } from './random.ts';
import type { AccountRecord, AffordabilitySnapshot, ConnectionRecord, WorldUser } from './world.ts';

const userCount = 6;

export interface People {
  users: WorldUser[];
  connections: ConnectionRecord[];
  accounts: AccountRecord[];
  affordability: AffordabilitySnapshot[];
}

/**
 * The world's people, in steps: the users and their homes; their connections, with accounts; a snapshot of
 * each user's history. The first user is the fixture's: the busy one.
 */
export function buildPeople(r: Random, institutions: BrandedInstitution[], merchants: Merchant[]): People {
  const keywords = merchants.flatMap((m) => m.record.keywords);
  // A name or a friend's transfer that held a merchant keyword would be enriched as that merchant.
  const clean = (text: string): boolean => {
    const lower = text.toLowerCase();
    return !keywords.some((k) => lower.includes(k));
  };
  const { users, homes } = drawUsers(r, clean);
  const { connections, accounts, institutionOf } = connectUsers(r, users, homes, institutions);

  const affordability = users.map((user, n): AffordabilitySnapshot => {
    const own = accounts.filter((a) => connections.find((c) => c.id === a.connectionId)!.userId === user.id);
    const transactions = history(r, {
      accounts: own,
      busy: n === 0,
      home: homes[n]!,
      merchants,
      clean,
      institutionOf: (account) => institutionOf.get(account.connectionId)!.record.id,
    });
    return { id: r.uuid(), userId: user.id, transactions };
  });
  return { users, connections, accounts, affordability };
}

/** The users, each with a home in Australia; no name holds a merchant keyword. */
function drawUsers(r: Random, clean: (text: string) => boolean): { users: WorldUser[]; homes: Place[] } {
  const users: WorldUser[] = [];
  const homes: Place[] = [];
  for (let n = 0; n < userCount; n++) {
    let firstName: string;
    let lastName: string;
    do {
      firstName = r.faker.person.firstName();
      lastName = r.faker.person.lastName();
    } while (!clean(`${firstName} ${lastName}`));
    users.push({
      id: r.uuid(),
      email: r.faker.internet.email({ firstName, lastName }).toLowerCase(),
      mobile: `+614${r.digits(8)}`,
      firstName,
      lastName,
    });
    homes.push(r.pick(places.filter((p) => p.country === 'AU')));
  }
  return { users, homes };
}
