import { check } from '../../src/checks/check.ts';
import { expectStatus, expectThat } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { expectRule } from '../../src/checks/rule.ts';
import { paymentWithoutAccountTypeAndAmount } from '../../src/rules/enrich.ts';
import { preview } from '../../src/validation/validator.ts';
import { anyQuery, enrichResult, expectEach, fixtureQueries, getEnrich, judgeable } from './support.ts';

// Spec: Endpoints > GET {base_url}/enrich — "`accountType` and `amount` are both needed for transaction
// classification; when they are not provided the query is treated as a payment transaction and
// categorised accordingly."

/**
 * The profile's descriptions (a match and a no-match), a plain one, and descriptions whose words name
 * another class (a cash withdrawal, a fee, interest, a transfer, a refund, a salary): without accountType
 * and amount each is a payment whatever it says, and only those words show a service that classifies
 * from the description alone.
 */
function descriptions(): string[] {
  return [
    ...new Set([
      ...fixtureQueries(),
      anyQuery(),
      'EFTPOS PURCHASE 1234 SYDNEY',
      'ATM CASH WITHDRAWAL CITY CENTRE',
      'MONTHLY ACCOUNT FEE',
      'INTEREST CHARGED',
      'TRANSFER TO SAVINGS ACCOUNT',
      'REFUND FROM STORE',
      'SALARY DIRECT CREDIT',
    ]),
  ];
}

check(
  'Without accountType and amount, GET /enrich classifies the query as a payment (class "payment")',
  ['ENRICH-15'],
  async () => {
    const exchanges = await Promise.all(descriptions().map((q) => getEnrich({ q })));
    // Only results are judged: a valid query answered otherwise fails the checks about valid queries.
    expectEach(judgeable(exchanges), (exchange) =>
      expectRule(
        paymentWithoutAccountTypeAndAmount(enrichResult(exchange), { accountType: false, amount: false }),
        exchange,
      ),
    );
  },
  { needs: ['enrich'] },
);

check(
  'With only one of accountType and amount, GET /enrich answers 200 with an enrich result (a payment, or classified from the value given)',
  ['ENRICH-16'],
  async () => {
    const exchanges = await Promise.all([
      getEnrich({ accountType: 'savings' }),
      getEnrich({ accountType: 'transaction' }),
      getEnrich({ amount: '-12.50' }),
      getEnrich({ amount: '250.00' }),
    ]);
    // Each is optional, so one alone is a valid input. What it does to the class is open
    // (AMB-ENRICH-10): a payment, or a class drawn from the value given; any valid result will do.
    expectEach(exchanges, (exchange) => {
      expectStatus(exchange, 200);
      expectResource(exchange, 'enrich');
    });
  },
  { needs: ['enrich'] },
);

check(
  'A query classified as a payment by default (no accountType, no amount) has direction "debit"',
  ['ENRICH-17'],
  async () => {
    const exchanges = await Promise.all(descriptions().map((q) => getEnrich({ q })));
    // Only results are judged: a valid query answered otherwise fails the checks about valid queries.
    expectEach(judgeable(exchanges), (exchange) => {
      const result = enrichResult(exchange);
      // Only a default payment is judged; a wrong class is ENRICH-15's failure, not this one's.
      if (result.class !== 'payment') return;
      expectThat(
        result.direction === 'debit',
        `a payment is a debit class (Affordability transaction, Debit classes), so direction should be "debit"; got ${preview(result.direction)}`,
        exchange,
      );
    });
  },
  { needs: ['enrich'] },
);
