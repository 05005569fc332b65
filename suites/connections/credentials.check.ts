import { check } from '../../src/checks/check.ts';
import { expectStatus } from '../../src/checks/findings.ts';
import { updateFixtureConnection } from '../shared/fixture-connection.ts';
import { connectionDetails, expectNoCredentials, fixtureConnections } from './support.ts';

// Spec: Resources and their fields > Connection — "`loginId`, `password` and `securityCode` are never
// returned." Searched at any depth of the body.

check(
  'No connection response, list or single retrieval, carries loginId, password or securityCode',
  ['CONN-21'],
  async () => {
    const [list, details] = await Promise.all([fixtureConnections(), connectionDetails()]);
    for (const exchange of [list, ...details]) {
      expectStatus(exchange, 200);
      expectNoCredentials(exchange);
    }
  },
  { needs: ['userId', 'connectionId'] },
);

check(
  'The response to a connection update carries no loginId, password or securityCode',
  ['CONN-21'],
  async () => {
    const exchange = await updateFixtureConnection();
    expectNoCredentials(exchange);
  },
  { needs: ['write', 'userId', 'connectionId', 'connectionPassword'] },
);
