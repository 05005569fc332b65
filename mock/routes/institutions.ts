import { notFound } from '../errors.ts';
import { matchesFilter, parseFilter } from '../filters.ts';
import { institutionResource } from '../representations.ts';
import type { MockContext, Route } from '../router.ts';
import { reusableBody } from '../serialised-body.ts';
import type { InstitutionRecord } from '../world/world.ts';

const filterProperties = ['country', 'tier', 'serviceType', 'institutionType', 'stage'] as const;

function read(institution: InstitutionRecord, property: string): string | undefined {
  return institution[property as (typeof filterProperties)[number]];
}

/**
 * The list for one filter string, serialised once: the catalogue is immutable while the mock runs, and
 * GET /institutions is the endpoint the suite and the benchmark call most.
 */
const listCache = new WeakMap<MockContext, Map<string, unknown>>();

/** GET /institutions (spec: Endpoints > GET {base_url}/institutions): `eq` and `ne` on five properties. */
export const listInstitutions: Route = {
  method: 'GET',
  path: '/institutions',
  auth: 'bearer',
  handle(request, context) {
    const raw = request.query.get('filter');
    let cache = listCache.get(context);
    if (!cache) listCache.set(context, (cache = new Map()));
    const cached = cache.get(raw ?? '');
    if (cached) return { status: 200, body: cached };
    const terms = parseFilter(raw, filterProperties, ['eq', 'ne']);
    const effective = terms.filter(
      (t) => !context.fault(t.operator === 'eq' ? 'institutions-eq-ignored' : 'institutions-ne-ignored'),
    );
    const data = context.world.institutions
      .filter((institution) => matchesFilter(institution, effective, read))
      .map((institution) => institutionResource(institution, context));
    const body = { type: 'list', totalCount: data.length, data };
    if (cache.size < 1000) cache.set(raw ?? '', reusableBody(body));
    return { status: 200, body };
  },
};

/** GET /institutions/{institution.id}. */
export const getInstitution: Route = {
  method: 'GET',
  path: '/institutions/:institutionId',
  auth: 'bearer',
  handle(request, context) {
    const id = request.params.institutionId;
    const institution = context.world.institutions.find((candidate) => candidate.id === id);
    if (!institution) throw notFound('institution.id', `no institution ${id}`);
    return { status: 200, body: institutionResource(institution, context) };
  },
};
