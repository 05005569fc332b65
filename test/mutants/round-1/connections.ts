/** Round 1, connections. */
import { RANDOM_UUID, api, createUser, guarded, token, updateFixtureConnection } from '../client.ts';
import type { ConnectionList, Job, UserResource } from '../client.ts';
import { arr, obj, queryOf, readJsonObject, route, str, withJson, withQuery } from '../mutant.ts';
import type { JsonObject, Mutant, Target } from '../mutant.ts';

const LIST = /^\/users\/([^/]+)\/connections$/;
const ONE = /^\/users\/([^/]+)\/connections\/([^/]+)$/;

/** Filter by id and institution.id; the answer must hold exactly the matching connections. */
function filterProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const tok = await token(target);
    const { userId, connectionId, institutionId } = target.profile.fixtures;
    const base = `/users/${userId}/connections`;
    const byId = await api(target, `${base}?filter=${encodeURIComponent(`id.eq('${connectionId}')`)}`, tok);
    if (byId.status !== 200) return `filter id.eq answered ${byId.status}`;
    const ids = (byId.json as ConnectionList).data.map((c) => c.id);
    if (ids.length !== 1 || ids[0] !== connectionId) {
      return `filter id.eq('${connectionId}') answered [${ids.join(', ')}]`;
    }
    const none = await api(target, `${base}?filter=${encodeURIComponent(`id.eq('${RANDOM_UUID}')`)}`, tok);
    if (none.status !== 200) return `filter on an unknown id answered ${none.status}`;
    const noneIds = (none.json as ConnectionList).data.map((c) => c.id);
    if (noneIds.length !== 0) return `filter id.eq on an unknown id answered [${noneIds.join(', ')}]`;
    const all = await api(target, base, tok);
    const byInst = await api(
      target,
      `${base}?filter=${encodeURIComponent(`institution.id.eq('${institutionId}')`)}`,
      tok,
    );
    if (all.status !== 200 || byInst.status !== 200) return `listing answered ${all.status}/${byInst.status}`;
    const expected = (all.json as ConnectionList).data
      .filter((c) => c.institution.id === institutionId)
      .map((c) => c.id)
      .sort();
    const got = (byInst.json as ConnectionList).data.map((c) => c.id).sort();
    if (expected.join() !== got.join()) {
      return `filter institution.id.eq('${institutionId}') answered [${got.join(', ')}], expected [${expected.join(', ')}]`;
    }
    return null;
  });
}

/** The update answer and the detail afterwards must not contain the password or credential members. */
function credentialProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const tok = await token(target);
    const { userId, connectionId, connectionPassword } = target.profile.fixtures;
    const update = await updateFixtureConnection(target, tok);
    if (update.status >= 400) return `update answered ${update.status}`;
    const detail = await api(target, `/users/${userId}/connections/${connectionId}`, tok);
    for (const [what, reply] of [
      ['update answer', update],
      ['connection detail', detail],
    ] as const) {
      if (reply.text.includes(connectionPassword)) return `${what} contains the password`;
      if (/"(loginId|password|securityCode)"\s*:/.test(reply.text)) return `${what} has a credential member`;
    }
    return null;
  });
}

/** Answers the fixture connection of another, new user: must not be served. */
function foreignProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const tok = await token(target);
    const { userId, connectionId } = target.profile.fixtures;
    const own = await api(target, `/users/${userId}/connections/${connectionId}`, tok);
    if (own.status !== 200) return `own connection answered ${own.status}`;
    const created = await createUser(target, tok);
    const stranger = (created.json as UserResource).id;
    const foreign = await api(target, `/users/${stranger}/connections/${connectionId}`, tok);
    if (foreign.status < 400)
      return `connection of user ${userId} served under a new user (${foreign.status})`;
    return null;
  });
}

/** connectionId -> userId, learnt from what passed through. */
const owners = new Map<string, string>();
let lastNonEmptyList: JsonObject | undefined;
const passwords = new Map<string, string>();

export const connectionMutants: Mutant[] = [
  {
    name: 'r1-connections-filter-ignored',
    group: 'connections',
    clause: 'Query: `filter` (optional), properties `id`, `status`, `institution.id`.',
    why: 'the filter is accepted but not applied, so every connection comes back whatever it names.',
    async handle(request, forward) {
      if (!route(request, 'GET', LIST)) return forward(request);
      const query = queryOf(request);
      query.delete('filter');
      return forward(withQuery(request, query));
    },
    probe: filterProbe,
  },
  {
    name: 'r1-connections-filter-negated',
    group: 'connections',
    clause: "Expression shape: `<property>.<operator>('<value>')`, the operator `eq` is the one seen.",
    why: 'eq keeps the connections that differ from the value instead of those equal to it.',
    async handle(request, forward) {
      if (!route(request, 'GET', LIST)) return forward(request);
      const query = queryOf(request);
      const match = /^(id|status|institution\.id)\.eq\('([^']*)'\)$/.exec(query.get('filter') ?? '');
      if (!match) return forward(request);
      query.delete('filter');
      const response = await forward(withQuery(request, query));
      const body = readJsonObject(response);
      if (response.status !== 200 || !body) return response;
      const [, property, value] = match;
      const valueOf = (c: JsonObject) =>
        property === 'institution.id' ? obj(c.institution).id : c[property ?? 'id'];
      return withJson(response, { ...body, data: arr(body.data).filter((c) => valueOf(obj(c)) !== value) });
    },
    probe: filterProbe,
  },
  {
    name: 'r1-connections-foreign-detail',
    group: 'connections',
    clause: 'It creates users, and a user holds connections to financial institutions.',
    why: "a connection is served under a user who does not hold it, exposing one user's banking data through another user's path.",
    async handle(request, forward) {
      const one = route(request, 'GET', ONE);
      const response = await forward(request);
      if (one && response.status === 200) owners.set(one[1] ?? '', one[0] ?? '');
      if (!one || response.status < 400) return response;
      const owner = owners.get(one[1] ?? '');
      if (owner === undefined || owner === one[0]) return response;
      return forward({ ...request, path: `/users/${owner}/connections/${one[1] ?? ''}` });
    },
    probe: foreignProbe,
  },
  {
    name: 'r1-connections-empty-list-borrowed',
    group: 'connections',
    clause:
      'Success: 200 with a list (`type`, `data` array of connections, `links.self`); empty array when none.',
    why: 'a user without connections is shown the connections last listed for someone else instead of an empty array.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = readJsonObject(response);
      if (!route(request, 'GET', LIST) || response.status !== 200 || !body) return response;
      if (arr(body.data).length > 0) {
        lastNonEmptyList = body;
        return response;
      }
      return lastNonEmptyList ? withJson(response, { ...body, data: lastNonEmptyList.data }) : response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const own = await api(target, `/users/${target.profile.fixtures.userId}/connections`, tok);
        if (own.status !== 200) return `fixture user's list answered ${own.status}`;
        const created = await createUser(target, tok);
        const stranger = (created.json as UserResource).id;
        const list = await api(target, `/users/${stranger}/connections`, tok);
        if (list.status !== 200) return `a new user's connection list answered ${list.status}`;
        const data = (list.json as ConnectionList).data;
        return Array.isArray(data) && data.length === 0 ? null : `a new user's connection list is not empty`;
      }),
  },
  {
    name: 'r1-connections-update-echoes-password',
    group: 'connections',
    clause: '`loginId`, `password` and `securityCode` are never returned.',
    why: 'the answer to a connection update repeats the password that was sent.',
    async handle(request, forward) {
      const response = await forward(request);
      const sent = readJsonObject(request);
      const body = readJsonObject(response);
      if (
        !route(request, 'POST', ONE) ||
        response.status >= 300 ||
        !body ||
        typeof sent?.password !== 'string'
      ) {
        return response;
      }
      return withJson(response, { ...body, password: sent.password });
    },
    probe: credentialProbe,
  },
  {
    name: 'r1-connections-detail-leaks-password',
    group: 'connections',
    clause: '`loginId`, `password` and `securityCode` are never returned.',
    why: 'after an update the connection detail carries the password last sent for it.',
    async handle(request, forward) {
      const post = route(request, 'POST', ONE);
      const get = route(request, 'GET', ONE);
      const sent = readJsonObject(request);
      const response = await forward(request);
      if (post && typeof sent?.password === 'string' && response.status < 300)
        passwords.set(post[1] ?? '', sent.password);
      const body = readJsonObject(response);
      const password = get ? passwords.get(get[1] ?? '') : undefined;
      if (!get || response.status !== 200 || !body || password === undefined) return response;
      return withJson(response, { ...body, profile: { ...obj(body.profile), password } });
    },
    probe: credentialProbe,
  },
  {
    name: 'r1-connections-invalid-id-answered',
    group: 'connections',
    clause:
      'Success: 200 with a connection including profile, institution and accounts. Error when the identifier is not valid.',
    why: 'a malformed connection identifier is answered with some other connection of the user instead of an error.',
    async handle(request, forward) {
      const one = route(request, 'GET', ONE);
      const response = await forward(request);
      if (!one || response.status < 400) return response;
      const list = await forward({
        ...request,
        path: `/users/${encodeURIComponent(one[0] ?? '')}/connections`,
        query: '',
      });
      const first = str(obj(arr(readJsonObject(list)?.data)[0]).id);
      if (first === undefined) return response;
      return forward({ ...request, path: `/users/${encodeURIComponent(one[0] ?? '')}/connections/${first}` });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(
          target,
          `/users/${target.profile.fixtures.userId}/connections/not-a-connection-id`,
          tok,
        );
        return reply.status >= 400 ? null : `connection id "not-a-connection-id" answered ${reply.status}`;
      }),
  },
  {
    name: 'r1-connections-update-200',
    group: 'connections',
    clause: 'Success: 202 with a job (`type`, `id`, `links.self`).',
    why: 'an accepted connection update is answered 200 where the spec names 202.',
    async handle(request, forward) {
      const response = await forward(request);
      return route(request, 'POST', ONE) && response.status === 202 ? { ...response, status: 200 } : response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await updateFixtureConnection(target, tok);
        if (reply.status !== 202) return `connection update answered ${reply.status}, not 202`;
        const job = reply.json as Job;
        return job.type === 'job' ? null : `connection update answered type ${job.type}`;
      }),
  },
];
