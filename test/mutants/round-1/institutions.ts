/** Round 1, institutions. */
import { api, guarded, token } from '../client.ts';
import type { Institution, InstitutionList } from '../client.ts';
import { arr, obj, queryOf, readJsonObject, route, str, withJson, withQuery } from '../mutant.ts';
import type { Mutant, Target } from '../mutant.ts';

const LIST = /^\/institutions$/;
const ONE = /^\/institutions\/([^/]+)$/;
const PROPERTIES = ['country', 'tier', 'serviceType', 'institutionType', 'stage'] as const;

/** For every filter property, eq and ne on the first institution's value select what they should. */
function filterProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const tok = await token(target);
    const all = await api(target, '/institutions', tok);
    if (all.status !== 200) return `GET /institutions answered ${all.status}`;
    const institutions = (all.json as InstitutionList).data;
    const first = institutions[0];
    if (first === undefined) return 'the catalogue is empty';
    for (const property of PROPERTIES) {
      const value = first[property];
      for (const operator of ['eq', 'ne'] as const) {
        const expected = institutions
          .filter((i) => (operator === 'eq' ? i[property] === value : i[property] !== value))
          .map((i) => i.id)
          .sort();
        const filter = `${property}.${operator}('${value}')`;
        const reply = await api(target, `/institutions?filter=${encodeURIComponent(filter)}`, tok);
        if (reply.status !== 200) return `filter ${filter} answered ${reply.status}`;
        const got = (reply.json as InstitutionList).data.map((i) => i.id).sort();
        if (got.join() !== expected.join()) {
          return `filter ${filter} answered ${got.length} institutions, ${expected.length} match`;
        }
      }
    }
    return null;
  });
}

/** Every institution of the list, read by its id and by its self link, is that institution. */
function retrievalProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const tok = await token(target);
    const all = await api(target, '/institutions', tok);
    if (all.status !== 200) return `GET /institutions answered ${all.status}`;
    for (const institution of (all.json as InstitutionList).data) {
      const byId = await api(target, `/institutions/${encodeURIComponent(institution.id)}`, tok);
      if (byId.status !== 200) return `GET /institutions/${institution.id} answered ${byId.status}`;
      const got = byId.json as Institution;
      if (got.id !== institution.id)
        return `GET /institutions/${institution.id} answered institution ${got.id}`;
      for (const link of [institution.links.self, got.links.self]) {
        const bySelf = await api(target, link, tok);
        const selfId = (bySelf.json as Institution | undefined)?.id;
        if (bySelf.status !== 200 || selfId !== institution.id) {
          return `links.self of ${institution.id} (${link}) answered ${bySelf.status} ${String(selfId)}`;
        }
      }
    }
    return null;
  });
}

export const institutionMutants: Mutant[] = [
  {
    name: 'r1-institutions-ne-as-eq',
    group: 'institutions',
    clause: 'only `eq` and `ne` are supported',
    why: 'ne is applied as eq, so "not equal" returns exactly the institutions it should exclude.',
    async handle(request, forward) {
      if (!route(request, 'GET', LIST)) return forward(request);
      const query = queryOf(request);
      const filter = query.get('filter');
      if (filter === null) return forward(request);
      query.set('filter', filter.replace(/\.ne\(/, '.eq('));
      return forward(withQuery(request, query));
    },
    probe: filterProbe,
  },
  {
    name: 'r1-institutions-filter-ignored',
    group: 'institutions',
    clause:
      'Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`',
    why: 'the filter is accepted but not applied, so the whole catalogue comes back whatever it selects.',
    async handle(request, forward) {
      if (!route(request, 'GET', LIST)) return forward(request);
      const query = queryOf(request);
      query.delete('filter');
      return forward(withQuery(request, query));
    },
    probe: filterProbe,
  },
  {
    name: 'r1-institutions-get-answers-first',
    group: 'institutions',
    clause: 'Institutions are listed and retrieved from a catalogue.',
    why: 'GET /institutions/{institution.id} answers the first institution of the catalogue instead of the one named.',
    async handle(request, forward) {
      const one = route(request, 'GET', ONE);
      const response = await forward(request);
      if (!one || response.status !== 200) return response;
      const list = await forward({ ...request, path: '/institutions', query: '' });
      const first = arr(readJsonObject(list)?.data)[0];
      return first === undefined ? response : withJson(response, first);
    },
    probe: retrievalProbe,
  },
  {
    name: 'r1-institutions-self-link-to-list',
    group: 'institutions',
    clause:
      'Every resource carries a `type` field naming its kind, and most carry a `links` object with a `self` member.',
    why: "an institution's self link points at the catalogue list instead of at the institution itself.",
    async handle(request, forward) {
      const response = await forward(request);
      const body = readJsonObject(response);
      if (!body || response.status !== 200) return response;
      const toList = (value: unknown) => {
        const institution = obj(value);
        const links = obj(institution.links);
        const self = str(links.self);
        return self === undefined
          ? value
          : { ...institution, links: { ...links, self: self.replace(/\/[^/]+$/, '') } };
      };
      if (route(request, 'GET', LIST))
        return withJson(response, { ...body, data: arr(body.data).map(toList) });
      if (route(request, 'GET', ONE)) return withJson(response, toList(body));
      return response;
    },
    probe: retrievalProbe,
  },
  {
    name: 'r1-institutions-invalid-id-answered',
    group: 'institutions',
    clause: 'Success: 200 with an institution. Error when the identifier is not valid.',
    why: 'a malformed institution identifier is answered 200 with the first institution instead of an error.',
    async handle(request, forward) {
      const one = route(request, 'GET', ONE);
      const response = await forward(request);
      if (!one || response.status < 400) return response;
      const list = await forward({ ...request, path: '/institutions', query: '' });
      const first = arr(readJsonObject(list)?.data)[0];
      return first === undefined ? response : { ...withJson(response, first), status: 200 };
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, '/institutions/not-an-institution', tok);
        return reply.status >= 400 ? null : `GET /institutions/not-an-institution answered ${reply.status}`;
      }),
  },
];
