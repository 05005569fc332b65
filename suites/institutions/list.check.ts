import { check } from '../../src/checks/check.ts';
import { describeRequest, expectStatus, expectThat, Finding } from '../../src/checks/findings.ts';
import { expectResource, violationsOf } from '../../src/checks/resource.ts';
import { formatViolations } from '../../src/validation/validator.ts';
import { institutionList } from './institutions.ts';

check('GET /institutions answers 200 with the institution list envelope', ['INST-01'], async () => {
  const exchange = await institutionList();
  expectStatus(exchange, 200);
  expectResource(exchange, 'institution-list');
});

check(
  'The institution list carries type "list", totalCount, a number, and data, an array',
  ['INST-02'],
  async () => {
    const exchange = await institutionList();
    expectStatus(exchange, 200);
    // The envelope's own members and the kind of each entry; what lies inside an institution is INST-10..19.
    const envelope = violationsOf(exchange.response.body, 'institution-list').filter((v) =>
      /^(|\/type|\/totalCount|\/data|\/data\/\d+)$/.test(v.pointer),
    );
    if (envelope.length > 0)
      throw new Finding(
        `${describeRequest(exchange)}: not an institution list envelope:\n${formatViolations(envelope)}`,
        exchange,
      );
  },
);

check(
  'The institution list totalCount is not less than the number of entries in data',
  ['INST-03'],
  async () => {
    const exchange = await institutionList();
    expectStatus(exchange, 200);
    const { totalCount, data } = (exchange.response.body ?? {}) as { totalCount?: unknown; data?: unknown };
    // A totalCount that is no number, or a data that is no array, is INST-02's finding, not this one's.
    if (typeof totalCount !== 'number' || !Array.isArray(data)) return;
    expectThat(
      totalCount >= data.length,
      `totalCount is ${totalCount} but data holds ${data.length} institutions`,
      exchange,
    );
  },
);
