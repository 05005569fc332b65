import {
  invalidAccountTypes,
  invalidAmounts,
  invalidCountries,
} from '../../src/checks/arbitraries/enrich.ts';
import { check } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { expectStatus } from '../../src/checks/failures.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { expectEach, getEnrich, type EnrichParameters } from './support.ts';

// Spec: Endpoints > GET {base_url}/enrich — "Invalid parameters return an error list (400)"; Errors —
// "Enrich: invalid parameter values return 400 with code `parameter-not-valid` and `source.parameter`
// naming the parameter". Every request changes exactly one parameter of an otherwise valid query, to a
// value no reading of the spec takes (values some reading takes are judged in open-values.check.ts), so
// each check names ERR-11 too: a 5xx to any of them fails.

/**
 * An institution identifier no institution list holds: it carries this suite's name. Why invalid under
 * every reading: the spec asks for "a recognised institution identifier" and no service issued this one.
 */
const unknownInstitution = 'fds-conformance-unknown-institution';

for (const parameter of ['q', 'institution', 'country'] as const) {
  check(
    `GET /enrich without the required parameter ${parameter} is refused with 400 and an error list`,
    ['ENRICH-02', 'ERR-11'],
    async () => {
      // Why invalid under every reading: the parameter table marks it required.
      const exchange = await getEnrich({ [parameter]: undefined });
      // The code of a missing (rather than invalid) parameter is not shown: any error list will do
      // (AMB-ENRICH-01).
      expectErrorList(exchange, { status: [400] });
    },
    { needs: ['enrich'] },
  );
}

check(
  'GET /enrich with q of 2 ASCII characters (or 1) is refused with 400',
  ['ENRICH-03', 'ERR-11'],
  async () => {
    // Why invalid under every reading: letters a URL encoder leaves as they are, no blanks: shorter than
    // the stated 3 whether characters, UTF-16 units, bytes or encoded characters are counted, trimmed or not.
    const exchanges = await Promise.all([getEnrich({ q: 'KF' }), getEnrich({ q: 'K' })]);
    expectEach(exchanges, (exchange) => expectStatus(exchange, 400));
  },
  { needs: ['enrich'] },
);

check(
  'GET /enrich with an institution that is no recognised institution identifier is refused with 400',
  ['ENRICH-06', 'ERR-11'],
  async () => {
    const exchange = await getEnrich({ institution: unknownInstitution });
    expectStatus(exchange, 400);
  },
  { needs: ['enrich'] },
);

check(
  'GET /enrich with a country that is not two letters (AUS, A1, 036, Australia) is refused with 400',
  ['ENRICH-07', 'ERR-11'],
  async () => {
    // Why invalid under every reading: not two letters, whatever codes are recognised and in any case
    // (two letters, in either case and assigned or not, are open: open-values.check.ts).
    const countries = ['AUS', 'A1', '036', 'Australia'] satisfies (typeof invalidCountries)[number][];
    const exchanges = await Promise.all(countries.map((country) => getEnrich({ country })));
    expectEach(exchanges, (exchange) => expectStatus(exchange, 400));
  },
  { needs: ['enrich'] },
);

check(
  'GET /enrich with an accountType outside its six values (checking, current, investment) is refused with 400',
  ['ENRICH-11', 'ERR-11'],
  async () => {
    // Why invalid under every reading: none is a listed value in another case or with other separators
    // (creditcard, Savings: open readings, not sent here).
    const types = ['checking', 'current', 'investment'] satisfies (typeof invalidAccountTypes)[number][];
    const exchanges = await Promise.all(types.map((accountType) => getEnrich({ accountType })));
    expectEach(exchanges, (exchange) => expectStatus(exchange, 400));
  },
  { needs: ['enrich'] },
);

check(
  'GET /enrich with an amount that is not a decimal number (abc, --5, +-5) is refused with 400',
  ['ENRICH-13', 'ERR-11'],
  async () => {
    // Why invalid under every reading: no base-ten number can be read from them. A decimal comma (12,50)
    // or an exponent (1e3) is a notation some decimal parser reads: judged in open-values.check.ts.
    const amounts = ['abc', '--5', '+-5'] satisfies (typeof invalidAmounts)[number][];
    const exchanges = await Promise.all(
      amounts.map((amount) => getEnrich({ accountType: 'transaction', amount })),
    );
    expectEach(exchanges, (exchange) => expectStatus(exchange, 400));
  },
  { needs: ['enrich'] },
);

/**
 * One invalid value per parameter, with the parameter the refusal must name and the parameter's own rule,
 * which an acceptance breaks: ENRICH-14 holds the refusal's code and source.parameter, not the refusal.
 */
const invalidValues: [keyof EnrichParameters, string, RequirementId][] = [
  ['q', 'KF', 'ENRICH-03'], // two letters: short by every count
  ['institution', unknownInstitution, 'ENRICH-06'], // no service issued it
  ['country', 'AUS', 'ENRICH-07'], // three letters: no alpha-2 form
  ['accountType', 'checking', 'ENRICH-11'], // not one of the six in any case or spelling
  ['amount', 'abc', 'ENRICH-13'], // letters: no number at all
];

for (const [parameter, value, refusal] of invalidValues) {
  check(
    `GET /enrich refuses an invalid ${parameter} ("${value}") with 400, code parameter-not-valid and source.parameter "${parameter}"`,
    ['ENRICH-14', refusal, 'ERR-11'],
    async () => {
      const exchange = await getEnrich({
        ...(parameter === 'amount' ? { accountType: 'transaction' } : {}),
        [parameter]: value,
      });
      expectErrorList(exchange, { status: [400], code: ['parameter-not-valid'], parameter, refusal });
    },
    { needs: ['enrich'] },
  );
}
