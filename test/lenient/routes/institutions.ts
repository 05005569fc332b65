import type { Context, Reply } from '../server/context.ts';
import { invalid, notFound } from '../server/errors.ts';
import { matches, parseFilters } from '../server/filter.ts';
import { link } from '../server/links.ts';
import type { Route } from '../server/router.ts';
import { ID_PATTERNS } from '../world/ids.ts';
import type { InstitutionRecord } from '../world/types.ts';
import { institutionView } from '../views/institution.ts';
import { param } from '../server/context.ts';

const FILTERABLE = {
  country: 'country',
  tier: 'tier',
  servicetype: 'serviceType',
  institutiontype: 'institutionType',
  stage: 'stage',
};

function read(institution: InstitutionRecord, property: string): string {
  switch (property) {
    case 'country':
      return institution.country;
    case 'tier':
      return institution.tier;
    case 'serviceType':
      return institution.serviceType;
    case 'institutionType':
      return institution.institutionType;
    default:
      return institution.stage;
  }
}

/** The whole catalogue in one envelope; `links.self` is an extra member. */
function list(ctx: Context): Reply {
  const conditions = parseFilters(ctx.query.getAll('filter'), FILTERABLE);
  const data = ctx.world.institutions
    .filter((i) => matches(conditions, (p) => read(i, p)))
    .map(institutionView);
  const queryAt = ctx.target.indexOf('?');
  return {
    status: 200,
    body: {
      type: 'list',
      totalCount: data.length,
      data,
      links: { self: link(`/institutions${queryAt === -1 ? '' : ctx.target.slice(queryAt)}`) },
    },
  };
}

function detail(ctx: Context): Reply {
  const id = param(ctx, 'institutionId');
  // Ids are matched case-insensitively ("INS-AU-001" finds "ins-au-001").
  const canonical = id.toLowerCase();
  if (!ID_PATTERNS.institution.test(canonical))
    throw invalid('institution.id', `"${id}" is not a valid institution.id.`);
  const institution = ctx.world.institutionById.get(canonical);
  if (!institution) throw notFound('institution.id', `Institution ${id} does not exist.`);
  return { status: 200, body: institutionView(institution) };
}

export const institutionRoutes: Route[] = [
  { method: 'GET', pattern: '/institutions', auth: true, clientAccess: true, handle: list },
  { method: 'GET', pattern: '/institutions/:institutionId', auth: true, clientAccess: true, handle: detail },
];
