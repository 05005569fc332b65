/**
 * Faults of the institution list (spec: institution endpoints, Institution), each breaking one INST
 * requirement: the list and its filter, retrieval by id, and the institution's shape. Faults exist so
 * the suite can prove its worth: run against the mock with one in force, the suite must fail the check
 * of that requirement, or it has a gap.
 */

import type { MockContext } from '../router.ts';
import type { Fault } from './fault.ts';
import { onSuccess, unknownIdAnswered, mapData, type Body, type Alter } from './reply-rewrites.ts';
import { routePaths } from '../routes/paths.ts';

/** Rewrites every institution served: each entry of the list and the single retrieval. */
function onInstitutions(change: (institution: Body) => Body): Alter {
  return (reply, route) => {
    if (reply.status >= 300) return reply;
    if (route?.path === routePaths.institutions)
      return { ...reply, body: mapData(reply.body as Body, change) };
    if (route?.path === routePaths.institution) return { ...reply, body: change(reply.body as Body) };
    return reply;
  };
}

/** An institution of the world as the mock serves it. */
function servedInstitution(record: object & { id: string }, context: MockContext): Body {
  return { type: 'institution', ...record, links: { self: `${context.baseUrl}/institutions/${record.id}` } };
}

/** The refusal turned into an internal error: the same error list with code internal-server-error. */
function serverError(body: Body): Body {
  return mapData(body, (error) => ({
    ...error,
    code: 'internal-server-error',
    title: 'Internal server error',
  }));
}

export const institutionFaults = [
  {
    name: 'institutions-total-count-string',
    requirement: 'INST-02',
    description: 'totalCount is a string',
    alter: onSuccess(routePaths.institutions, (body) => ({ ...body, totalCount: String(body.totalCount) })),
  },
  {
    name: 'institutions-eq-ignored',
    requirement: 'INST-04',
    description: 'eq filters on institutions are ignored',
    collateral: [
      { requirement: 'INST-06', reason: 'with eq ignored, eq and ne together overlap' },
      {
        requirement: 'INST-21',
        reason: 'a country no institution has, in an ignored eq filter, answers every institution',
      },
    ],
  },
  {
    name: 'institutions-ne-ignored',
    requirement: 'INST-05',
    description: 'ne filters on institutions are ignored',
    collateral: [{ requirement: 'INST-06', reason: 'with ne ignored, eq and ne together overlap' }],
  },
  {
    name: 'institutions-eq-prefix-match',
    requirement: 'INST-04',
    description:
      "eq selects the institutions whose value begins with the one given: country.eq('A') lists every AU",
  },
  {
    name: 'institution-unknown-id-served',
    requirement: 'INST-09',
    description: 'an unknown institution id is answered 200 with an institution',
    alter: unknownIdAnswered(routePaths.institution, (context) => ({
      type: 'institution',
      ...context.world.institutions[0],
      links: { self: `${context.baseUrl}/institutions/${context.world.institutions[0]?.id}` },
    })),
  },
  {
    name: 'institution-stats-strings',
    requirement: 'INST-17',
    description: 'averageDurationMs members are strings',
    alter: onSuccess(routePaths.institution, (body) => {
      const stats = body.stats as { averageDurationMs: Record<string, number> };
      const averageDurationMs = Object.fromEntries(
        Object.entries(stats.averageDurationMs).map(([k, v]) => [k, String(v)]),
      );
      return { ...body, stats: { ...stats, averageDurationMs } };
    }),
  },
  {
    name: 'institutions-list-returns-203',
    requirement: 'INST-01',
    description: 'GET /institutions answers 203 instead of 200',
    alter: (reply, route) =>
      route?.path === routePaths.institutions && reply.status === 200 ? { ...reply, status: 203 } : reply,
  },
  {
    name: 'institutions-total-count-short',
    requirement: 'INST-03',
    description: 'totalCount is one less than the number of institutions listed',
    alter: onSuccess(routePaths.institutions, (body) => ({
      ...body,
      totalCount: Math.max(0, (body.data as unknown[]).length - 1),
    })),
  },
  {
    name: 'institutions-unsupported-operator-ignored',
    requirement: 'INST-07',
    description: 'a filter with an operator other than eq and ne is ignored: every institution is listed',
    alter: (reply, route, context) =>
      route?.path === routePaths.institutions &&
      reply.status === 400 &&
      JSON.stringify(reply.body).includes('unsupported filter operator')
        ? {
            status: 200,
            body: {
              type: 'list',
              totalCount: context.world.institutions.length,
              data: context.world.institutions.map((record) => servedInstitution(record, context)),
            },
          }
        : reply,
  },
  {
    name: 'institution-retrieval-ignores-id',
    requirement: 'INST-08',
    description: 'GET /institutions/{institution.id} answers the first institution of the list',
    collateral: [
      {
        requirement: 'INST-22',
        reason: "an institution's self link leads to its retrieval, which answers another institution",
      },
    ],
    alter: onSuccess(routePaths.institution, (body, context) => {
      const other = context.world.institutions.find((record) => record.id !== body.id);
      return other ? servedInstitution(other, context) : body;
    }),
  },
  {
    name: 'institution-type-wrong',
    requirement: 'INST-10',
    description: 'institutions carry type "bank"',
    alter: onInstitutions((institution) => ({ ...institution, type: 'bank' })),
  },
  {
    name: 'institution-tier-number',
    requirement: 'INST-11',
    description: 'tier is a number',
    alter: onInstitutions((institution) => ({ ...institution, tier: Number(institution.tier) })),
  },
  {
    name: 'institution-password-url-object',
    requirement: 'INST-12',
    description: 'forgottenPasswordUrl is an object with href',
    alter: onInstitutions((institution) => ({
      ...institution,
      forgottenPasswordUrl: { href: institution.forgottenPasswordUrl },
    })),
  },
  {
    name: 'institution-login-features-joined',
    requirement: 'INST-13',
    description: 'features.login is one comma-separated string',
    alter: onInstitutions((institution) => {
      const features = institution.features as { login: string[] };
      return { ...institution, features: { ...features, login: features.login.join(',') } };
    }),
  },
  {
    name: 'institution-feature-methods-string',
    requirement: 'INST-14',
    description: 'features.accounts maps each field to one string instead of an array',
    alter: onInstitutions((institution) => {
      const features = institution.features as { accounts: Record<string, string[]> };
      const accounts = Object.fromEntries(
        Object.entries(features.accounts).map(([field, methods]) => [field, methods.join(',')]),
      );
      return { ...institution, features: { ...features, accounts } };
    }),
  },
  {
    name: 'institution-stage-boolean',
    requirement: 'INST-15',
    description: 'stage is a boolean, true for beta institutions',
    alter: onInstitutions((institution) => ({ ...institution, stage: institution.stage === 'beta' })),
  },
  {
    name: 'institution-status-null',
    requirement: 'INST-16',
    description: 'status is null for institutions that are available',
    alter: onInstitutions((institution) =>
      institution.status === 'available' ? { ...institution, status: null } : institution,
    ),
  },
  {
    name: 'institution-logo-url',
    requirement: 'INST-18',
    description: 'logo is the square logo URL instead of an object',
    alter: onInstitutions((institution) => ({
      ...institution,
      logo: (institution.logo as { links: { square: string } }).links.square,
    })),
  },
  {
    name: 'institutions-first-listed-twice',
    requirement: 'INST-23',
    description: 'the unfiltered and filtered lists hold their first institution twice',
    alter: onSuccess(routePaths.institutions, (body) => {
      const data = body.data as unknown[];
      // totalCount counts the entry twice too, so only the repetition is wrong.
      return data.length === 0
        ? body
        : { ...body, totalCount: Number(body.totalCount) + 1, data: [data[0], ...data] };
    }),
  },
  {
    name: 'institutions-filter-drops-last',
    requirement: 'INST-06',
    description: 'every filtered list loses the last institution it selects, so eq and ne together miss some',
    collateral: [
      { requirement: 'INST-04', reason: "an eq filter's answer lacks its last institution" },
      { requirement: 'INST-05', reason: "a ne filter's answer lacks its last institution" },
    ],
  },
  {
    name: 'institutions-malformed-filter-500',
    requirement: 'INST-20',
    description: 'a malformed institutions filter is answered 500 instead of being refused',
    collateral: [
      {
        requirement: 'ERR-11',
        reason:
          'a 5xx to input every reading refuses breaks ERR-11 (never a 5xx) as well as this requirement, which asks for a 4xx refusal',
      },
    ],
    alter: (reply, route) =>
      route?.path === routePaths.institutions &&
      reply.status === 400 &&
      JSON.stringify(reply.body).includes('malformed filter')
        ? { ...reply, status: 500, body: serverError(reply.body as Body) }
        : reply,
  },
  {
    name: 'institutions-no-match-data-null',
    requirement: 'INST-21',
    description: 'a filter that matches no institution is answered with data null and no totalCount',
    alter: onSuccess(routePaths.institutions, (body) =>
      (body.data as unknown[]).length === 0 ? { type: body.type, data: null } : body,
    ),
  },
  {
    name: 'institution-retrieval-first-of-catalogue',
    requirement: 'INST-08',
    description:
      'GET /institutions/{institution.id} answers the first institution of the catalogue, whichever is named',
    collateral: [
      {
        requirement: 'INST-22',
        reason: "an institution's links.self leads to its retrieval, which answers the first institution",
      },
    ],
    alter: onSuccess(routePaths.institution, (body, context) => {
      const first = context.world.institutions[0];
      return first ? servedInstitution(first, context) : body;
    }),
  },
  {
    name: 'institution-maintenance-hidden-in-retrieval',
    requirement: 'INST-08',
    description:
      'an institution under maintenance in the list is retrieved singly with the status of the others',
    alter: onSuccess(routePaths.institution, (body, context) => {
      if (body.status !== 'under-maintenance') return body;
      const other = context.world.institutions.find((record) => record.status !== 'under-maintenance');
      return { ...body, status: other?.status ?? 'operational' };
    }),
  },
  {
    name: 'institution-self-link-to-list',
    requirement: 'INST-22',
    description: "each institution's links.self points to the institution list",
    alter: onInstitutions((institution) => ({
      ...institution,
      links: {
        ...(institution.links as Body),
        self: String((institution.links as Body).self).replace(/\/[^/]*$/, ''),
      },
    })),
  },
  {
    name: 'institution-self-link-missing',
    requirement: 'INST-19',
    description: 'institutions carry links without self',
    alter: onInstitutions((institution) => ({ ...institution, links: {} })),
  },
] as const satisfies readonly Fault[];
