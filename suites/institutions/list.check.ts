import { check } from '../../src/checks/check.ts';
import {
  describeRequest,
  expectStatus,
  expectStatusOf,
  expectThat,
  Failure,
} from '../../src/checks/failures.ts';
import { expectResource, violationsOf } from '../../src/checks/resource.ts';
import { expectRule } from '../../src/checks/rule.ts';
import { totalCountCoversData } from '../../src/rules/institutions.ts';
import { formatViolations } from '../../src/validation/validator.ts';
import { valuesSeen } from '../../src/checks/filter-algebra.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { allInstitutions, filterForm, institutionList } from './support.ts';

check('GET /institutions answers 200 with the institution list envelope', ['INST-01'], async () => {
  const exchange = await institutionList();
  expectStatus(exchange, 200);
  expectResource(exchange, 'institution-list');
});

check(
  'The institution list carries type "list", totalCount, a number, and data, an array',
  ['INST-02', 'INST-01'],
  async () => {
    const exchange = await institutionList();
    // Another status breaks INST-01, and leaves the envelope of a 200 unseen.
    expectStatusOf('INST-01', exchange, 200);
    // The envelope's own members and the kind of each entry; what lies inside an institution is INST-10..19.
    const envelope = violationsOf(exchange.response.body, 'institution-list').filter((v) =>
      /^(|\/type|\/totalCount|\/data|\/data\/\d+)$/.test(v.pointer),
    );
    if (envelope.length > 0)
      throw new Failure(
        `${describeRequest(exchange)}: not an institution list envelope:\n${formatViolations(envelope)}`,
        exchange,
      );
  },
);

/** The list's totalCount against its data; a totalCount or data of the wrong type is INST-02's finding. */
function expectTotalCovers(exchange: Exchange): void {
  expectStatusOf('INST-01', exchange, 200);
  expectRule(totalCountCoversData(exchange.response.body), exchange);
}

check(
  'The institution list totalCount, unfiltered and filtered, is not less than the number of entries in data',
  ['INST-03', 'INST-01'],
  async () => {
    // Whether a filtered totalCount counts the answer or the whole list is not shown (AMB-INST-03): either
    // is at least the number of entries answered.
    const { exchange, items } = await allInstitutions();
    expectTotalCovers(exchange);
    const value = valuesSeen(items, 'country', { limit: 1 })[0];
    const form = value === undefined ? undefined : await filterForm('country', value);
    if (form?.prefix !== undefined) expectTotalCovers(form.tried.at(-1) as Exchange);
  },
);

/** The ids a list answer holds more than once. */
function repeatedIds(exchange: Exchange): string[] {
  const data = (exchange.response?.body as { data?: unknown } | null | undefined)?.data;
  const ids = (Array.isArray(data) ? data : [])
    .map((item) => (item as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string');
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
}

check(
  'The institution list holds each institution once, unfiltered and filtered on its first country',
  ['INST-23'],
  async () => {
    const { exchange, items } = await allInstitutions();
    const country = items.map((item) => item.country).find((value) => typeof value === 'string');
    const filtered = typeof country === 'string' ? [await institutionList(`country.eq('${country}')`)] : [];
    for (const answer of [exchange, ...filtered]) {
      // A filtered list refused or of another shape is the filter requirements' finding.
      if (answer.response?.status !== 200) continue;
      const repeated = repeatedIds(answer);
      expectThat(
        repeated.length === 0,
        `the list holds ${repeated.slice(0, 5).join(', ')} more than once`,
        answer,
      );
    }
  },
);
