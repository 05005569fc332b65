import { expectThat } from '../../src/checks/failures.ts';
import { expectRule } from '../../src/checks/rule.ts';
import { carriesNoCredentials } from '../../src/rules/connections.ts';
import { api, perRun } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { connectionPath, connectionsPath, fixture } from '../shared/fixture-connection.ts';

/**
 * The connections suite's own machinery: the fixture user's connections and their retrieval, and the
 * search for credentials in a body.
 */

/**
 * The properties the connections list filters on ("properties `id`, `status`, `institution.id`"), in the
 * suite's own words: test/operations/spec-facts.test.ts holds them to the operations table.
 */
export const filterProperties = ['id', 'status', 'institution.id'] as const;

/** GET of the fixture user's connections, sent once per worker and shared by the checks that read it. */
export function fixtureConnections(): Promise<Exchange> {
  return perRun('connections:fixture-list', () => api().get(connectionsPath(fixture('userId'))));
}

/** The data array of the fixture user's list; a check that needs connections is not exercised without. */
export async function fixtureConnectionItems(): Promise<{ exchange: Exchange; items: unknown[] }> {
  const exchange = await fixtureConnections();
  expectThat(
    exchange.response?.status === 200,
    `expected 200 with the fixture user's connections, got ${exchange.response?.status ?? exchange.failure}`,
    exchange,
  );
  const data = (exchange.response?.body as { data?: unknown } | undefined)?.data;
  expectThat(Array.isArray(data), 'expected a data array of connections', exchange);
  // Not a finding: the profile promises a user with connections, and this one has none.
  if (data.length === 0) throw new NotExercised('the fixture user has no connections to filter');
  return { exchange, items: data };
}

/** GET of the fixture connection, sent once per worker. */
export function fixtureConnection(): Promise<Exchange> {
  return perRun('connections:fixture-detail', () =>
    api().get(connectionPath(fixture('userId'), fixture('connectionId'))),
  );
}

/** Fails when the body carries a credential; the message names where, never the value. */
export function expectNoCredentials(exchange: Exchange): void {
  expectRule(carriesNoCredentials(exchange.response?.body), exchange);
}

/** Most connections whose single retrieval the field checks read. */
const detailLimit = 10;

/**
 * GET of each connection of the fixture user (the fixture connection first, then the others of the list,
 * at most ten in all), sent once per worker: field checks then cover every connection the profile exposes.
 */
export function connectionDetails(): Promise<Exchange[]> {
  return perRun('connections:details', async () => {
    const userId = fixture('userId');
    const list = await fixtureConnections();
    const data = (list.response?.body as { data?: unknown } | undefined)?.data;
    const listed = Array.isArray(data)
      ? data
          .map((c) => (c as { id?: unknown } | null)?.id)
          .filter((id): id is string => typeof id === 'string')
      : [];
    const ids = [...new Set([fixture('connectionId'), ...listed])]
      .filter((id) => id !== '')
      .slice(0, detailLimit);
    return Promise.all(
      ids.map((id) =>
        id === fixture('connectionId') ? fixtureConnection() : api().get(connectionPath(userId, id)),
      ),
    );
  });
}
