import { check } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { Failure } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { expectEach, getEnrich, type EnrichParameters } from './support.ts';

// Spec: Errors — "Enrich: invalid parameter values return 400 with code `parameter-not-valid` and
// `source.parameter` naming the parameter"; GET {base_url}/enrich — "always 200 with an enrich result when
// inputs are valid". Whether each value below is valid the spec leaves open
// (src/requirements/ambiguities/enrich.json): whichever reading a service takes, it must answer as that
// reading requires, and nothing else.

interface OpenValue {
  parameter: keyof EnrichParameters;
  value: string;
  /** Why the value's validity is open, for the finding. */
  why: string;
}

const openValues: OpenValue[] = [
  { parameter: 'q', value: '東京', why: 'two characters but six UTF-8 bytes (AMB-ENRICH-02)' },
  { parameter: 'q', value: ' KF ', why: 'four characters, two once the blanks are trimmed (AMB-ENRICH-03)' },
  { parameter: 'country', value: 'au', why: 'a code in lower case (AMB-ENRICH-04)' },
  { parameter: 'country', value: 'XX', why: 'two letters ISO 3166 assigns to no country (AMB-ENRICH-05)' },
  { parameter: 'country', value: 'ZZ', why: 'two letters ISO 3166 assigns to no country (AMB-ENRICH-05)' },
  { parameter: 'mcc', value: 'ABCD', why: 'not a four-digit merchant category code (AMB-ENRICH-06)' },
  { parameter: 'mcc', value: '541', why: 'three digits (AMB-ENRICH-06)' },
  { parameter: 'accountType', value: 'Savings', why: 'a listed value in other case (AMB-ENRICH-07)' },
  { parameter: 'accountType', value: 'CREDIT-CARD', why: 'a listed value in capitals (AMB-ENRICH-07)' },
  {
    parameter: 'accountType',
    value: 'creditcard',
    why: 'credit-card without its hyphen, which a service folding separators reads as credit-card',
  },
  {
    parameter: 'accountType',
    value: 'credit_card',
    why: 'credit-card with an underscore, which a service folding separators reads as credit-card',
  },
  { parameter: 'amount', value: '+12.50', why: 'a leading plus (AMB-ENRICH-08)' },
  { parameter: 'amount', value: '12', why: 'an integer without fraction (AMB-ENRICH-08)' },
  { parameter: 'amount', value: '.5', why: 'no leading digit (AMB-ENRICH-08)' },
  // Other notations of a decimal number, each read by some decimal parser (AMB-ENRICH-08): taken by a
  // lenient reading of "signed decimal", so refusing them is a reading, not the rule.
  {
    parameter: 'amount',
    value: '1e3',
    why: 'an exponent, which BigDecimal and Decimal read (AMB-ENRICH-08)',
  },
  { parameter: 'amount', value: '-1E-2', why: 'a negative exponent (AMB-ENRICH-08)' },
  { parameter: 'amount', value: '12,50', why: 'a decimal comma, as ISO 80000 allows (AMB-ENRICH-08)' },
  { parameter: 'amount', value: '1,000.00', why: 'digits grouped by a comma (AMB-ENRICH-08)' },
  { parameter: 'amount', value: '12 50', why: 'a blank a lenient parser strips (AMB-ENRICH-08)' },
  {
    parameter: 'amount',
    value: '1.2.3',
    why: 'points a lenient locale parser takes for grouping (AMB-ENRICH-08)',
  },
  { parameter: 'amount', value: '$12.50', why: 'a currency sign a money parser strips (AMB-ENRICH-08)' },
  { parameter: 'amount', value: 'NaN', why: 'a word decimal libraries read as a number (AMB-ENRICH-08)' },
  {
    parameter: 'amount',
    value: 'Infinity',
    why: 'a word decimal libraries read as a number (AMB-ENRICH-08)',
  },
  { parameter: 'amount', value: '', why: 'an empty optional parameter (AMB-ENRICH-09)' },
  { parameter: 'mcc', value: '', why: 'an empty optional parameter (AMB-ENRICH-09)' },
  { parameter: 'accountType', value: '', why: 'an empty optional parameter (AMB-ENRICH-09)' },
];

/** The answer as one of the two readings requires: the result of a valid input, or the refusal of an invalid one. */
function expectResultOrRefusal(exchange: Exchange, open: OpenValue): void {
  const { parameter, why } = open;
  if (exchange.response?.status === 200) {
    expectResource(exchange, 'enrich');
    return;
  }
  try {
    expectErrorList(exchange, { status: [400], code: ['parameter-not-valid'], parameter });
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    throw new Failure(
      `${parameter} ${JSON.stringify(open.value)} is ${why}: taken, it gets 200 with an enrich result; refused, 400 parameter-not-valid naming ${parameter}. ${error.message}`,
      exchange,
    );
  }
}

check(
  'GET /enrich with a value whose validity the spec leaves open is answered 200 with an enrich result, or refused with 400 parameter-not-valid naming the parameter',
  ['ENRICH-36'],
  async () => {
    const exchanges = await Promise.all(
      openValues.map((open) =>
        getEnrich({
          // An amount is sent with an account type, so the pair classifies (AMB-ENRICH-10 stays aside).
          ...(open.parameter === 'amount' ? { accountType: 'transaction' } : {}),
          [open.parameter]: open.value,
        }),
      ),
    );
    expectEach(
      exchanges.map((exchange, index) => ({ exchange, open: openValues[index] as OpenValue })),
      ({ exchange, open }) => expectResultOrRefusal(exchange, open),
    );
  },
  { needs: ['enrich'] },
);
