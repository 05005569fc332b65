import { check } from '../../src/checks/check.ts';
import { expectRefused, refusalStatuses } from '../../src/checks/error-list.ts';
import { expectStatus, expectStatusOf } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api } from '../../src/checks/run-context.ts';
import { unknownId } from '../shared/identifiers.ts';
import { connectionPath, fixture, updateFixtureConnection } from '../shared/fixture-connection.ts';

// Spec: Endpoints > POST {base_url}/users/{user.id}/connections/{connection.id} — body `password`
// "required; the user's new or old institution password"; "Success: 202 with a job (`type`, `id`,
// `links.self`)." Refusals show no status: any 4xx with an error list.

const needs = {
  needs: ['write' as const, 'userId' as const, 'connectionId' as const, 'connectionPassword' as const],
};

/**
 * A security code sent beside a missing or mistyped password. It is a credential, so the run masks it
 * in all it writes (docs/design.md#secrets-never-leave-the-process): words of the suite's own, where
 * digits would mask the digits of a phone number or an amount.
 */
const securityCode = 'fds-security-code';

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
  ['CONN-32', 'CONN-31'],
  async () => {
    const exchange = await updateFixtureConnection();
    // Another status breaks CONN-31, and leaves the body of a 202 unseen.
    expectStatusOf('CONN-31', exchange, 202);
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
    // Why invalid under every reading: the body table marks password required.
    const exchanges = await Promise.all([api().post(path, {}), api().post(path, { securityCode })]);
    for (const exchange of exchanges) expectRefused(exchange, refusalStatuses.invalidInput);
  },
  { needs: ['write', 'userId', 'connectionId'] },
);

check(
  'POST /users/{user.id}/connections/{connection.id} with a password that is not a string (null, an array, an object), alone or beside a securityCode and a secondaryLoginId, is refused with an error list',
  ['CONN-38', 'ERR-11'],
  async () => {
    const path = connectionPath(fixture('userId'), fixture('connectionId'));
    const others = { securityCode, secondaryLoginId: 'fds-secondary-login' };
    // Why invalid under every reading: password is required and typed string; null is no password, and no
    // JSON binding reads an array or an object as a string (a number or an empty string may be a password
    // to some service, so neither is sent). The members beside it do not stand in for it.
    const bodies = [
      { password: null },
      { password: null, ...others },
      { password: ['fds-not-a-password'], securityCode: others.securityCode },
      { password: { value: 'fds-not-a-password' }, ...others },
    ];
    const exchanges = await Promise.all(bodies.map((body) => api().post(path, body)));
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

/**
 * Bodies that are not JSON at all, sent as application/json: one cut short, one plain text. Why invalid
 * under every reading: the body is JSON ("Body (JSON)").
 */
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
