import { filterOf } from '../../src/operations/table.ts';
import { detail, MockError, notFound, quoted } from '../errors.ts';
import { filterTest, parseFilter, type FilterTerm } from '../filters.ts';
import { institutionResource } from '../representations.ts';
import type { MockContext, RouteHandler } from '../router.ts';
import { reusableBody } from '../serialised-body.ts';
import type { InstitutionsVariants } from '../variants/types.ts';
import type { InstitutionRecord } from '../world/world.ts';

const filter = filterOf('listInstitutions');
/** The prefix a filter property may carry, as the connections filter's `institution.id` does. */
const prefix = `${filter.resource}.`;

/**
 * The property names the filter accepts: both forms by default, as generated clients write the prefix the
 * real service takes; only the bare or only the prefixed form under the filterProperty variant
 * (AMB-INST-01).
 */
function acceptedProperties(variants: InstitutionsVariants): string[] {
  const prefixed = filter.properties.map((property) => `${prefix}${property}`);
  if (variants.filterProperty === 'prefixed') return prefixed;
  return variants.filterProperty === 'bare' ? [...filter.properties] : [...filter.properties, ...prefixed];
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

/** The filter's terms; a malformed filter is refused 400, or 422 under the variant (AMB-INST-05). */
function parsed(raw: string | null, variants: InstitutionsVariants, forgiving: boolean): FilterTerm[] {
  try {
    return parseFilter(raw, acceptedProperties(variants), filter.operators, {
      otherOperators: variants.unsupportedOperator === 'matches-nothing' ? 'match-nothing' : 'refused',
      nearMisses: forgiving ? 'forgiven' : 'refused',
    });
  } catch (error) {
    if (error instanceof MockError && variants.malformedFilterStatus && error.detail.startsWith('malformed'))
      throw new MockError(
        variants.malformedFilterStatus,
        error.code,
        error.title,
        error.detail,
        error.parameter,
      );
    throw error;
  }
}

/** The terms a fault leaves applied: an ignored operator's terms are dropped. */
function applied(terms: FilterTerm[], context: MockContext): FilterTerm[] {
  return terms.filter(
    (t) => !context.fault(t.operator === 'eq' ? 'institutions-eq-ignored' : 'institutions-ne-ignored'),
  );
}

/** GET /institutions (spec: Endpoints > GET {base_url}/institutions): `eq` and `ne` on five properties. */
export const listInstitutions: RouteHandler = {
  handle(request, context) {
    const raw = request.query.get('filter');
    let cache = listCache.get(context);
    if (!cache) listCache.set(context, (cache = new Map()));
    const cached = cache.get(raw ?? '');
    if (cached) return { status: 200, body: cached };
    const variants = context.options.variants.institutions ?? {};
    const terms = parsed(raw, variants, context.options.variants.forgivingFilters === true);
    const semantics = { caseInsensitive: variants.valueCase === 'insensitive' };
    const kept = applied(terms, context);
    // The fault compares eq as a prefix (LIKE 'value%'): AU would also select a code AUS, A every AU.
    const prefixEq = context.fault('institutions-eq-prefix-match');
    const tests = kept.map((term) =>
      prefixEq && term.operator === 'eq'
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
    // The fault loses the last institution a filter selects, so eq and ne together miss it.
    if (terms.length > 0 && context.fault('institutions-filter-drops-last')) data = data.slice(0, -1);
    const totalCount =
      variants.totalCount === 'all-institutions' ? context.world.institutions.length : data.length;
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
