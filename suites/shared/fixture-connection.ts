import { api, runSettings } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';

/**
 * The fixture connection: the profile's fixture ids, the paths of the fixture user's connections and the
 * update of a connection with the fixture password. Shared by the users, connections and jobs suites:
 * here rather than in the connections group's support so no group's suite imports another's.
 */

/** The fixtures a check declared in its needs; absent ones are caught by `needs` before the body runs. */
export function fixture(name: 'userId' | 'connectionId' | 'connectionPassword'): string {
  return runSettings().profile.fixtures[name] ?? '';
}

export function connectionsPath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}/connections`;
}

export function connectionPath(userId: string, connectionId: string): string {
  return `${connectionsPath(userId)}/${encodeURIComponent(connectionId)}`;
}

/**
 * POST /users/{user.id}/connections/{connection.id} with the fixture password: a fresh job each call. The
 * password is an end user's bank password, masked like the API key in all the run writes, as every
 * credential a request sends is (src/http/http-client.ts).
 */
export function updateFixtureConnection(connectionId = fixture('connectionId')): Promise<Exchange> {
  return api().post(connectionPath(fixture('userId'), connectionId), {
    password: fixture('connectionPassword'),
  });
}
