/** The institution catalogue. */
import { matches, parseFilter } from '../filter.ts';
import { queryParam, sendJson } from '../http.ts';
import type { Context } from '../http.ts';
import { requireInstitution } from '../lookup.ts';
import type { Institution } from '../model.ts';
import { presentInstitution } from '../present.ts';

const FILTER_PROPERTIES = ['country', 'tier', 'serviceType', 'institutionType', 'stage'] as const;
const FILTER_OPERATORS = ['eq', 'ne'];

function filterValue(institution: Institution, property: string): string {
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

export function listInstitutions(ctx: Context): void {
  const rawFilter = queryParam(ctx.url, 'filter');
  const filter =
    rawFilter === undefined ? undefined : parseFilter(rawFilter, FILTER_PROPERTIES, FILTER_OPERATORS);
  const data = [...ctx.world.institutions.values()]
    .filter((i) => filter === undefined || matches(filter, filterValue(i, filter.property)))
    .map((i) => presentInstitution(ctx.baseUrl, i));
  sendJson(ctx.res, 200, { type: 'list', totalCount: data.length, data });
}

export function getInstitution(ctx: Context): void {
  const institution = requireInstitution(ctx.world, ctx.params.institutionId ?? '');
  sendJson(ctx.res, 200, presentInstitution(ctx.baseUrl, institution));
}
