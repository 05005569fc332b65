import { check } from '../../src/checks/check.ts';
import { refusalStatuses } from '../../src/checks/error-list.ts';
import { expectStatus } from '../../src/checks/findings.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api } from '../../src/checks/run-context.ts';
import { connectionPath, expectRefused, fixture, unknownId, updateFixtureConnection } from './support.ts';

// Spec: Endpoints > POST {base_url}/users/{user.id}/connections/{connection.id} — body `password`
// "required; the user's new or old institution password"; "Success: 202 with a job (`type`, `id`,
// `links.self`)." Refusals show no status: any 4xx with an error list.

const needs = {
  needs: ['write' as const, 'userId' as const, 'connectionId' as const, 'connectionPassword' as const],
};

check(
  'POST /users/{user.id}/connections/{connection.id} with the password answers 202',
  ['CONN-31'],
  async () => {
    expectStatus(await updateFixtureConnection(), 202);
  },
  needs,
);

check(
  'The body of a connection update\'s 202 is a job with type "job", an id string and links.self',
  ['CONN-32'],
  async () => {
    const exchange = await updateFixtureConnection();
    expectStatus(exchange, 202);
    expectResource(exchange, 'job', ['/type', '/id', '/links/self']);
  },
  needs,
);

check(
  'POST /users/{user.id}/connections/{connection.id} without a password is refused with an error list',
  ['CONN-33', 'ERR-11'],
  async () => {
    const path = connectionPath(fixture('userId'), fixture('connectionId'));
    // The conditions of securityCode and secondaryLoginId are not shown; neither stands in for the password.
    const exchanges = await Promise.all([api().post(path, {}), api().post(path, { securityCode: '123456' })]);
    for (const exchange of exchanges) expectRefused(exchange, refusalStatuses.invalidInput);
  },
  { needs: ['write', 'userId', 'connectionId'] },
);

check(
  'POST /users/{user.id}/connections/{connection.id} for an unknown connection is refused with an error list',
  ['CONN-34'],
  async () => {
    expectRefused(await updateFixtureConnection(unknownId('connection')));
  },
  needs,
);

/** Bodies that are not JSON at all, sent as application/json: one cut short, one plain text. */
const notJson = ['{"password": ', 'not json'];

check(
  'POST /users/{user.id}/connections/{connection.id} with a body that is not JSON is refused with a 4xx error list, never answered 2xx or 5xx',
  ['CONN-35', 'ERR-11'],
  async () => {
    const path = connectionPath(fixture('userId'), fixture('connectionId'));
    const exchanges = await Promise.all(
      notJson.map((body) =>
        api().authorized({ method: 'POST', path, body, headers: { 'content-type': 'application/json' } }),
      ),
    );
    for (const exchange of exchanges) expectRefused(exchange, refusalStatuses.invalidInput);
  },
  { needs: ['write', 'userId', 'connectionId'] },
);
