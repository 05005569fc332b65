/** Round 2, institutions. */
import { api, guarded, token } from '../client.ts';
import type { Institution } from '../client.ts';
import { arr, errorResponse, isObject, obj, queryOf, route, str, withQuery } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { editJson, fetchJson, filterQuery, listInstitutions, ok } from './helpers.ts';

const isList = (request: MutantRequest): boolean => route(request, 'GET', /^\/institutions\/?$/) !== null;
const detailRoute = (request: MutantRequest) => route(request, 'GET', /^\/institutions\/([^/]+)\/?$/);

const COMPARED = [
  'name',
  'shortName',
  'country',
  'tier',
  'stage',
  'status',
  'serviceType',
  'institutionType',
];

export const institutionMutants: Mutant[] = [
  {
    name: 'r2-institutions-totalcount-short',
    group: 'institutions',
    clause:
      'Institution list envelope: `type` (`list`), `totalCount` (number), `data` (array of institutions).',
    why: 'totalCount is one less than the number of institutions the same answer lists, so it counts fewer than it returns.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isList(request)) return response;
      return editJson(response, (body) => {
        if (Array.isArray(body.data)) body.totalCount = body.data.length - 1;
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const list = await listInstitutions(target, tok);
        if (typeof list.totalCount !== 'number' || list.totalCount < list.data.length)
          return `totalCount ${String(list.totalCount)} is below the ${list.data.length} institutions listed`;
        return null;
      }),
  },
  {
    name: 'r2-institutions-servicetype-filter-ignored',
    group: 'institutions',
    clause:
      'Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported.',
    why: 'a filter on serviceType is dropped while the other properties still filter, so institutions of every service type come back.',
    handle(request, forward) {
      if (!isList(request)) return forward(request);
      const query = queryOf(request);
      const kept = query.getAll('filter').filter((f) => !/^\s*servicetype\b/i.test(f));
      query.delete('filter');
      for (const f of kept) query.append('filter', f);
      return forward(withQuery(request, query));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const none = await listInstitutions(
          target,
          tok,
          filterQuery("serviceType.eq('No Such Service Type')"),
        );
        if (none.data.length !== 0)
          return `serviceType.eq('No Such Service Type') kept ${none.data.length} institutions`;
        const all = await listInstitutions(target, tok);
        const value = all.data[0]?.serviceType;
        if (value === undefined) return 'the catalogue is empty';
        const some = await listInstitutions(target, tok, filterQuery(`serviceType.eq('${value}')`));
        const wanted = all.data.filter((i) => i.serviceType === value).length;
        if (some.data.some((i) => i.serviceType !== value) || some.data.length !== wanted)
          return `serviceType.eq('${value}') did not keep exactly the ${wanted} institutions of that service type`;
        return null;
      }),
  },
  {
    name: 'r2-institutions-detail-name-of-neighbour',
    group: 'institutions',
    clause: 'Institutions are listed and retrieved from a catalogue.',
    why: 'retrieving one institution gives it the name and short name of the next catalogue entry, so the single retrieval disagrees with the list.',
    async handle(request, forward) {
      const response = await forward(request);
      if (detailRoute(request) === null || !ok(response.status)) return response;
      const list = arr(obj(await fetchJson(forward, request, '/institutions')).data).filter(isObject);
      return editJson(response, (body) => {
        const at = list.findIndex((i) => str(i.id) === str(body.id));
        const neighbour = list[(at + 1) % list.length];
        if (at === -1 || neighbour === undefined || list.length < 2) return;
        body.name = neighbour.name;
        body.shortName = neighbour.shortName;
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { institutionId } = target.profile.fixtures;
        const entry = (await listInstitutions(target, tok)).data.find((i) => i.id === institutionId);
        if (entry === undefined) return `institution ${institutionId} is not in the list`;
        const reply = await api(target, `/institutions/${encodeURIComponent(institutionId)}`, tok);
        if (reply.status !== 200) return `institution ${institutionId} answered ${reply.status}`;
        const single = reply.json as Record<string, unknown>;
        const listed = entry as unknown as Record<string, unknown>;
        for (const field of COMPARED)
          if (JSON.stringify(single[field]) !== JSON.stringify(listed[field]))
            return `${field} is ${JSON.stringify(single[field])} on retrieval but ${JSON.stringify(listed[field])} in the list`;
        return null;
      }),
  },
  {
    name: 'r2-institutions-ne-refused',
    group: 'institutions',
    clause: 'only `eq` and `ne` are supported',
    why: 'a filter with the ne operator, one of the two supported, is refused as an invalid parameter.',
    handle(request, forward) {
      if (
        isList(request) &&
        queryOf(request)
          .getAll('filter')
          .some((f) => /\.\s*ne\s*\(/i.test(f))
      )
        return Promise.resolve(
          errorResponse(400, 'parameter-not-valid', 'Operator ne is not supported.', 'filter'),
        );
      return forward(request);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, `/institutions?${filterQuery("country.ne('ZZ')")}`, tok);
        if (reply.status !== 200) return `filter country.ne('ZZ') was answered ${reply.status}`;
        const all = await listInstitutions(target, tok);
        const data = (reply.json as { data?: Institution[] }).data ?? [];
        if (data.length !== all.data.length)
          return `country.ne('ZZ') kept ${data.length} of ${all.data.length} institutions`;
        return null;
      }),
  },
  {
    name: 'r2-institutions-entry-duplicated',
    group: 'institutions',
    clause: 'Institutions are listed and retrieved from a catalogue.',
    why: 'the list carries the first catalogue entry twice, so one institution is listed as two.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isList(request)) return response;
      return editJson(response, (body) => {
        const data = arr(body.data);
        const first: unknown = data[0];
        if (first === undefined) return;
        body.data = [...data, first];
        if (typeof body.totalCount === 'number') body.totalCount += 1;
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const seen = new Set<string>();
        for (const institution of (await listInstitutions(target, tok)).data) {
          if (seen.has(institution.id)) return `institution ${institution.id} is listed twice`;
          seen.add(institution.id);
        }
        return null;
      }),
  },
];
