import { Faker, en, en_AU } from '@faker-js/faker';
import { worldCurrentMonth, worldNow } from './clock.ts';
import { buildInstitutions } from './institutions.ts';
import { buildMerchants } from './merchants.ts';
import { buildPeople } from './people.ts';
import { Random } from './random.ts';
import type { AffordabilitySnapshot, World, WorldJob } from './world.ts';

/** The world as stored in fixtures/world/world.json: pretty-printed, so that a change reads as a diff. */
export function serializeWorld(world: World): string {
  return `${JSON.stringify(world, null, 2)}\n`;
}

/**
 * A world built only from the seed: the same seed gives the same world, byte for byte. Its steps, in the
 * order they draw: institutions (institutions.ts), merchants (merchants.ts), then the people (people.ts):
 * users, their connections and accounts (connections.ts), and each one's transaction history (history/).
 */
export function generateWorld(seed: number): World {
  const faker = new Faker({ locale: [en_AU, en] });
  faker.seed(seed);
  faker.setDefaultRefDate(worldNow);
  const r = new Random(faker);

  const institutions = buildInstitutions(r);
  const merchants = buildMerchants(r);
  const people = buildPeople(r, institutions, merchants);

  const fixtureUser = people.users[0]!;
  const fixtureConnection = people.connections.find((c) => c.userId === fixtureUser.id)!;
  const otherConnection = people.connections.find((c) => c.userId !== fixtureUser.id)!;
  // Drawn last, so the rest of the world is what the seed gave before it existed.
  const emptySnapshot: AffordabilitySnapshot = { id: r.uuid(), userId: fixtureUser.id, transactions: [] };
  // Drawn after it, for the same reason: the update that last used the fixture connection.
  const finishedJob: WorldJob = {
    id: r.uuid(),
    userId: fixtureUser.id,
    connectionId: fixtureConnection.id,
    created: fixtureConnection.lastUsed,
  };
  return {
    seed,
    currentMonth: worldCurrentMonth,
    institutions: institutions.map((i) => i.record),
    merchants: merchants.map((m) => m.record),
    users: people.users,
    connections: people.connections,
    accounts: people.accounts,
    affordability: [...people.affordability, emptySnapshot],
    jobs: [finishedJob],
    fixture: {
      userId: fixtureUser.id,
      connectionId: fixtureConnection.id,
      connectionPassword: fixtureConnection.password,
      jobId: finishedJob.id,
      affordabilityId: people.affordability[0]!.id,
      emptyAffordabilityId: emptySnapshot.id,
      institutionId: fixtureConnection.institutionId,
      otherUserId: otherConnection.userId,
      otherConnectionId: otherConnection.id,
    },
  };
}
