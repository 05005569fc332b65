import { expectRefused } from '../../src/checks/error-list.ts';
import { check } from '../../src/checks/check.ts';
import { describeRequest, expectStatus, expectThat } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { expectRule } from '../../src/checks/rule.ts';
import { answersConnectionAsked } from '../../src/rules/connections.ts';
import { api } from '../../src/checks/run-context.ts';
import { NotExercised } from '../../src/checks/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { invalidIds, unknownId, unknownIdOfForm } from '../shared/identifiers.ts';
import { connectionPath, connectionsPath, fixture } from '../shared/fixture-connection.ts';
import { linkNames } from '../shared/links.ts';
import { connectionDetails, fixtureConnections } from './support.ts';

// Spec: Endpoints > GET {base_url}/users/{user.id}/connections/{connection.id} — "Success: 200 with a
// connection including profile, institution and accounts. Error when the identifier is not valid."

check(
  'GET /users/{user.id}/connections/{connection.id} answers 200 with the connection, including profile, institution and accounts',
  ['CONN-09'],
  async () => {
    for (const exchange of await connectionDetails()) {
      expectStatus(exchange, 200);
      expectResource(exchange, 'connection-detail');
    }
  },
  { needs: ['userId', 'connectionId'] },
);

/** The connection id a single retrieval named: the last segment of its path. */
function requestedId(exchange: Exchange): string {
  return decodeURIComponent(new URL(exchange.request.url).pathname.split('/').at(-1) ?? '');
}

check(
  'GET /users/{user.id}/connections/{connection.id} answers the connection of that id, for each connection of the fixture user',
  ['CONN-40'],
  async () => {
    // A retrieval that is not 200, or whose body carries no id string, is CONN-09's or CONN-11's to fail.
    const judged = (await connectionDetails()).filter(
      (exchange) =>
        exchange.response?.status === 200 &&
        typeof (exchange.response.body as { id?: unknown } | null)?.id === 'string',
    );
    if (judged.length === 0)
      throw new NotExercised('no single retrieval answered 200 with a connection id to compare');
    for (const exchange of judged)
      expectRule(answersConnectionAsked(exchange.response?.body, requestedId(exchange)), exchange);
  },
  { needs: ['userId', 'connectionId'] },
);

check(
  'GET /users/{user.id}/connections/{connection.id} for an unknown connection is refused with an error list',
  ['CONN-10'],
  async () => {
    // One of the run's own, and one of the fixture connection's form, which a service that refuses a
    // malformed id first must look up (unknownIdOfForm).
    const formed = unknownIdOfForm(fixture('connectionId'));
    for (const id of [unknownId('connection'), ...(formed ? [formed] : [])])
      expectRefused(await api().get(connectionPath(fixture('userId'), id)));
  },
  { needs: ['userId'] },
);

check(
  'GET /users/{user.id}/connections/{connection.id} for an id no connection could have (quotes, a NUL, 300 characters) is refused with a 4xx error list, never a 5xx',
  ['CONN-10', 'ERR-11'],
  async () => {
    const userId = fixture('userId');
    const exchanges = await Promise.all(
      invalidIds('connection').map((id) => api().get(connectionPath(userId, id))),
    );
    for (const exchange of exchanges) expectRefused(exchange);
  },
  { needs: ['userId'] },
);

check(
  "A connection's institution.id names an institution of the list: GET /institutions/{institution.id} answers 200",
  ['CONN-17'],
  async () => {
    const bodies = [await fixtureConnections(), ...(await connectionDetails())].flatMap((exchange) => {
      const body = exchange.response?.body as { data?: unknown } | null | undefined;
      return Array.isArray(body?.data) ? body.data : [body];
    });
    const ids = new Set(
      bodies
        .map((c) => (c as { institution?: { id?: unknown } } | null)?.institution?.id)
        .filter((id): id is string => typeof id === 'string' && id !== ''),
    );
    if (ids.size === 0) throw new NotExercised('no connection names an institution id to look up');
    const exchanges = await Promise.all(
      [...ids].slice(0, 10).map((id) => api().get(`/institutions/${encodeURIComponent(id)}`)),
    );
    for (const exchange of exchanges) expectStatus(exchange, 200);
  },
  { needs: ['userId', 'connectionId'] },
);

check(
  "A connection's links.self names no other connection of the user, and its institution.links.self no other institution, in the list and retrieved singly; each list entry's links.institution, followed as given, answers its institution",
  ['CONN-46'],
  async () => {
    const [list, details, catalogue] = await Promise.all([
      fixtureConnections(),
      connectionDetails(),
      api().get('/institutions'),
    ]);
    const listed = (list.response?.body as { data?: unknown } | null | undefined)?.data;
    const judged = [
      ...(Array.isArray(listed) ? listed.map((connection) => ({ connection, exchange: list })) : []),
      ...details.map((exchange) => ({ connection: exchange.response?.body, exchange })),
    ];
    const idsOf = (items: unknown) =>
      (Array.isArray(items) ? items : [])
        .map((item) => (item as { id?: unknown } | null)?.id)
        .filter((id): id is string => typeof id === 'string' && id !== '');
    const connectionIds = idsOf(listed);
    const institutionIds = idsOf((catalogue.response?.body as { data?: unknown } | null | undefined)?.data);
    for (const { connection, exchange } of judged) {
      const { id, links, institution } = (connection ?? {}) as {
        id?: unknown;
        links?: { self?: unknown };
        institution?: { id?: unknown; links?: { self?: unknown } };
      };
      // A body without an id is not a connection to judge (CONN-11's or CONN-09's finding).
      if (typeof id !== 'string') continue;
      const namedConnections = connectionIds.filter((other) => other !== id && linkNames(links?.self, other));
      expectThat(
        namedConnections.length === 0,
        `connection ${String(id)}'s links.self (${String(links?.self)}) names the connection ${namedConnections.join(', ')}`,
        exchange,
      );
      const self = institution?.links?.self;
      const namedInstitutions = institutionIds.filter(
        (other) => other !== institution?.id && linkNames(self, other),
      );
      expectThat(
        namedInstitutions.length === 0,
        `connection ${String(id)}'s institution ${String(institution?.id)} has a links.self (${String(self)}) naming the institution ${namedInstitutions.join(', ')}`,
        exchange,
      );
    }
    // "the list form also has `institution`": the link to the entry's institution, which its institution.id
    // names. Followed once per distinct link; a missing link is CONN-20's, one to another origin not followed.
    const followed = new Map<string, string>();
    for (const item of Array.isArray(listed) ? listed : []) {
      const { id, links, institution } = (item ?? {}) as {
        id?: unknown;
        links?: { institution?: unknown };
        institution?: { id?: unknown };
      };
      if (typeof links?.institution !== 'string' || typeof institution?.id !== 'string') continue;
      if (followed.get(links.institution) === institution.id) continue;
      followed.set(links.institution, institution.id);
      const answer = await api().get(links.institution);
      if (answer.failure?.startsWith('refused to follow')) continue;
      const answered = (answer.response?.body as { id?: unknown } | null | undefined)?.id;
      expectThat(
        answer.response?.status === 200 && answered === institution.id,
        `connection ${String(id)} of the list is to institution ${institution.id}, and its links.institution (${links.institution}) answers ${answer.response?.status ?? answer.failure} with the id ${JSON.stringify(answered)}`,
        answer,
      );
    }
  },
  { needs: ['userId', 'connectionId'] },
);

check(
  "No account is embedded in two of the user's connections retrieved singly",
  ['CONN-47'],
  async () => {
    const owners = new Map<string, string>();
    const details = (await connectionDetails()).filter((exchange) => exchange.response?.status === 200);
    if (details.length < 2)
      throw new NotExercised('fewer than two connections of the fixture user were retrieved to compare');
    for (const exchange of details) {
      const { id, accounts } = (exchange.response?.body ?? {}) as {
        id?: unknown;
        accounts?: { data?: unknown };
      };
      const data = Array.isArray(accounts?.data) ? (accounts.data as { id?: unknown }[]) : [];
      for (const account of data) {
        if (typeof account?.id !== 'string') continue;
        const earlier = owners.get(account.id);
        expectThat(
          earlier === undefined || earlier === id,
          `account ${account.id} is embedded in connection ${String(id)} and in connection ${String(earlier)}`,
          exchange,
        );
        owners.set(account.id, String(id));
      }
    }
  },
  { needs: ['userId', 'connectionId'] },
);

check(
  'A connection retrieved singly has the institution and createdDate of its entry in the list, and its status where the lists before and after the retrieval agree on it',
  ['CONN-48'],
  async () => {
    const [list, details] = await Promise.all([fixtureConnections(), connectionDetails()]);
    // The list again once every retrieval has answered: a status both lists give was the status all along.
    const after = await api().get(connectionsPath(fixture('userId')));
    type Shown = { id?: unknown; institution?: { id?: unknown }; createdDate?: unknown; status?: unknown };
    const byId = (exchange: Exchange) => {
      const listed = (exchange.response?.body as { data?: unknown } | null | undefined)?.data;
      const shown = new Map<string, Shown>();
      for (const item of Array.isArray(listed) ? listed : []) {
        const entry = (item ?? {}) as Shown;
        if (typeof entry.id === 'string') shown.set(entry.id, entry);
      }
      return shown;
    };
    const listedAs = byId(list);
    const listedAfter = byId(after);
    // One instant written two ways is the same createdDate; a value that is no timestamp is CONN-12's.
    const instant = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);
    let compared = 0;
    for (const exchange of details) {
      const { id, institution, createdDate, status } = (exchange.response?.body ?? {}) as Shown;
      const inList = typeof id === 'string' ? listedAs.get(id) : undefined;
      if (exchange.response?.status !== 200 || !inList) continue;
      compared++;
      expectThat(
        institution?.id === inList.institution?.id,
        `connection ${String(id)} is to institution ${JSON.stringify(institution?.id)} retrieved singly, and to ${JSON.stringify(inList.institution?.id)} in the list`,
        exchange,
      );
      const [retrieved, listedAt] = [instant(createdDate), instant(inList.createdDate)];
      expectThat(
        Number.isNaN(retrieved) || Number.isNaN(listedAt) || retrieved === listedAt,
        `connection ${String(id)} was created ${String(createdDate)} retrieved singly, and ${String(inList.createdDate)} in the list`,
        exchange,
      );
      // status may change between two requests: judged only where the list before and after agree, and not
      // on the fixture connection, whose updates by the run's other checks may pass through other statuses.
      const steady =
        typeof id === 'string' &&
        id !== fixture('connectionId') &&
        listedAfter.get(id)?.status === inList.status;
      expectThat(
        !steady || typeof status !== 'string' || status === inList.status,
        `connection ${String(id)} is ${JSON.stringify(status)} retrieved singly, and ${JSON.stringify(inList.status)} in the lists sent before and after (${describeRequest(after)})`,
        exchange,
      );
    }
    if (compared === 0)
      throw new NotExercised('no connection retrieved singly was also in the list to compare');
  },
  { needs: ['userId', 'connectionId'] },
);
