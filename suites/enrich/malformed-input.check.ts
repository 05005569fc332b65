import { expectRefused } from '../../src/checks/error-list.ts';
import { check } from '../../src/checks/check.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api } from '../../src/checks/run-context.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { enrichFixture, expectEach, getEnrich } from './support.ts';

// Spec: Endpoints > GET {base_url}/enrich — "always 200 with an enrich result when inputs are valid. […]
// Invalid parameters return an error list (400)"; Errors — "An error response has a valid HTTP status and
// the error list body". The spec sets no maximum length for q and no rule for malformed encodings or
// repeated parameters: a service may take such input or refuse it with any client error (a 414 for a
// long address too), but no reading lets input fail the service with a 5xx (ERR-11).

/** A query string sent exactly as written: the institution and country of the fixture, then `rest`. */
function getRawEnrich(rest: string): Promise<Exchange> {
  const { institution, country } = enrichFixture();
  const fixed = `institution=${encodeURIComponent(institution)}&country=${encodeURIComponent(country)}`;
  return api().get(`/enrich?${fixed}&${rest}`);
}

check(
  'GET /enrich with malformed or extreme input (a q of 2,000 characters, broken percent-encoding, a repeated parameter, control characters) gets 200 with an enrich result or a 4xx error list, never a 5xx',
  ['ENRICH-35', 'ERR-11'],
  async () => {
    const exchanges = await Promise.all([
      getEnrich({ q: `EFTPOS ${'WOOLWORTHS SYDNEY '.repeat(111)}`.slice(0, 2000) }),
      // A byte that is no UTF-8, an escape with no hex digits and a lone % at the end.
      getRawEnrich('q=CAF%E9%20%ZZ%20SHOP%'),
      // An escape cut short, as a naive decodeURIComponent throws on.
      getRawEnrich('q=COFFEE%E0%A4%A'),
      getRawEnrich('q=COFFEE%20SHOP&q=KFC%20SYDNEY'),
      getRawEnrich('q=COFFEE%20SHOP&country=NZ'),
      getRawEnrich('q=COFFEE%00SHOP%0D%0ASYDNEY%1B'),
    ]);
    expectEach(exchanges, (exchange) => {
      if (exchange.response?.status === 200) expectResource(exchange, 'enrich');
      else expectRefused(exchange, [400]);
    });
  },
  { needs: ['enrich'] },
);
