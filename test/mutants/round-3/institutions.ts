/** Institution catalogue mutants. */
import { api, guarded, token } from '../client.ts';
import type { Institution, InstitutionList } from '../client.ts';
import type { Target } from '../mutant.ts';
import { arr, errorResponse, obj, queryOf, readJsonObject, route, withQuery } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { rewriteSuccess } from './util.ts';

const listRoute = (request: MutantRequest) => route(request, 'GET', /^\/institutions$/);
const detailRoute = (request: MutantRequest) => route(request, 'GET', /^\/institutions\/([^/]+)$/);
const FILTER = /^([A-Za-z.]+)\.(eq|ne)\('([^']*)'\)$/;

async function catalogue(target: Target, tok: string, filter?: string): Promise<Institution[]> {
  const path = filter === undefined ? '/institutions' : `/institutions?filter=${encodeURIComponent(filter)}`;
  const reply = await api(target, path, tok);
  if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`);
  return (reply.json as InstitutionList).data;
}

const sameIds = (a: Institution[], b: Institution[]) =>
  a.length === b.length && a.every((x) => b.some((y) => y.id === x.id));

const neLeaksOne: Mutant = {
  name: 'r3-institutions-ne-leaks-one',
  group: 'institutions',
  clause: 'only `eq` and `ne` are supported',
  why: 'a ne filter lets through one institution that has the excluded value (the first of the catalogue), so ne does not exclude it.',
  async handle(request, forward) {
    const response = await forward(request);
    const match = listRoute(request) ? FILTER.exec(queryOf(request).get('filter') ?? '') : null;
    if (!match || match[2] !== 'ne' || response.status !== 200) return response;
    const [, property = '', , value = ''] = match;
    const query = queryOf(request);
    query.delete('filter');
    const all = readJsonObject(await forward(withQuery(request, query)));
    const leaked = arr(all?.data).find((item) => obj(item)[property] === value);
    if (leaked === undefined) return response;
    return rewriteSuccess(response, (body) => {
      body.data = [...arr(body.data), leaked];
      if (typeof body.totalCount === 'number') body.totalCount += 1;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const all = await catalogue(target, tok);
      const country = all[0]?.country;
      if (country === undefined) return 'the catalogue is empty';
      const got = await catalogue(target, tok, `country.ne('${country}')`);
      const wrong = got.find((i) => i.country === country);
      if (wrong) return `country.ne('${country}') returns ${wrong.id}, whose country is ${country}`;
      if (
        !sameIds(
          got,
          all.filter((i) => i.country !== country),
        )
      )
        return `country.ne('${country}') misses institutions`;
      return null;
    }),
};

const maintenanceHiddenInDetail: Mutant = {
  name: 'r3-institutions-maintenance-hidden-in-detail',
  group: 'institutions',
  clause: 'Institutions are listed and retrieved from a catalogue.',
  why: 'an institution the list shows under-maintenance is retrieved as operational, so list and retrieval disagree about the same catalogue entry.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!detailRoute(request)) return response;
    return rewriteSuccess(response, (body) => {
      if (body.status === 'under-maintenance') body.status = 'operational';
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      for (const item of await catalogue(target, tok)) {
        const reply = await api(target, `/institutions/${item.id}`, tok);
        if (reply.status !== 200) return `institution ${item.id} answered ${reply.status}`;
        const status = obj(reply.json).status;
        const listed = (item as unknown as { status: unknown }).status;
        if (status !== listed)
          return `institution ${item.id} is ${String(listed)} in the list, ${String(status)} on retrieval`;
      }
      return null;
    }),
};

const spacedValueUnmatched: Mutant = {
  name: 'r3-institutions-spaced-value-unmatched',
  group: 'institutions',
  clause:
    'Query: `filter` (optional) on properties `country`, `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported.',
  why: 'a filter whose value holds a space (such as Credit Union) matches no institution, although institutions with that value exist.',
  async handle(request, forward) {
    const response = await forward(request);
    const match = listRoute(request) ? FILTER.exec(queryOf(request).get('filter') ?? '') : null;
    if (!match || !(match[3] ?? '').includes(' ') || match[2] !== 'eq') return response;
    return rewriteSuccess(response, (body) => {
      body.data = [];
      if (typeof body.totalCount === 'number') body.totalCount = 0;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const all = await catalogue(target, tok);
      for (const property of ['institutionType', 'serviceType'] as const) {
        const value = all.map((i) => i[property]).find((v) => v.includes(' '));
        if (value === undefined) continue;
        const got = await catalogue(target, tok, `${property}.eq('${value}')`);
        if (
          !sameIds(
            got,
            all.filter((i) => i[property] === value),
          )
        ) {
          return `${property}.eq('${value}') returns ${got.length} institutions, ${all.filter((i) => i[property] === value).length} have that value`;
        }
      }
      return null;
    }),
};

const betaNotRetrievable: Mutant = {
  name: 'r3-institutions-beta-not-retrievable',
  group: 'institutions',
  clause: 'Success: 200 with an institution. Error when the identifier is not valid.',
  why: 'institutions at stage beta are listed but their retrieval answers 404, although their identifier is valid.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!detailRoute(request) || response.status !== 200) return response;
    const body = readJsonObject(response);
    if (body?.stage !== 'beta') return response;
    return errorResponse(404, 'resource-not-found', 'No such institution.', 'institution.id');
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      for (const item of await catalogue(target, tok)) {
        const reply = await api(target, `/institutions/${item.id}`, tok);
        if (reply.status !== 200)
          return `listed institution ${item.id} (stage ${item.stage}) answers ${reply.status}`;
      }
      return null;
    }),
};

export const institutionMutants: Mutant[] = [
  neLeaksOne,
  maintenanceHiddenInDetail,
  spacedValueUnmatched,
  betaNotRetrievable,
];
