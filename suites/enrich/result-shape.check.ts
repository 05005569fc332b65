import { countries } from '../../src/types/countries.ts';
import { isObject } from '../../src/checks/error-body.ts';
import { check } from '../../src/checks/check.ts';
import { expectThat, Failure } from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { preview } from '../../src/validation/validator.ts';
import {
  anyQuery,
  enrichFixture,
  enrichResult,
  expectEach,
  getEnrich,
  judgeable,
  nothingToJudge,
  sampleResults,
} from './support.ts';

// Spec: Resources and their fields > Enrich result (with Merchant, Location, Category and Links). Field
// checks judge every result the suite can get (the profile's matching and no-match queries and a
// classified query); member checks judge the matched result, and are not exercised when its member is null.

/** Each sample result judged only under the pointers of one field-level requirement. */
async function expectFieldsOfSamples(pointers: string[]): Promise<void> {
  const exchanges = await sampleResults();
  expectEach(exchanges, (exchange) => {
    enrichResult(exchange);
    expectResource(exchange, 'enrich', pointers);
  });
}

/** The result of the profile's matching query, whose member `name` must be an object to be judged. */
async function matchedMember(name: 'merchant' | 'location' | 'category'): Promise<Exchange> {
  const [exchange] = judgeable([await getEnrich({ q: enrichFixture().matchingQuery })]) as [Exchange];
  const { data } = enrichResult(exchange);
  if (!isObject(data?.[name]))
    nothingToJudge(
      `the result of fixtures.enrich.matchingQuery has no ${name} object to judge (data.${name} is ${preview(data?.[name])})`,
    );
  return exchange;
}

check('An enrich result carries type "enrich"', ['ENRICH-21'], () => expectFieldsOfSamples(['/type']), {
  needs: ['enrich'],
});

check(
  'An enrich result carries direction, "debit" or "credit"',
  ['ENRICH-22'],
  () => expectFieldsOfSamples(['/direction']),
  { needs: ['enrich'] },
);

check(
  'An enrich result carries class, a string naming the kind of transaction',
  ['ENRICH-23'],
  () => expectFieldsOfSamples(['/class']),
  { needs: ['enrich'] },
);

check(
  "An enrich result's data is an object with members merchant, location and category, each an object or null",
  ['ENRICH-24'],
  async () => {
    const exchanges = await sampleResults();
    expectEach(exchanges, (exchange) => {
      const { data } = enrichResult(exchange);
      expectThat(isObject(data), `data must be an object, got ${preview(data)}`, exchange);
      const wrong = (['merchant', 'location', 'category'] as const).filter(
        (member) => !(member in data) || !(data[member] === null || isObject(data[member])),
      );
      expectThat(
        wrong.length === 0,
        `data.merchant, data.location and data.category must each be present, an object or null: ${wrong
          .map((member) => `data.${member} is ${preview(data[member])}`)
          .join('; ')}`,
        exchange,
      );
    });
  },
  { needs: ['enrich'] },
);

check(
  "An enrich result's links is an object with members self (a link), logo-master and logo-thumb",
  ['ENRICH-25'],
  async () => {
    const exchanges = await sampleResults();
    expectEach(exchanges, (exchange) => {
      const { links } = enrichResult(exchange);
      expectThat(isObject(links), `links must be an object, got ${preview(links)}`, exchange);
      const missing = (['self', 'logo-master', 'logo-thumb'] as const).filter((member) => !(member in links));
      expectThat(
        missing.length === 0,
        `links must have members self, logo-master and logo-thumb; missing: ${missing.join(', ')}`,
        exchange,
      );
      expectThat(
        typeof links.self === 'string' && links.self !== '',
        `links.self must be a link (a string), got ${preview(links.self)}`,
        exchange,
      );
    });
  },
  { needs: ['enrich'] },
);

/** links.self of a 200 answer, resolved against the request; the check is not exercised without one. */
function selfOf(exchange: Exchange): URL {
  const self = enrichResult(exchange).links?.self;
  if (typeof self !== 'string') nothingToJudge(`links.self is ${preview(self)}, not a link to compare`);
  try {
    return new URL(self, exchange.request.url);
  } catch {
    throw new Failure(`links.self ${preview(self)} is not a URL reference`, exchange);
  }
}

check(
  "An enrich result's links.self refers to the original query: the enrich address with the q sent, or a link of the query's own",
  ['ENRICH-26'],
  async () => {
    const queries = [...new Set([anyQuery(), 'EFTPOS PURCHASE 1234 SYDNEY'])];
    const exchanges = judgeable(await Promise.all(queries.map((q) => getEnrich({ q }))));
    const links = exchanges.map((exchange) => ({ exchange, url: selfOf(exchange) }));
    expectEach(links, ({ exchange, url }) => {
      const sent = new URL(exchange.request.url).searchParams.get('q');
      // The enrich address itself must carry the query, its parameters in any order and spaces as + or
      // %20; any other link is read as the query as the service keeps it (AMB-ENRICH-11).
      if (!/\/enrich\/?$/.test(url.pathname)) return;
      expectThat(
        url.search !== '' && (!url.searchParams.has('q') || url.searchParams.get('q') === sent),
        `links.self should refer to the query sent (q ${preview(sent)}), got ${preview(url.href)}`,
        exchange,
      );
    });
    // Under every reading a reference to a query tells it apart from another query.
    const [first, second] = links;
    if (first && second)
      expectThat(
        first.url.href !== second.url.href,
        `two different queries got the same links.self ${preview(first.url.href)}: it refers to neither`,
        second.exchange,
      );
  },
  { needs: ['enrich'] },
);

/** A location's country as an ISO 3166 alpha-2 code: given as a code (any case) or an English name. */
function countryCodeOf(country: unknown): string | undefined {
  if (typeof country !== 'string') return undefined;
  if (/^[A-Za-z]{2}$/.test(country)) return country.toUpperCase();
  return countries.getAlpha2Code(country, 'en');
}

check(
  "A matched merchant's location lies in the country the query named (location.country given as a code or a name)",
  ['ENRICH-08'],
  async () => {
    const exchange = await matchedMember('location');
    const location = enrichResult(exchange).data?.location as Record<string, unknown>;
    // Whether location.country is a name or a code is not shown (AMB-ENRICH-13): both are compared.
    const country = countryCodeOf(location.country);
    if (country === undefined)
      nothingToJudge(`location.country is ${preview(location.country)}, neither a country code nor a name`);
    const asked = enrichFixture().country;
    expectThat(
      country === asked.toUpperCase(),
      `country=${asked} limits the search to that country, but the matched location is in ${preview(location.country)}`,
      exchange,
    );
  },
  { needs: ['enrich', 'enrichMatch'] },
);

/** Countries ISO 3166 assigns, to ask the matching query again in: two other than the profile's. */
function otherCountries(country: string): string[] {
  return ['NZ', 'GB', 'US'].filter((code) => code !== country.toUpperCase()).slice(0, 2);
}

check(
  'With the matching query and another country, a matched location lies in that other country: country limits the search, whatever else matches',
  ['ENRICH-08'],
  async () => {
    const { matchingQuery } = enrichFixture();
    const exchanges = await Promise.all(
      otherCountries(enrichFixture().country).map((country) => getEnrich({ q: matchingQuery, country })),
    );
    // Whether another country is answered 200 with the profile's institution is ENRICH-01's to judge.
    expectEach(judgeable(exchanges), (exchange) => {
      const asked = new URL(exchange.request.url).searchParams.get('country');
      const location = enrichResult(exchange).data?.location;
      // No match in the other country is the limit at work; a form of country that is neither a code nor
      // a name is not judged (AMB-ENRICH-13).
      if (!isObject(location)) return;
      const country = countryCodeOf(location.country);
      if (country === undefined) return;
      expectThat(
        country === asked,
        `country=${String(asked)} limits the search to that country, but the query matched a location in ${preview(location.country)}`,
        exchange,
      );
    });
  },
  { needs: ['enrich', 'enrichMatch'] },
);

check(
  "A merchant's id and businessName are strings, and so is its website when it has one",
  ['ENRICH-27'],
  async () => {
    const exchange = await matchedMember('merchant');
    expectResource(exchange, 'enrich', [
      '/data/merchant/id',
      '/data/merchant/businessName',
      '/data/merchant/website',
    ]);
  },
  { needs: ['enrich', 'enrichMatch'] },
);

check(
  "A merchant's phoneNumber, when it has one, is an object with local and international strings",
  ['ENRICH-28'],
  async () => {
    const exchange = await matchedMember('merchant');
    expectResource(exchange, 'enrich', ['/data/merchant/phoneNumber']);
  },
  { needs: ['enrich', 'enrichMatch'] },
);

check(
  "A location's postalCode, suburb, state, country and formattedAddress are strings where it has them",
  ['ENRICH-29'],
  async () => {
    const exchange = await matchedMember('location');
    expectResource(
      exchange,
      'enrich',
      ['postalCode', 'suburb', 'state', 'country', 'formattedAddress'].map((m) => `/data/location/${m}`),
    );
  },
  { needs: ['enrich', 'enrichMatch'] },
);

check(
  "A location's geometry is an object with lat and lng, both strings",
  ['ENRICH-30'],
  async () => {
    const exchange = await matchedMember('location');
    expectResource(exchange, 'enrich', ['/data/location/geometry']);
  },
  { needs: ['enrich', 'enrichMatch'] },
);

check(
  'A category is an object anzsic with members division, subdivision, group and class, each with code and title strings',
  ['ENRICH-31'],
  async () => {
    const exchange = await matchedMember('category');
    expectResource(exchange, 'enrich', ['/data/category']);
  },
  { needs: ['enrich', 'enrichMatch'] },
);

/** The logo links of a result, by name. */
function logos(exchange: Exchange): [string, unknown][] {
  const { links } = enrichResult(exchange);
  return [
    ['logo-master', links?.['logo-master']],
    ['logo-thumb', links?.['logo-thumb']],
  ];
}

check(
  'links.logo-master is a link (a string) or null',
  ['ENRICH-32'],
  async () => {
    const exchanges = await sampleResults();
    expectEach(exchanges, (exchange) => {
      const master = enrichResult(exchange).links?.['logo-master'];
      expectThat(
        master === null || (typeof master === 'string' && master !== ''),
        `links.logo-master must be a link or null, got ${preview(master)}`,
        exchange,
      );
    });
  },
  { needs: ['enrich'] },
);

check(
  'links.logo-thumb is a link whenever links.logo-master is (the master is given for both when no thumbnail exists)',
  ['ENRICH-33'],
  async () => {
    const exchanges = await sampleResults();
    expectEach(exchanges, (exchange) => {
      const { links } = enrichResult(exchange);
      const master = links?.['logo-master'];
      const thumb = links?.['logo-thumb'];
      if (typeof master !== 'string' || master === '') return;
      expectThat(
        typeof thumb === 'string' && thumb !== '',
        `links.logo-master is ${preview(master)}, so links.logo-thumb must be a link too (the master itself when no thumbnail exists), got ${preview(thumb)}`,
        exchange,
      );
    });
  },
  { needs: ['enrich'] },
);

const logoFormats = new Set(['svg', 'png', 'jpg', 'jpeg', 'gif']);

/**
 * Extensions that name some other image or document format. An extension outside both sets (`.php`,
 * `.ashx`, `.v2`) does not show the format of what the link serves, so such a link is not judged.
 */
const otherFormats = new Set([
  'webp',
  'bmp',
  'tif',
  'tiff',
  'ico',
  'avif',
  'heic',
  'heif',
  'jxl',
  'jp2',
  'pdf',
  'eps',
  'psd',
]);

check(
  'Logo links whose path shows a file extension point to an svg, png, jpg, jpeg or gif image',
  ['ENRICH-34'],
  async () => {
    const exchanges = await sampleResults();
    expectEach(exchanges, (exchange) => {
      const wrong: string[] = [];
      for (const [name, link] of logos(exchange)) {
        if (typeof link !== 'string') continue;
        let path: string;
        try {
          path = new URL(link, exchange.request.url).pathname;
        } catch {
          continue;
        }
        const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
        if (extension && otherFormats.has(extension) && !logoFormats.has(extension))
          wrong.push(`links.${name} is ${preview(link)} (.${extension})`);
      }
      expectThat(
        wrong.length === 0,
        `logo formats are svg, png, jpg, jpeg and gif: ${wrong.join('; ')}`,
        exchange,
      );
    });
  },
  { needs: ['enrich'] },
);
