import { check } from '../../src/checks/check.ts';
import { expectStatus, expectThat } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api } from '../../src/checks/run-context.ts';
import { accountTypes } from '../../src/checks/arbitraries/enrich.ts';
import { preview } from '../../src/validation/validator.ts';
import { isObject } from '../../src/checks/error-body.ts';
import { enrichFixture, enrichResult, expectEach, getEnrich, judgeable } from './support.ts';

// Spec: Endpoints > GET {base_url}/enrich — "Response: always 200 with an enrich result when inputs are
// valid." Each check here sends inputs the parameter table makes valid and expects that 200.

check(
  "GET /enrich with the profile's matching query answers 200 with an enrich result holding the matched merchant",
  ['ENRICH-01'],
  async () => {
    const { matchingQuery } = enrichFixture();
    const exchange = await getEnrich({ q: matchingQuery });
    expectStatus(exchange, 200);
    expectResource(exchange, 'enrich');
    const { data } = enrichResult(exchange);
    expectThat(
      isObject(data?.merchant),
      `the profile describes fixtures.enrich.matchingQuery as matching a merchant, but data.merchant is ${preview(data?.merchant)}`,
      exchange,
    );
  },
  { needs: ['enrich', 'enrichMatch'] },
);

check(
  'GET /enrich with q of exactly 3 characters answers 200',
  ['ENRICH-04'],
  async () => {
    const exchange = await getEnrich({ q: 'KFC' });
    expectStatus(exchange, 200);
  },
  { needs: ['enrich'] },
);

/** Spaces, URL-reserved characters (& = + # % / ? ;) and non-ASCII letters and symbols. */
const encodedDescriptions = [
  'COFFEE & CAKE 50% OFF #12',
  'A+B=C/D?E;F:G@H,I$J',
  "O'REILLY'S (SYDNEY) *4821",
  'CAFÉ ZÜRICH STRAẞE 東京 €5,50',
];

check(
  'GET /enrich accepts a URL-encoded q holding spaces, reserved and non-ASCII characters, spaces sent as + or %20, and answers 200',
  ['ENRICH-05'],
  async () => {
    const { institution, country } = enrichFixture();
    const exchanges = await Promise.all(
      encodedDescriptions.flatMap((q) => [
        // Form encoding (a space is +), as URLSearchParams writes it.
        getEnrich({ q }),
        // Percent encoding throughout (a space is %20), as encodeURIComponent writes it.
        api().get(
          `/enrich?q=${encodeURIComponent(q)}&institution=${encodeURIComponent(institution)}&country=${encodeURIComponent(country)}`,
        ),
      ]),
    );
    expectEach(exchanges, (exchange) => expectStatus(exchange, 200));
  },
  { needs: ['enrich'] },
);

check(
  'GET /enrich accepts the optional mcc parameter, a four-digit merchant category code, and answers 200',
  ['ENRICH-09'],
  async () => {
    const exchanges = await Promise.all([
      getEnrich({ mcc: '5411' }),
      getEnrich({ mcc: '5812', accountType: 'credit-card' }),
    ]);
    expectEach(exchanges, (exchange) => expectStatus(exchange, 200));
  },
  { needs: ['enrich'] },
);

check(
  'GET /enrich accepts each accountType transaction, credit-card, savings, mortgage, loan and foreign, alone and with an amount, and answers 200',
  ['ENRICH-10'],
  async () => {
    // The amount is the plainest one ENRICH-12 asks for, so a refusal here is the account type's alone.
    const exchanges = await Promise.all(
      accountTypes.flatMap((accountType) => [
        getEnrich({ accountType }),
        getEnrich({ accountType, amount: '12.50' }),
      ]),
    );
    expectEach(exchanges, (exchange) => expectStatus(exchange, 200));
  },
  { needs: ['enrich'] },
);

check(
  'GET /enrich accepts amount as a signed decimal with a fractional part, negative or positive, and answers 200',
  ['ENRICH-12'],
  async () => {
    // Every reading of "signed decimal" takes these; +12.50, 12 and .5 are open (open-values.check.ts).
    const amounts = ['-12.50', '12.50', '-0.99', '1500.5'];
    const exchanges = await Promise.all(
      amounts.map((amount) => getEnrich({ accountType: 'transaction', amount })),
    );
    expectEach(exchanges, (exchange) => expectStatus(exchange, 200));
  },
  { needs: ['enrich'] },
);

check(
  "GET /enrich with the profile's no-match query still answers 200 with an enrich result",
  ['ENRICH-19'],
  async () => {
    const exchange = await getEnrich({ q: enrichFixture().noMatchQuery });
    expectStatus(exchange, 200);
    expectResource(exchange, 'enrich');
  },
  { needs: ['enrich', 'enrichNoMatch'] },
);

check(
  'When nothing matches, data.merchant, data.location, data.category, links.logo-master and links.logo-thumb are all null',
  ['ENRICH-20'],
  async () => {
    // A no-match query answered otherwise than 200 fails ENRICH-19; here there is nothing to judge then.
    // Asked plain and classified (accountType and amount given): what matches does not depend on them.
    const q = enrichFixture().noMatchQuery;
    const answers = await Promise.all([
      getEnrich({ q }),
      getEnrich({ q, accountType: 'transaction', amount: '-12.50' }),
    ]);
    for (const exchange of judgeable(answers)) {
      const { data, links } = enrichResult(exchange);
      const members: [string, unknown][] = [
        ['data.merchant', data?.merchant],
        ['data.location', data?.location],
        ['data.category', data?.category],
        ['links.logo-master', links?.['logo-master']],
        ['links.logo-thumb', links?.['logo-thumb']],
      ];
      const notNull = members.filter(([, value]) => value !== null);
      expectThat(
        notNull.length === 0,
        `fixtures.enrich.noMatchQuery matches nothing, so these must be null: ${notNull
          .map(([name, value]) => `${name} is ${preview(value)}`)
          .join('; ')}`,
        exchange,
      );
    }
  },
  { needs: ['enrich', 'enrichNoMatch'] },
);
