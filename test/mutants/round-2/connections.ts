/** Round 2, connections. */
import { api, call, createUser, guarded, token } from '../client.ts';
import type { Connection, ConnectionList, UserResource } from '../client.ts';
import {
  arr,
  errorResponse,
  isObject,
  obj,
  queryOf,
  readJson,
  readJsonObject,
  route,
  str,
  withJson,
  withQuery,
} from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest } from '../mutant.ts';
import {
  accountsByConnection,
  connectionDetail,
  editJson,
  fetchJson,
  filterQuery,
  listConnections,
  listInstitutions,
  ok,
  resolve,
} from './helpers.ts';
import { isCreateUser } from './users.ts';

const listRoute = (request: MutantRequest) => route(request, 'GET', /^\/users\/([^/]+)\/connections\/?$/);
const detailRoute = (request: MutantRequest) =>
  route(request, 'GET', /^\/users\/([^/]+)\/connections\/([^/]+)\/?$/);
const updateRoute = (request: MutantRequest) =>
  route(request, 'POST', /^\/users\/([^/]+)\/connections\/([^/]+)\/?$/);

const createdUsers = new Set<string>();

function connectionProperty(connection: JsonObject, property: string): string {
  if (property === 'institution.id') return str(obj(connection.institution).id) ?? '';
  return str(connection[property]) ?? '';
}

export const connectionMutants: Mutant[] = [
  {
    name: 'r2-connections-institution-filter-ignored',
    group: 'connections',
    clause: 'Query: `filter` (optional), properties `id`, `status`, `institution.id`.',
    why: 'a filter on institution.id is dropped while id and status filters still work, so every connection comes back whatever institution is named.',
    handle(request, forward) {
      if (listRoute(request) === null) return forward(request);
      const query = queryOf(request);
      const kept = query.getAll('filter').filter((f) => !/^\s*institution\.id\b/i.test(f));
      query.delete('filter');
      for (const f of kept) query.append('filter', f);
      return forward(withQuery(request, query));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const all = await listConnections(target, tok);
        const held = new Set(all.data.map((c) => c.institution.id));
        const other = (await listInstitutions(target, tok)).data.find((i) => !held.has(i.id));
        if (other === undefined) return 'no institution outside the fixture user’s connections to filter on';
        const none = await listConnections(target, tok, filterQuery(`institution.id.eq('${other.id}')`));
        if (none.data.length !== 0)
          return `filter institution.id.eq('${other.id}') kept ${none.data.length} connections of other institutions`;
        const first = all.data[0];
        if (first === undefined) return 'the fixture user has no connection';
        const some = await listConnections(
          target,
          tok,
          filterQuery(`institution.id.eq('${first.institution.id}')`),
        );
        if (some.data.some((c) => c.institution.id !== first.institution.id))
          return 'filter institution.id.eq kept a connection of another institution';
        return null;
      }),
  },
  {
    name: 'r2-connections-filter-eq-prefix',
    group: 'connections',
    clause: "Expression shape: `<property>.<operator>('<value>')`, the operator `eq` is the one seen.",
    why: 'eq keeps the connections whose value starts with the one given, so a truncated id matches a connection it is not equal to.',
    async handle(request, forward) {
      if (listRoute(request) === null) return forward(request);
      const query = queryOf(request);
      const filters = query.getAll('filter');
      const match =
        filters.length === 1
          ? /^\s*(id|status|institution\.id)\.eq\(\s*'([^']*)'\s*\)\s*$/i.exec(filters[0] ?? '')
          : null;
      if (match === null) return forward(request);
      const property = (match[1] ?? '').toLowerCase();
      const value = match[2] ?? '';
      query.delete('filter');
      const response = await forward(withQuery(request, query));
      return editJson(response, (body) => {
        const data = arr(body.data).filter(
          (c) => isObject(c) && connectionProperty(c, property).startsWith(value),
        );
        body.data = data;
        if (typeof body.count === 'number') body.count = data.length;
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const all = await listConnections(target, tok);
        const first = all.data[0];
        if (first === undefined) return 'the fixture user has no connection';
        const prefix = first.id.slice(0, -1);
        if (all.data.some((c) => c.id === prefix)) return null;
        const list = await listConnections(target, tok, filterQuery(`id.eq('${prefix}')`));
        if (list.data.length !== 0)
          return `filter id.eq('${prefix}') kept connection ${list.data[0]?.id ?? ''}, whose id is not equal to it`;
        return null;
      }),
  },
  {
    name: 'r2-connections-list-self-rotated',
    group: 'connections',
    clause:
      'Every resource carries a `type` field naming its kind, and most carry a `links` object with a `self` member.',
    why: "in the connection list each connection's links.self points at the next connection of the user, not at itself.",
    async handle(request, forward) {
      const response = await forward(request);
      if (listRoute(request) === null) return response;
      return editJson(response, (body) => {
        const data = arr(body.data).filter(isObject);
        if (data.length < 2) return;
        const selves = data.map((c) => obj(c.links).self);
        data.forEach((c, i) => {
          obj(c.links).self = selves[(i + 1) % selves.length];
        });
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        for (const connection of (await listConnections(target, tok)).data) {
          const reply = await call(target, resolve(target, connection.links.self), { token: tok });
          const id = (reply.json as Partial<Connection> | undefined)?.id;
          if (reply.status !== 200 || id !== connection.id)
            return `links.self of connection ${connection.id} leads to ${String(id)} (${reply.status})`;
        }
        return null;
      }),
  },
  {
    name: 'r2-connections-institution-link-mismatch',
    group: 'connections',
    clause: '| institution | object | `type`, `id`, `links.self` |',
    why: "the single connection's institution.links.self points at another catalogue entry than institution.id names.",
    async handle(request, forward) {
      const response = await forward(request);
      if (detailRoute(request) === null || !ok(response.status)) return response;
      const body = readJson(response);
      if (!isObject(body)) return response;
      const institution = obj(body.institution);
      const list = obj(await fetchJson(forward, request, '/institutions'));
      const other = arr(list.data)
        .filter(isObject)
        .find((i) => str(i.id) !== undefined && str(i.id) !== str(institution.id));
      const otherSelf = other === undefined ? undefined : str(obj(other.links).self);
      if (otherSelf === undefined) return response;
      obj(institution.links).self = otherSelf;
      return withJson(response, body);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const detail = await connectionDetail(target, tok, target.profile.fixtures.connectionId);
        const reply = await call(target, resolve(target, detail.institution.links.self), { token: tok });
        const id = (reply.json as { id?: string } | undefined)?.id;
        if (reply.status !== 200 || id !== detail.institution.id)
          return `institution.links.self leads to ${String(id)} (${reply.status}) while institution.id is ${detail.institution.id}`;
        return null;
      }),
  },
  {
    name: 'r2-connections-accounts-merged',
    group: 'connections',
    clause: 'Connections expose accounts and transactions.',
    why: 'a single connection lists the accounts of every connection of the user, so accounts appear under connections that do not hold them.',
    async handle(request, forward) {
      const captured = detailRoute(request);
      const response = await forward(request);
      if (captured === null || !ok(response.status)) return response;
      const body = readJson(response);
      if (!isObject(body)) return response;
      const user = captured[0] ?? '';
      const list = obj(await fetchJson(forward, request, `/users/${encodeURIComponent(user)}/connections`));
      const own = obj(body.accounts);
      const merged = [...arr(own.data)];
      for (const c of arr(list.data).filter(isObject)) {
        const id = str(c.id);
        if (id === undefined || id === str(body.id)) continue;
        const other = obj(
          await fetchJson(
            forward,
            request,
            `/users/${encodeURIComponent(user)}/connections/${encodeURIComponent(id)}`,
          ),
        );
        merged.push(...arr(obj(other.accounts).data));
      }
      own.data = merged;
      return withJson(response, body);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const owner = new Map<string, string>();
        for (const [connection, accounts] of await accountsByConnection(target, tok)) {
          for (const account of accounts) {
            const before = owner.get(account);
            if (before !== undefined && before !== connection)
              return `account ${account} is listed under connections ${before} and ${connection}`;
            owner.set(account, connection);
          }
        }
        return null;
      }),
  },
  {
    name: 'r2-connections-update-without-password-accepted',
    group: 'connections',
    clause: "required; the user's new or old institution password",
    why: 'a connection update with no password is accepted (the proxy fills one in), although password is required.',
    handle(request, forward) {
      const body = updateRoute(request) === null ? undefined : readJsonObject(request);
      if (body === undefined || (typeof body.password === 'string' && body.password !== ''))
        return forward(request);
      return forward(withJson(request, { ...body, password: 'filled-in-by-mutant' }));
    },
    probe: (target) =>
      guarded(async () => {
        const { fixtures } = target.profile;
        const tok = await token(target);
        const reply = await api(
          target,
          `/users/${fixtures.userId}/connections/${fixtures.connectionId}`,
          tok,
          {
            method: 'POST',
            body: { securityCode: '123456' },
          },
        );
        if (ok(reply.status)) return `a connection update without password was accepted (${reply.status})`;
        return null;
      }),
  },
  {
    name: 'r2-connections-new-user-404',
    group: 'connections',
    clause:
      'Success: 200 with a list (`type`, `data` array of connections, `links.self`); empty array when none.',
    why: 'listing the connections of a freshly created user, who has none, is answered 404 instead of 200 with an empty array.',
    async handle(request, forward) {
      if (isCreateUser(request)) {
        const response = await forward(request);
        const id = str(obj(readJson(response)).id);
        if (ok(response.status) && id !== undefined) createdUsers.add(id);
        return response;
      }
      const captured = listRoute(request);
      if (captured !== null && createdUsers.has(captured[0] ?? ''))
        return errorResponse(404, 'resource-not-found', 'The user has no connections.', 'user.id');
      return forward(request);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const created = await createUser(target, tok);
        if (created.status !== 201) return `user creation answered ${created.status}`;
        const user = created.json as UserResource;
        const reply = await api(target, `/users/${encodeURIComponent(user.id)}/connections`, tok);
        const list = reply.json as Partial<ConnectionList> | undefined;
        if (reply.status !== 200) return `the connections of a new user were answered ${reply.status}`;
        if (!Array.isArray(list?.data) || list.data.length !== 0)
          return 'the connections of a new user are not an empty array';
        return null;
      }),
  },
];
