import type { RequirementId } from '../requirements/requirement-ids.generated.ts';
import type { Operation } from './table.ts';

/**
 * Every way into an operation of each scheme (spec: Authentication), refused and accepted, with the
 * requirement whose checks try it. The auth checks send every bearer operation of the table each way
 * (suites/auth/endpoints.check.ts); the token checks send the token endpoint each of its ways
 * (suites/token). test/coverage.test.ts holds every operation of the table to every way of its scheme.
 */
export const waysIn = {
  bearer: {
    withoutAuthorization: 'AUTH-05',
    withTokenInQuery: 'AUTH-05',
    withTokenWithoutScheme: 'AUTH-05',
    withTokenNobodyIssued: 'AUTH-06',
    withTokenAltered: 'AUTH-06',
    withApiKeyAsBasic: 'AUTH-07',
    withApiKeyAsBearer: 'AUTH-07',
    withBearerSchemeAlone: 'AUTH-11',
    withServerAccessToken: 'AUTH-04',
  },
  basic: {
    withoutAuthorization: 'TOKEN-10',
    withAnotherScheme: 'TOKEN-11',
    withUnknownApiKey: 'TOKEN-12',
    withApiKey: 'TOKEN-01',
  },
} as const satisfies Record<Operation['auth'], Record<string, RequirementId>>;
