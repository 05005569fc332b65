import { filterOf } from '../../src/operations/table.ts';
import { detail, MockError, notFound, quoted } from '../errors.ts';
import { filterTest, parseFilter, type FilterTerm } from '../filters.ts';
import type { InstitutionsPolicy } from '../policy/institutions.ts';
import { institutionResource } from '../representations.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import { reusableBody } from '../serialised-body.ts';
import type { InstitutionRecord } from '../world/world.ts';

const filter = filterOf('listInstitutions');
/** The prefix a filter property may carry, as the connections filter's `institution.id` does. */
const prefix = `${filter.resource}.`;

/**
 * The property names the filter accepts: both forms by default, as generated clients write the prefix the
 * real service takes; or only the bare or only the prefixed form (AMB-INST-01).
 */
function acceptedProperties(names: InstitutionsPolicy['filter']['propertyNames']): string[] {
  const prefixed = filter.properties.map((property) => `${prefix}${property}`);
  if (names === 'prefixed') return prefixed;
  return names === 'bare' ? [...filter.properties] : [...filter.properties, ...prefixed];
}

/** An institution's value of a filter property, each of which is one of its string fields. */
function read(institution: InstitutionRecord, property: string): string | undefined {
  const bare = property.startsWith(prefix) ? property.slice(prefix.length) : property;
  return filter.properties.includes(bare)
    ? (institution[bare as keyof InstitutionRecord] as string)
    : undefined;
}

/**
 * The list for one filter string, serialised once: the institutions are immutable while the mock runs, and
 * GET /institutions is the endpoint the suite and the benchmark call most. Kept per context, whose faults
 * never change (router.ts): a list made under one request's faults never reaches another request.
 */
const listCache = new WeakMap<MockContext, Map<string, unknown>>();

/** The filter's terms; a malformed filter is refused with the policy's status (AMB-INST-05). */
function parsed(raw: string | null, policy: InstitutionsPolicy['filter']): FilterTerm[] {
  try {
    return parseFilter(raw, acceptedProperties(policy.propertyNames), filter.operators, {
      otherOperators: policy.otherOperators,
      nearMisses: policy.nearMisses,
    });
  } catch (error) {
    if (error instanceof MockError && policy.malformedStatus !== 400 && error.detail.startsWith('malformed'))
      throw new MockError(policy.malformedStatus, error.code, error.title, error.detail, error.parameter);
    throw error;
  }
}

/** GET /institutions (spec: Endpoints > GET {base_url}/institutions): `eq` and `ne` on five properties. */
export const listInstitutions: RouteHandler = {
  handle(request, context) {
    const raw = request.query.get('filter');
    let cache = listCache.get(context);
    if (!cache) listCache.set(context, (cache = new Map()));
    const cached = cache.get(raw ?? '');
    if (cached) return { status: 200, body: cached };
    const policy = context.policy.institutions;
    const terms = parsed(raw, policy.filter);
    const semantics = { caseInsensitive: policy.filter.caseInsensitive };
    const kept = terms.filter((t) =>
      t.operator === 'eq' ? policy.filter.eqApplied : policy.filter.neApplied,
    );
    // eq as a prefix (LIKE 'value%'): AU would also select a code AUS, A every AU.
    const tests = kept.map((term) =>
      policy.filter.eqMatch === 'prefix' && term.operator === 'eq'
        ? (institution: InstitutionRecord) => (read(institution, term.property) ?? '').startsWith(term.value)
        : filterTest([term], read, semantics),
    );
    const passes = (institution: InstitutionRecord) => {
      for (const test of tests) if (!test(institution)) return false;
      return true;
    };
    let data = context.world.institutions
      .filter(passes)
      .map((institution) => institutionResource(institution, context));
    // Losing the last institution a filter selects, eq and ne together miss it.
    if (terms.length > 0 && policy.filter.lastDropped) data = data.slice(0, -1);
    const totalCount =
      policy.totalCount === 'all-institutions' ? context.world.institutions.length : data.length;
    const body = { type: 'list', totalCount, data };
    if (cache.size < 1000) cache.set(raw ?? '', reusableBody(body));
    return { status: 200, body };
  },
};

/** GET /institutions/{institution.id}. */
export const getInstitution: RouteHandler = {
  handle(request, context) {
    const id = request.params.institutionId;
    const institution = context.world.institutions.find((candidate) => candidate.id === id);
    if (!institution)
      throw notFound(
        'institution.id',
        detail.unknown('institution.id', quoted(id), 'no institution has this id'),
      );
    return { status: 200, body: institutionResource(institution, context) };
  },
};
