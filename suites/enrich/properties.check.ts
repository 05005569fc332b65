import fc from 'fast-check';
import { check } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { expectStatus } from '../../src/checks/failures.ts';
import { forAll } from '../../src/checks/property.ts';
import { expectResource } from '../../src/checks/resource.ts';
import {
  countryCode,
  description,
  descriptionOrFixture,
  invalidParameter,
  optionalParameters,
} from '../../src/checks/arbitraries/enrich.ts';
import { anyQuery, fixtureQueries, getEnrich } from './support.ts';

// Spec: Endpoints > GET {base_url}/enrich — "Response: always 200 with an enrich result when inputs are
// valid. […] Invalid parameters return an error list (400)"; Errors — "invalid parameter values return
// 400 with code `parameter-not-valid` and `source.parameter` naming the parameter". The quote of
// ENRICH-01 covers every valid input, optional parameters included, so the valid properties prove it.

check(
  'Any valid description, with the profile institution and country, gets 200 and a valid enrich result',
  ['ENRICH-01'],
  async () => {
    await forAll(descriptionOrFixture(fixtureQueries()), async (q) => {
      const exchange = await getEnrich({ q });
      expectStatus(exchange, 200);
      expectResource(exchange, 'enrich');
    });
  },
  { needs: ['enrich'] },
);

check(
  'Any ISO 3166 alpha-2 country gets 200 and a valid enrich result',
  ['ENRICH-01'],
  async () => {
    await forAll(fc.record({ country: countryCode, q: description }), async ({ country, q }) => {
      const exchange = await getEnrich({ q, country });
      expectStatus(exchange, 200);
      expectResource(exchange, 'enrich');
    });
  },
  { needs: ['enrich'] },
);

check(
  'Any valid accountType, signed decimal amount and mcc, each present or absent, gets 200 and a valid enrich result',
  ['ENRICH-01'],
  async () => {
    await forAll(optionalParameters, async (optional) => {
      const exchange = await getEnrich({ q: anyQuery(), ...optional });
      expectStatus(exchange, 200);
      expectResource(exchange, 'enrich');
    });
  },
  { needs: ['enrich'] },
);

check(
  'A valid query with one parameter made invalid gets 400, code parameter-not-valid and source.parameter naming that parameter',
  ['ENRICH-14', 'ERR-11'],
  async () => {
    await forAll(
      fc.record({ optional: optionalParameters, invalid: invalidParameter }),
      async ({ optional, invalid }) => {
        const exchange = await getEnrich({ ...optional, [invalid.parameter]: invalid.value });
        expectErrorList(exchange, {
          status: [400],
          code: ['parameter-not-valid'],
          parameter: invalid.parameter,
        });
      },
    );
  },
  { needs: ['enrich'] },
);
