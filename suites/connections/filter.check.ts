import { expectRefused } from '../../src/checks/error-list.ts';
import { check } from '../../src/checks/check.ts';
import {
  expectFilterAlgebra,
  filterOf,
  predicted,
  valuesSeen,
  type FilterAlgebraOptions,
  type FilterTerm,
} from '../../src/checks/filter-algebra.ts';
import { expectStatus, expectThat } from '../../src/checks/findings.ts';
import { api } from '../../src/checks/run-context.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { connectionsPath, fixture, fixtureConnectionItems, unknownId } from './support.ts';

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
 * Each value seen for the property, and one no connection has, each selects exactly its connections.
 * `absent: 'may-refuse'` accepts a 4xx error list for the value no connection has: a service that knows
 * every status or institution may refuse a value outside them (AMB-CONN-08); an id never is.
 */
async function expectEqFilters(
  property: string,
  absentValue: string,
  absent: 'selects-nothing' | 'may-refuse' = 'selects-nothing',
): Promise<void> {
  const options = await filterSetup();
  const seen = valuesSeen(options.universe, property, { limit: probedValues });
  const absentTerm: FilterTerm = { property, operator: 'eq', value: absentValue };
  await Promise.all([
    ...seen.map((value) => expectFilterAlgebra(options, [{ property, operator: 'eq', value }])),
    (async () => {
      if (absent === 'may-refuse') {
        const exchange = await options.fetch(filterOf([absentTerm]) as string);
        const status = exchange.response?.status ?? 0;
        if (status >= 400 && status < 500) return expectRefused(exchange);
      }
      await expectFilterAlgebra(options, [absentTerm]);
    })(),
  ]);
}

check(
  "filter=id.eq('<id>') returns exactly the connection with that id, and none for an id no connection has",
  ['CONN-04'],
  () => expectEqFilters('id', unknownId('connection')),
  { needs: ['userId'] },
);

check(
  "filter=status.eq('<status>') returns exactly the connections with that status, and none for a status no connection has (or refuses that status)",
  ['CONN-05'],
  () => expectEqFilters('status', unknownId('status'), 'may-refuse'),
  { needs: ['userId'] },
);

check(
  "filter=institution.id.eq('<id>') returns exactly the connections to that institution, and none for an institution no connection has (or refuses that id)",
  ['CONN-06'],
  () => expectEqFilters('institution.id', unknownId('institution'), 'may-refuse'),
  { needs: ['userId'] },
);

check(
  'A connections filter that matches nothing answers 200 with an empty data array',
  ['CONN-07'],
  async () => {
    const path = connectionsPath(fixture('userId'));
    const exchange = await api().get(path, { filter: `id.eq('${unknownId('connection')}')` });
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
    const terms: FilterTerm[] = (['id', 'status', 'institution.id'] as const).flatMap((property) => {
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
  'A connections filter that is not a well-formed expression is refused with a 4xx error list, never answered 2xx or 5xx',
  ['CONN-36', 'ERR-11'],
  async () => {
    const path = connectionsPath(fixture('userId'));
    const id = fixture('connectionId') || unknownId('connection');
    // Why invalid under every reading: none has the shape <property>.<operator>('<value>') the spec
    // states, so no property, operator and value can be read from it and no server can apply it.
    const malformed = [
      `id.eq('${id}'`, // the parenthesis never closes
      `id.eq(${id}`, // neither quote nor parenthesis
      `id.eq('${id})`, // the quote never closes
      `status.eq('active'))`, // one parenthesis too many
      ')(',
    ];
    const exchanges = await Promise.all(malformed.map((filter) => api().get(path, { filter })));
    for (const exchange of exchanges) expectRefused(exchange);
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
