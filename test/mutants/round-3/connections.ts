/** Connection mutants. */
import { api, guarded, token } from '../client.ts';
import type { ConnectionList } from '../client.ts';
import { arr, obj, queryOf, readJsonObject, route, withJson, withQuery } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { RANDOM_UUID } from '../client.ts';
import { connectionDetail, listConnections, rewriteSuccess, sideJson } from './util.ts';

const listRoute = (request: MutantRequest) => route(request, 'GET', /^\/users\/([^/]+)\/connections$/);
const detailRoute = (request: MutantRequest) =>
  route(request, 'GET', /^\/users\/([^/]+)\/connections\/([^/]+)$/);

const listStatusStale: Mutant = {
  name: 'r3-connections-list-status-stale',
  group: 'connections',
  clause: '| status | string | validity of the connection |',
  why: 'in the list every connection after the first shows the opposite validity of what its own retrieval shows at the same moment.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!listRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      arr(body.data).forEach((item, index) => {
        const connection = obj(item);
        if (index >= 1) connection.status = connection.status === 'active' ? 'invalid' : 'active';
      });
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId } = target.profile.fixtures;
      for (const item of await listConnections(target, tok, userId)) {
        const detail = await connectionDetail(target, tok, userId, item.id);
        if (detail.status !== item.status) {
          return `connection ${item.id} is ${item.status} in the list but ${detail.status} on retrieval`;
        }
      }
      return null;
    }),
};

const statusFilterDropsLast: Mutant = {
  name: 'r3-connections-status-filter-drops-last',
  group: 'connections',
  clause: 'Query: `filter` (optional), properties `id`, `status`, `institution.id`.',
  why: 'a status filter leaves out the last of the connections it matches whenever it matches two or more.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!listRoute(request) || !(queryOf(request).get('filter') ?? '').startsWith('status.')) return response;
    return rewriteSuccess(response, (body) => {
      const data = arr(body.data);
      if (data.length >= 2) body.data = data.slice(0, -1);
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId } = target.profile.fixtures;
      const all = await listConnections(target, tok, userId);
      for (const status of new Set(all.map((c) => c.status))) {
        const expected = all.filter((c) => c.status === status).map((c) => c.id);
        const filter = encodeURIComponent(`status.eq('${status}')`);
        const reply = await api(target, `/users/${userId}/connections?filter=${filter}`, tok);
        if (reply.status !== 200) return `status filter answered ${reply.status}`;
        const got = (reply.json as ConnectionList).data.map((c) => c.id);
        const missing = expected.filter((id) => !got.includes(id));
        if (missing.length > 0 || got.length !== expected.length) {
          return `status.eq('${status}') returns ${got.length} connections, ${expected.length} have that status`;
        }
      }
      return null;
    }),
};

const filterNoMatchUnfiltered: Mutant = {
  name: 'r3-connections-filter-no-match-unfiltered',
  group: 'connections',
  clause:
    'Success: 200 with a list (`type`, `data` array of connections, `links.self`); empty array when none.',
  why: 'when the filter matches nothing the whole unfiltered list is returned instead of an empty array.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!listRoute(request) || !queryOf(request).has('filter') || response.status !== 200) return response;
    const body = readJsonObject(response);
    if (body === undefined || !Array.isArray(body.data) || body.data.length > 0) return response;
    const query = queryOf(request);
    query.delete('filter');
    const unfiltered = await forward(withQuery(request, query));
    const all = readJsonObject(unfiltered);
    if (unfiltered.status !== 200 || all === undefined) return response;
    return withJson(response, { ...body, data: all.data });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId } = target.profile.fixtures;
      const filter = encodeURIComponent(`id.eq('${RANDOM_UUID}')`);
      const reply = await api(target, `/users/${userId}/connections?filter=${filter}`, tok);
      if (reply.status !== 200) return `id filter answered ${reply.status}`;
      const data = (reply.json as ConnectionList).data;
      if (data.length > 0) return `id.eq of an id no connection has returns ${data.length} connections`;
      return null;
    }),
};

const detailInstitutionOfFirst: Mutant = {
  name: 'r3-connections-detail-institution-of-first',
  group: 'connections',
  clause: 'Success: 200 with a connection including profile, institution and accounts.',
  why: "retrieving any connection but the user's first shows the first connection's institution, not its own (the list shows the right one).",
  async handle(request, forward) {
    const response = await forward(request);
    const params = detailRoute(request);
    if (!params || response.status !== 200) return response;
    const list = await sideJson(forward, request, `/users/${params[0] ?? ''}/connections`);
    const first = obj(arr(list?.data)[0]);
    if (first.id === undefined || first.id === params[1]) return response;
    return rewriteSuccess(response, (body) => {
      body.institution = first.institution;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId } = target.profile.fixtures;
      for (const item of await listConnections(target, tok, userId)) {
        const detail = await connectionDetail(target, tok, userId, item.id);
        if (detail.institution.id !== item.institution.id) {
          return `connection ${item.id} is at ${item.institution.id} in the list but at ${detail.institution.id} on retrieval`;
        }
      }
      return null;
    }),
};

const accountsBareArray: Mutant = {
  name: 'r3-connections-accounts-bare-array',
  group: 'connections',
  clause: 'on single retrieval: list envelope (`type` `list`, `data` array of accounts)',
  why: 'a connection holding two or more accounts embeds them as a bare array, without the list envelope.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!detailRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      const data = arr(obj(body.accounts).data);
      if (data.length >= 2) body.accounts = data;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { userId } = target.profile.fixtures;
      for (const item of await listConnections(target, tok, userId)) {
        const reply = await api(target, `/users/${userId}/connections/${item.id}`, tok);
        const accounts = obj(obj(reply.json).accounts);
        if (reply.status !== 200 || accounts.type !== 'list' || !Array.isArray(accounts.data)) {
          return `connection ${item.id} does not embed its accounts in a list envelope`;
        }
      }
      return null;
    }),
};

export const connectionMutants: Mutant[] = [
  listStatusStale,
  statusFilterDropsLast,
  filterNoMatchUnfiltered,
  detailInstitutionOfFirst,
  accountsBareArray,
];
