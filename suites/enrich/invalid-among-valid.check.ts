import { invalidAmounts } from '../../src/checks/arbitraries/enrich.ts';
import { check } from '../../src/checks/check.ts';
import { expectStatus } from '../../src/checks/failures.ts';
import { expectEach, getEnrich } from './support.ts';

// Spec: Endpoints > GET {base_url}/enrich — "Invalid parameters return an error list (400)". An invalid
// value is refused whatever comes with it: invalid-queries.check.ts sends an amount beside an accountType,
// the pair that classifies; here it comes alone, where a service that checks the amount only when it
// classifies takes it. The values are the fixed invalid amounts of the arbitraries.

check(
  'GET /enrich with an amount that is not a decimal number is refused with 400 also without accountType',
  ['ENRICH-13', 'ERR-11'],
  async () => {
    const exchanges = await Promise.all(invalidAmounts.map((amount) => getEnrich({ amount })));
    expectEach(exchanges, (exchange) => expectStatus(exchange, 400));
  },
  { needs: ['enrich'] },
);
