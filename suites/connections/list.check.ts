import { expectRefused } from '../../src/checks/error-list.ts';
import { check } from '../../src/checks/check.ts';
import { describeRequest, expectStatus, expectThat, Failure } from '../../src/checks/failures.ts';
import { expectResource, violationsOf } from '../../src/checks/resource.ts';
import { api } from '../../src/checks/run-context.ts';
import { formatViolations } from '../../src/validation/validator.ts';
import { createUser, freshEmail } from '../shared/users.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { unknownId } from '../shared/identifiers.ts';
import { connectionsPath, fixture } from '../shared/fixture-connection.ts';
import { fixtureConnection, fixtureConnections } from './support.ts';

// Spec: Endpoints > GET {base_url}/users/{user.id}/connections — "Success: 200 with a list (`type`,
// `data` array of connections, `links.self`); empty array when none."

check(
  'GET /users/{user.id}/connections answers 200 with a list: type, a data array of connections and links.self',
  ['CONN-01'],
  async () => {
    const exchange = await fixtureConnections();
    expectStatus(exchange, 200);
    // The envelope's type value is not stated for this list (CONN-02 checks "list"); here it must only be there.
    const violations = violationsOf(exchange.response.body, 'connection-list').filter(
      (v) => !(v.pointer === '/type' && v.found !== '(absent)'),
    );
    if (violations.length > 0)
      throw new Failure(
        `${describeRequest(exchange)}: not a valid connection list:\n${formatViolations(violations)}`,
        exchange,
      );
    const type = (exchange.response.body as { type?: unknown }).type;
    expectThat(
      typeof type === 'string',
      `expected type to be a string, got ${JSON.stringify(type)}`,
      exchange,
    );
  },
  { needs: ['userId'] },
);

check(
  'The connections list\'s type is "list"',
  ['CONN-02'],
  async () => {
    const exchange = await fixtureConnections();
    expectStatus(exchange, 200);
    expectResource(exchange, 'connection-list', ['/type']);
  },
  { needs: ['userId'] },
);

check(
  'The connections list holds every connection of its user: the fixture connection, which its single retrieval answers, is in the unfiltered list',
  ['CONN-41'],
  async () => {
    const [list, detail] = await Promise.all([fixtureConnections(), fixtureConnection()]);
    if (detail.response?.status !== 200)
      throw new NotExercised(
        `the fixture connection's own retrieval answered ${detail.response?.status ?? detail.failure}, so the list cannot be held to it (CONN-09)`,
      );
    const data = (list.response?.body as { data?: unknown } | null | undefined)?.data;
    // A list that is not 200 with a data array is CONN-01's failure.
    expectThat(
      list.response?.status === 200 && Array.isArray(data),
      `expected 200 with a data array of connections, got ${list.response?.status ?? list.failure}`,
      list,
      'CONN-01',
    );
    const wanted = fixture('connectionId');
    const ids = data.map((item) => (item as { id?: unknown } | null)?.id);
    expectThat(
      ids.includes(wanted),
      `the connection ${wanted}, which GET /users/{user.id}/connections/{connection.id} answers, is not among the ${ids.length} connection(s) of the list: [${ids.join(', ')}]`,
      list,
    );
  },
  { needs: ['userId', 'connectionId'] },
);

check(
  'GET /users/{user.id}/connections for a user without connections answers 200 with an empty data array',
  ['CONN-03'],
  async () => {
    const created = await createUser({ email: freshEmail('no-connections') });
    expectStatus(created, 201);
    const id = (created.response.body as { id?: unknown }).id;
    expectThat(typeof id === 'string' && id !== '', 'the created user carries no id', created);
    const exchange = await api().get(connectionsPath(id));
    expectStatus(exchange, 200);
    const data = (exchange.response.body as { data?: unknown } | null)?.data;
    expectThat(
      Array.isArray(data) && data.length === 0,
      `expected an empty data array for a user just created, got ${JSON.stringify(data)}`,
      exchange,
    );
  },
  { needs: ['write'] },
);

check(
  'GET /users/{user.id}/connections for an unknown user is refused with an error list, or answered 200 with an empty list',
  ['CONN-08'],
  async () => {
    const exchange = await api().get(connectionsPath(unknownId('user')));
    // A well-formed id that names nobody may be read as a user without connections (AMB-CONN-10).
    if (exchange.response?.status !== 200) return expectRefused(exchange);
    const data = (exchange.response.body as { data?: unknown } | null)?.data;
    expectThat(
      Array.isArray(data) && data.length === 0,
      `expected a refusal, or an empty data array, for a user nobody created; got ${JSON.stringify(data)?.slice(0, 200)}`,
      exchange,
    );
  },
);
