import { expectRefused } from '../../src/checks/error-list.ts';
import { check } from '../../src/checks/check.ts';
import {
  expectFilterAlgebra,
  expectRefusedOrReadAs,
  filterOf,
  predicted,
  valuesSeen,
  type FilterAlgebraOptions,
  type FilterTerm,
} from '../../src/checks/filter-algebra.ts';
import { expectStatus, expectStatusOf, expectThat } from '../../src/checks/failures.ts';
import { api } from '../../src/checks/run-context.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { unknownId } from '../shared/identifiers.ts';
import { connectionsPath, fixture } from '../shared/fixture-connection.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { filterProperties, fixtureConnectionItems } from './support.ts';

// Spec: Endpoints > GET {base_url}/users/{user.id}/connections — "Query: `filter` (optional), properties
// `id`, `status`, `institution.id`. Expression shape: `<property>.<operator>('<value>')`, the operator `eq`
// is the one seen." The values filtered on are taken from the unfiltered list itself, and a value no
// connection has must select nothing ("exactly the connections with that ...").

const probedValues = 10;

async function filterSetup(): Promise<FilterAlgebraOptions & { universe: unknown[] }> {
  const { items } = await fixtureConnectionItems();
  const path = connectionsPath(fixture('userId'));
  return { fetch: (filter) => api().get(path, { filter }), universe: items };
}

/**
 * Each value seen for the property, and one the service cannot know, each selects exactly its
 * connections; the unknown value may instead be refused with a 4xx error list: a service that looks the
 * value up (a status, an institution, a connection: "an error when the identifier is invalid") may refuse
 * one it does not know (AMB-CONN-08).
 */
async function expectEqFilters(property: string, unknownValue: string): Promise<void> {
  const options = await filterSetup();
  const seen = valuesSeen(options.universe, property, { limit: probedValues });
  const unknownTerm: FilterTerm = { property, operator: 'eq', value: unknownValue };
  await Promise.all([
    ...seen.map((value) => expectFilterAlgebra(options, [{ property, operator: 'eq', value }])),
    (async () => {
      const exchange = await options.fetch(filterOf([unknownTerm]) as string);
      const status = exchange.response?.status ?? 0;
      if (status >= 400 && status < 500) return expectRefused(exchange);
      await expectFilterAlgebra(options, [unknownTerm]);
    })(),
  ]);
}

check(
  "filter=id.eq('<id>') returns exactly the connection with that id, and none for an id no connection has (or refuses that id)",
  ['CONN-04'],
  () => expectEqFilters('id', unknownId('connection')),
  { needs: ['userId'] },
);

check(
  "filter=status.eq('<status>') returns exactly the connections with that status, and none for a status no connection has (or refuses that status)",
  ['CONN-05'],
  () => expectEqFilters('status', unknownId('status')),
  { needs: ['userId'] },
);

check(
  "filter=institution.id.eq('<id>') returns exactly the connections to that institution, and none for an institution no connection has (or refuses that id)",
  ['CONN-06'],
  () => expectEqFilters('institution.id', unknownId('institution')),
  { needs: ['userId'] },
);

check(
  'A connections filter that matches nothing answers 200 with an empty data array',
  ['CONN-07'],
  async () => {
    // A value the service knows, so no reading lets it refuse the filter: an institution of the catalogue
    // that none of the user's connections is to (an unknown value may be refused: AMB-CONN-08).
    const [{ items }, institutions] = await Promise.all([
      fixtureConnectionItems(),
      api().get('/institutions'),
    ]);
    const held = new Set(valuesSeen(items, 'institution.id'));
    const catalogue = (institutions.response?.body as { data?: { id?: unknown }[] } | undefined)?.data;
    const other = (Array.isArray(catalogue) ? catalogue : [])
      .map((institution) => institution.id)
      .find((id): id is string => typeof id === 'string' && !id.includes("'") && !held.has(id));
    if (other === undefined)
      throw new NotExercised(
        'GET /institutions named no institution that the fixture user has no connection to',
      );
    const path = connectionsPath(fixture('userId'));
    const exchange = await api().get(path, { filter: `institution.id.eq('${other}')` });
    expectStatus(exchange, 200);
    const data = (exchange.response.body as { data?: unknown } | null)?.data;
    expectThat(
      Array.isArray(data) && data.length === 0,
      `expected an empty data array, got ${JSON.stringify(data)}`,
      exchange,
    );
  },
  { needs: ['userId'] },
);

/**
 * A filter of several expressions (AMB-CONN-05): refused with a 4xx error list, or answered with exactly
 * the connections of every term ("all") or of any term ("any"). An answer that fits neither reading shows
 * an expression dropped or misapplied.
 */
async function expectCombined(
  options: FilterAlgebraOptions & { universe: unknown[] },
  terms: FilterTerm[],
): Promise<void> {
  const filter = filterOf(terms);
  if (filter === null) throw new NotExercised('the filter values hold a quote the grammar cannot write');
  const exchange = await options.fetch(filter);
  const status = exchange.response?.status ?? 0;
  if (status >= 400 && status < 500) return expectRefused(exchange);
  expectStatus(exchange, 200);
  const data = (exchange.response.body as { data?: unknown } | null)?.data;
  expectThat(Array.isArray(data), `expected a data array, got ${JSON.stringify(data)}`, exchange);
  const ids = (items: unknown[]) =>
    new Set(items.map((item) => String((item as { id?: unknown } | null)?.id)));
  const got = ids(data);
  const readings = (['all', 'any'] as const).map((combine) =>
    ids(predicted(options.universe, terms, { combine })),
  );
  const matches = readings.some(
    (expected) => expected.size === got.size && [...expected].every((id) => got.has(id)),
  );
  expectThat(
    matches,
    `filter=${filter}: expected the connections of every term [${[...(readings[0] ?? [])].join(', ')}] or of any term [${[...(readings[1] ?? [])].join(', ')}], got [${[...got].join(', ')}]`,
    exchange,
  );
}

check(
  'Several connections filters together, comma-separated, each naming the same connection, answer that connection (or are refused: the spec does not show the combined form)',
  ['CONN-39'],
  async () => {
    const options = await filterSetup();
    const first = options.universe[0] as Record<string, unknown>;
    const terms: FilterTerm[] = filterProperties.flatMap((property) => {
      const value =
        property === 'institution.id'
          ? (first.institution as { id?: unknown } | undefined)?.id
          : first[property];
      return typeof value === 'string' ? [{ property, operator: 'eq' as const, value }] : [];
    });
    if (terms.length < 2)
      throw new NotExercised('the first connection has no two filter values the grammar can write');
    await expectCombined(options, terms);
  },
  { needs: ['userId'] },
);

check(
  "Two connections filters together, id.eq('<a>'),id.eq('<b>') and id.eq('<a>'),id.eq('<unknown>'), answer the connections of any term or of every term, or are refused: no expression is dropped",
  ['CONN-39'],
  async () => {
    const options = await filterSetup();
    const ids = valuesSeen(options.universe, 'id', { limit: 2 });
    if (ids.length < 2)
      throw new NotExercised('the fixture user has fewer than two connections to name together');
    const [a, b] = ids as [string, string];
    const eq = (value: string): FilterTerm => ({ property: 'id', operator: 'eq', value });
    // Terms that disagree, so under either reading the answer depends on both: a and b show one term
    // dropped (a alone, or b alone), a and an id no connection has show both dropped (the whole list).
    await Promise.all([
      expectCombined(options, [eq(a), eq(b)]),
      expectCombined(options, [eq(a), eq(unknownId('connection'))]),
    ]);
  },
  { needs: ['userId'] },
);

check(
  'A connections filter that is not a well-formed expression is refused with a 4xx error list, or, a near miss, read as the expression it nearly is; never ignored, never a 5xx',
  ['CONN-36', 'ERR-11'],
  async () => {
    const path = connectionsPath(fixture('userId'));
    const fetch = (filter: string) => api().get(path, { filter });
    const id = fixture('connectionId') || unknownId('connection');
    // None has the shape <property>.<operator>('<value>') the spec states, but a lenient parser may still
    // read each near miss as the expression it nearly is: refused, or answered as that one is.
    const nearMisses = [
      [`id.eq('${id}'`, `id.eq('${id}')`], // the parenthesis never closes
      [`id.eq(${id}`, `id.eq('${id}')`], // neither quote nor parenthesis
      [`id.eq('${id})`, `id.eq('${id}')`], // the quote never closes
      [`status.eq('active'))`, `status.eq('active')`], // one parenthesis too many
    ] as const;
    await Promise.all(nearMisses.map(([nearMiss, meant]) => expectRefusedOrReadAs(fetch, nearMiss, meant)));
    // Why invalid under every reading: no property, operator or value can be read from it.
    expectRefused(await fetch(')('));
  },
  { needs: ['userId'] },
);

check(
  "A connections filter with ne is refused with a 4xx error list, or, if accepted, applied: id.ne('<id>') answers exactly the other connections",
  ['CONN-37', 'ERR-11'],
  async () => {
    const options = await filterSetup();
    const id = valuesSeen(options.universe, 'id', { limit: 1 })[0];
    if (id === undefined) throw new NotExercised('no connection of the fixture user has an id to filter on');
    const term: FilterTerm = { property: 'id', operator: 'ne', value: id };
    const exchange = await options.fetch(filterOf([term]) as string);
    const status = exchange.response?.status ?? 0;
    // "the operator `eq` is the one seen": refusing ne is as conformant as applying it (AMB-CONN-07).
    if (status >= 400 && status < 500) {
      expectRefused(exchange);
      return;
    }
    await expectFilterAlgebra(options, [term]);
  },
  { needs: ['userId'] },
);

check(
  'A connections filter on a property not listed, one no connection carries, is refused with a 4xx error list, or applied: it selects no connection, never the whole list',
  ['CONN-42', 'ERR-11'],
  async () => {
    const options = await filterSetup();
    // Letters only, so every grammar reads it as a property: a service that lists its properties refuses
    // it, and a generic filter finds it on no connection (AMB-CONN-09). Ignoring it shows in the answer.
    const filter = `fdsUnlistedProperty.eq('${unknownId('value')}')`;
    const exchange = await options.fetch(filter);
    const status = exchange.response?.status ?? 0;
    if (status >= 400) return expectRefused(exchange);
    expectStatus(exchange, 200);
    const data = (exchange.response.body as { data?: unknown } | null)?.data;
    expectThat(
      Array.isArray(data) && data.length === 0,
      `filter=${filter} names a property no connection carries: it must be refused, or select nothing; it answered ${Array.isArray(data) ? `${data.length} of the ${options.universe.length} connection(s)` : JSON.stringify(data)}`,
      exchange,
    );
  },
  { needs: ['userId'] },
);

check(
  'eq matches a whole value: a connections filter on a value one of the fixture connections begins with, but none has, selects no connection (or is refused)',
  ['CONN-05', 'CONN-04', 'CONN-06', 'ERR-11'],
  async () => {
    const { items } = await fixtureConnectionItems();
    const requirementOf = {
      status: 'CONN-05',
      id: 'CONN-04',
      'institution.id': 'CONN-06',
    } as const satisfies Record<(typeof filterProperties)[number], RequirementId>;
    const path = connectionsPath(fixture('userId'));
    for (const property of Object.keys(requirementOf) as (keyof typeof requirementOf)[]) {
      const held = new Set(valuesSeen(items, property));
      // The value cut short by its last character: a different value no connection has, so eq, which
      // compares whole values, selects none; a service may refuse a value it does not know (AMB-CONN-08).
      const prefix = [...held]
        .map((value) => value.slice(0, -1))
        .find((value) => value.length > 0 && !held.has(value) && !value.includes("'"));
      if (prefix === undefined) continue;
      const exchange = await api().get(path, { filter: `${property}.eq('${prefix}')` });
      const status = exchange.response?.status ?? 0;
      if (status >= 400 && status < 500) {
        expectRefused(exchange);
        continue;
      }
      expectStatusOf(requirementOf[property], exchange, 200);
      const data = (exchange.response.body as { data?: unknown } | null)?.data;
      const selected = (Array.isArray(data) ? data : []).map((c) => (c as { id?: unknown } | null)?.id);
      expectThat(
        selected.length === 0,
        `${property}.eq('${prefix}') names a value no connection has, yet selected ${selected.join(', ')}`,
        exchange,
        requirementOf[property],
      );
    }
  },
  { needs: ['userId'] },
);
