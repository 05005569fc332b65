import { check } from '../../src/checks/check.ts';
import { expectErrorList, expectRefused } from '../../src/checks/error-list.ts';
import { expectStatus, expectThat } from '../../src/checks/findings.ts';
import { invalidIds } from '../shared/identifiers.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { allInstitutions, institution, subjectId, unknownInstitutionId } from './support.ts';

/**
 * Fields that describe an institution rather than its moment-to-moment state: the single retrieval must
 * agree with the list on them. status and stats may change between two requests on a live service.
 */
const stableFields = [
  'id',
  'name',
  'shortName',
  'institutionType',
  'country',
  'serviceName',
  'serviceType',
  'tier',
] as const;

check(
  'GET /institutions/{institution.id} answers 200 with that institution, as the list gives it',
  ['INST-08'],
  async () => {
    const id = await subjectId();
    const [exchange, { items }] = await Promise.all([institution(id), allInstitutions()]);
    expectStatus(exchange, 200);
    expectResource(exchange, 'institution');
    const body = exchange.response.body as Record<string, unknown>;
    expectThat(
      body.id === id,
      `asked for institution ${JSON.stringify(id)}, got id ${JSON.stringify(body.id)}`,
      exchange,
    );
    // A fixture the list does not show (a paged or partial list) is compared on its id alone.
    const listed = items.find((item) => item.id === id);
    if (!listed) return;
    const differing = stableFields.filter(
      (field) =>
        field in listed && field in body && JSON.stringify(listed[field]) !== JSON.stringify(body[field]),
    );
    expectThat(
      differing.length === 0,
      `the single retrieval differs from the listed institution ${id} in ${differing
        .map((f) => `${f} (listed ${JSON.stringify(listed[f])}, retrieved ${JSON.stringify(body[f])})`)
        .join(', ')}`,
      exchange,
    );
  },
);

/** Any client error: the spec shows no status for an invalid identifier (INST-09 notes). */
const clientErrors = Array.from({ length: 100 }, (_, i) => 400 + i);

check(
  'GET /institutions/{institution.id} for an unknown institution is refused with an error list',
  ['INST-09'],
  async () => {
    const exchange = await institution(unknownInstitutionId());
    expectErrorList(exchange, { status: clientErrors });
  },
);

check(
  'GET /institutions/{institution.id} for an id no institution could have (quotes, a NUL, 300 characters) is refused with a 4xx error list, never a 5xx',
  ['INST-09', 'ERR-11'],
  async () => {
    const exchanges = await Promise.all(invalidIds('institution').map((id) => institution(id)));
    for (const exchange of exchanges) expectRefused(exchange);
  },
);
