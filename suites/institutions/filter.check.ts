import { check, NotExercised } from '../../src/checks/check.ts';
import { expectErrorList, expectRefused } from '../../src/checks/error-list.ts';
import {
  expectComplementary,
  expectFilterAlgebra,
  expectRefusedOrReadAs,
  filterOf,
  valuesSeen,
  type FilterAlgebraOptions,
} from '../../src/checks/filter-algebra.ts';
import {
  describeAnswer,
  describeRequest,
  expectStatus,
  expectThat,
  Failure,
} from '../../src/checks/failures.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import {
  allInstitutions,
  expectAcceptedForm,
  filterForm,
  filterProperties,
  institutionList,
  type AnsweredInstitution,
} from './support.ts';

// Spec: Endpoints > GET {base_url}/institutions — "Query: `filter` (optional) on properties `country`,
// `tier`, `serviceType`, `institutionType`, `stage`; only `eq` and `ne` are supported." The property is
// written in the first form the server accepts, bare or `institution.`-prefixed (AMB-INST-01).

/**
 * The values of a property a check probes: those the institution list holds, all of them when few, otherwise
 * the two most and the two least frequent (a rare value is where a filter's bugs show); and the filter
 * options in the form the server accepts, which fails the check when it accepts none.
 */
async function probed(
  property: string,
): Promise<{ options: FilterAlgebraOptions & { universe: unknown[] }; values: string[] }> {
  const { items } = await allInstitutions();
  const seen = valuesSeen(items, property);
  const values = seen.length <= 4 ? seen : [...seen.slice(0, 2), ...seen.slice(-2)];
  const first = values[0];
  if (first === undefined)
    throw new NotExercised(`no institution of the list has a ${property} string to filter on`);
  const prefix = expectAcceptedForm(property, await filterForm(property, first));
  return {
    values,
    // An institution may omit a field (the schema requires few); how ne treats it is not shown.
    options: { fetch: (filter) => institutionList(filter), universe: items, absent: 'unknown', prefix },
  };
}

for (const property of filterProperties) {
  check(
    `filter=${property}.eq('<value>') answers exactly the institutions whose ${property} has that value`,
    ['INST-04'],
    async () => {
      const { options, values } = await probed(property);
      await Promise.all(
        values.map((value) => expectFilterAlgebra(options, [{ property, operator: 'eq', value }])),
      );
    },
  );

  check(
    `filter=${property}.ne('<value>') answers exactly the institutions whose ${property} differs from that value`,
    ['INST-05'],
    async () => {
      const { options, values } = await probed(property);
      await Promise.all(
        values.map((value) => expectFilterAlgebra(options, [{ property, operator: 'ne', value }])),
      );
    },
  );

  check(
    `filter=${property}.eq('<value>') and ${property}.ne('<value>') together answer the unfiltered list, without overlap`,
    ['INST-06'],
    async () => {
      const { options, values } = await probed(property);
      await Promise.all(values.map((value) => expectComplementary(options, property, value)));
    },
  );
}

/**
 * A value a property's filter should select nothing by though it begins values listed: the most frequent
 * value of two characters or more, its last character dropped. None when no value is that long, or when
 * the shortened value is another listed one in other case (whether equality ignores case is open,
 * AMB-INST-04, and such a value would then be selected under one reading only).
 */
function truncatedValue(items: AnsweredInstitution[], property: string): string | undefined {
  const seen = valuesSeen(items, property);
  const value = seen.find((v) => v.length >= 2);
  if (value === undefined) return undefined;
  const truncated = value.slice(0, -1);
  const lower = truncated.toLowerCase();
  return seen.some((v) => v !== truncated && v.toLowerCase() === lower) ? undefined : truncated;
}

check(
  "filter=<property>.eq('<value>') and .ne('<value>') compare whole values: a value that only begins values listed is equal to none of them",
  ['INST-04', 'INST-05'],
  async () => {
    const { items } = await allInstitutions();
    let judged = 0;
    for (const property of filterProperties) {
      const value = truncatedValue(items, property);
      if (value === undefined) continue;
      const { options } = await probed(property);
      for (const operator of ['eq', 'ne'] as const) {
        const term = { property, operator, value };
        const exchange = await institutionList(filterOf([term], options.prefix) as string);
        const status = exchange.response?.status ?? 0;
        // A service may refuse a value no institution has (a country code it does not know, say).
        if (status >= 400 && status < 500) {
          expectErrorList(exchange, { status: [status] });
          continue;
        }
        // A data that is no array has no entries to compare: INST-02's finding, or INST-21's when empty.
        if (!Array.isArray((exchange.response?.body as { data?: unknown } | null)?.data)) continue;
        try {
          await expectFilterAlgebra(options, [term]);
        } catch (error) {
          if (error instanceof Failure)
            throw new Failure(error.message, error.exchange, [operator === 'eq' ? 'INST-04' : 'INST-05']);
          throw error;
        }
        judged++;
      }
    }
    if (judged === 0)
      throw new NotExercised(
        'no property holds a value of two characters or more whose shortened form the server answers 200',
      );
  },
);

/**
 * The country filter's form for a check that probes something else than eq and ne: the most frequent
 * country and the accepted prefix. An institution list without countries, or a server that accepts no form (INST-04
 * fails that), leaves the check not exercised.
 */
async function countryProbe(): Promise<{
  items: AnsweredInstitution[];
  value: string;
  prefix: string;
  values: string[];
}> {
  const { items } = await allInstitutions();
  const values = valuesSeen(items, 'country');
  const value = values[0];
  if (value === undefined) throw new NotExercised('no institution of the list has a country to filter on');
  const { prefix } = await filterForm('country', value);
  if (prefix === undefined)
    throw new NotExercised('the server accepts no form of the country filter (see INST-04)');
  return { items, value, prefix, values };
}

const idsOf = (items: unknown[]) =>
  items.map((item) => JSON.stringify((item as AnsweredInstitution | null)?.id));

check(
  'A filter with an operator other than eq and ne is refused with a 4xx error list, or, if accepted, not ignored',
  ['INST-07', 'ERR-11'],
  async () => {
    const { items, value, prefix, values } = await countryProbe();
    // Some institutions have the country and others another: no meaning of gt or like selects them all.
    if (values.length < 2)
      throw new NotExercised('every institution has the same country, so an ignored filter cannot be told');
    const filters = ['gt', 'like'].map((operator) => `${prefix}country.${operator}('${value}')`);
    const exchanges = await Promise.all(filters.map((filter) => institutionList(filter)));
    const unfiltered = idsOf(items).sort().join();
    for (const exchange of exchanges) {
      const status = exchange.response?.status ?? 0;
      if (status >= 400 && status < 500) {
        expectErrorList(exchange, { status: [status] });
        continue;
      }
      expectStatus(exchange, 200);
      const data = (exchange.response.body as { data?: unknown } | null)?.data;
      expectThat(Array.isArray(data), `expected a data array, got ${JSON.stringify(data)}`, exchange);
      expectThat(
        idsOf(data).sort().join() !== unfiltered,
        `the filter was accepted but ignored: the answer is the whole institution list (${items.length} institutions)`,
        exchange,
      );
    }
  },
);

check(
  'An institutions filter that is not a well-formed expression is refused with a 4xx error list, or, a near miss, read as the expression it nearly is; never ignored, never a 5xx',
  ['INST-20', 'ERR-11'],
  async () => {
    const { value, prefix } = await countryProbe();
    const expression = `${prefix}country.eq`;
    const meant = `${expression}('${value}')`;
    // None has the shape <property>.<operator>('<value>') the spec states, but a lenient parser may still
    // read each near miss as the expression it nearly is: refused, or answered as that one is.
    const nearMisses = [
      `${expression}('${value}'`, // the parenthesis never closes
      `${expression}(${value}`, // neither quote nor parenthesis
      `${expression}('${value})`, // the quote never closes
      `${expression}('${value}'))`, // one parenthesis too many
    ];
    await Promise.all(nearMisses.map((nearMiss) => expectRefusedOrReadAs(institutionList, nearMiss, meant)));
    // Why invalid under every reading: no property, operator or value can be read from it.
    expectRefused(await institutionList(')('));
  },
);

/** ISO 3166 leaves ZZ to users, so no institution list holds it; its form is a country code's. */
const noCountry = 'ZZ';

check(
  'An institutions filter that matches no institution answers 200 with data an empty array and totalCount a number',
  ['INST-21'],
  async () => {
    const { prefix, values } = await countryProbe();
    if (values.includes(noCountry))
      throw new NotExercised(`the institution list holds institutions of country ${noCountry}`);
    const exchange: Exchange = await institutionList(`${prefix}country.eq('${noCountry}')`);
    const status = exchange.response?.status ?? 0;
    // A server may validate country codes and refuse ZZ: the empty answer is then not seen. A 404 says
    // the list itself is missing, which the spec's "Success: 200" rules out.
    if (status >= 400 && status < 500 && status !== 404)
      throw new NotExercised(`the server refused the country ${noCountry} itself (${status})`);
    expectStatus(exchange, 200);
    const { data, totalCount } = (exchange.response.body ?? {}) as { data?: unknown; totalCount?: unknown };
    if (!Array.isArray(data) || data.length !== 0 || typeof totalCount !== 'number')
      throw new Failure(
        `${describeRequest(exchange)}: expected data [] and a numeric totalCount for a filter matching nothing, got ${describeAnswer(exchange)}`,
        exchange,
      );
  },
);
