import type { Exchange } from '../http/exchange.ts';
import { expectRefused } from './error-list.ts';
import { describeAnswer, describeRequest, expectStatus, expectThat, Failure } from './failures.ts';

/**
 * The filter grammar the spec shows for list endpoints (GET /users/{user.id}/connections, GET
 * /institutions): `<property>.<operator>('<value>')`. Helpers here build expressions and check that a
 * filtered list answers what the unfiltered one predicts. Only `eq` and `ne` have a meaning the spec
 * gives; callers pass only the operators their endpoint supports.
 */
export interface FilterTerm {
  property: string;
  operator: 'eq' | 'ne';
  value: string;
}

/**
 * One expression, its property written after `prefix` (the form a server may want, `institution.country`);
 * null when the value holds a quote, which the grammar has no way to escape.
 */
export function filterExpression(term: FilterTerm, prefix = ''): string | null {
  return term.value.includes("'") ? null : `${prefix}${term.property}.${term.operator}('${term.value}')`;
}

/** Terms joined by commas, the form of several expressions; null when one cannot be written. */
export function filterOf(terms: FilterTerm[], prefix = ''): string | null {
  const parts = terms.map((term) => filterExpression(term, prefix));
  return parts.every((p) => p !== null) ? parts.join(',') : null;
}

/** The value at a dotted property path (`institution.id`), as a filter compares it: strings only. */
export function readProperty(item: unknown, property: string): string | undefined {
  let value: unknown = item;
  for (const segment of property.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return typeof value === 'string' ? value : undefined;
}

/** Whether an item passes one term (`eq`: the value is equal; `ne`: it is not). */
export function satisfies(
  item: unknown,
  term: FilterTerm,
  read: (item: unknown, property: string) => string | undefined = readProperty,
): boolean {
  const equal = read(item, term.property) === term.value;
  return term.operator === 'eq' ? equal : !equal;
}

export interface FilterAlgebraOptions {
  /** Sends the list request with the given `filter` query value. */
  fetch: (filter: string) => Promise<Exchange>;
  /**
   * What the filter's properties are written after on the wire (`institution.` for `institution.country`),
   * the form the server accepts; items are still read by the bare property.
   */
  prefix?: string;
  /** The items of a list answer; by default `body.data`. */
  items?: (exchange: Exchange) => unknown[];
  /** Identity of an item (default: its `id`), to compare what came with what was predicted. */
  key?: (item: unknown) => string;
  /** How a property is read from an item; by default a dotted path to a string. */
  read?: (item: unknown, property: string) => string | undefined;
  /**
   * The unfiltered list, when it is complete. With it the answer must hold exactly the items that pass
   * every term; without it (a paged or partial list) each item answered must pass every term.
   */
  universe?: unknown[];
  /** Semantics of several terms: every term (`all`, the default) or any term (`any`). */
  combine?: 'all' | 'any';
  /**
   * What `ne` makes of an item without the property (read gives undefined): `differs` (the default) selects
   * it; `unknown` lets the answer hold it or not, for a resource whose schema lets the field be absent and
   * whose spec does not say how a filter treats an absent value. `eq` never selects such an item.
   */
  absent?: 'differs' | 'unknown';
}

/**
 * Whether a filter of these terms selects the item: true or false, or undefined when the answer may hold
 * it or not (an `ne` term on an absent property with `absent: 'unknown'`), in three-valued logic.
 */
export function selects(
  item: unknown,
  terms: FilterTerm[],
  options: Pick<FilterAlgebraOptions, 'read' | 'combine' | 'absent'> = {},
): boolean | undefined {
  const read = options.read ?? readProperty;
  const verdicts = terms.map((term) =>
    options.absent === 'unknown' && term.operator === 'ne' && read(item, term.property) === undefined
      ? undefined
      : satisfies(item, term, read),
  );
  if (options.combine === 'any') {
    if (verdicts.includes(true)) return true;
    return verdicts.includes(undefined) ? undefined : false;
  }
  if (verdicts.includes(false)) return false;
  return verdicts.includes(undefined) ? undefined : true;
}

function defaultItems(exchange: Exchange): unknown[] {
  const data = (exchange.response?.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? data : [];
}

function defaultKey(item: unknown): string {
  return readProperty(item, 'id') ?? JSON.stringify(item);
}

/** The items of `universe` a filter of these terms selects. */
export function predicted(
  universe: unknown[],
  terms: FilterTerm[],
  options: Pick<FilterAlgebraOptions, 'read' | 'combine' | 'absent'> = {},
): unknown[] {
  return universe.filter((item) => selects(item, terms, options) === true);
}

/** Sends one filter and expects 200 with a data array; the exchange and the items it answered. */
async function fetchFiltered(
  options: FilterAlgebraOptions,
  filter: string,
): Promise<{ exchange: Exchange; items: unknown[] }> {
  const exchange = await options.fetch(filter);
  expectStatus(exchange, 200);
  const data = (exchange.response.body as { data?: unknown } | undefined)?.data;
  expectThat(
    Array.isArray(data),
    `filter=${filter}: expected a data array, got ${JSON.stringify(data)}`,
    exchange,
  );
  return { exchange, items: (options.items ?? defaultItems)(exchange) };
}

/**
 * Sends the filter made of `terms` and expects 200 with a data array that is what the terms select:
 * exactly the predicted items when the universe is known, otherwise only items that pass. Returns the
 * exchange and the items, for further checks by the caller.
 */
export async function expectFilterAlgebra(
  options: FilterAlgebraOptions,
  terms: FilterTerm[],
): Promise<{ exchange: Exchange; items: unknown[] }> {
  const filter = filterOf(terms, options.prefix);
  if (filter === null)
    throw new Error(`a filter value holds a quote and cannot be written: ${JSON.stringify(terms)}`);
  const { exchange, items } = await fetchFiltered(options, filter);
  const key = options.key ?? defaultKey;
  const read = options.read ?? readProperty;
  const combine = options.combine ?? 'all';
  const absent = options.absent ?? 'differs';
  const failing = items.filter((item) => selects(item, terms, { read, combine, absent }) === false);
  if (failing.length > 0) {
    const shown = failing
      .slice(0, 5)
      .map(
        (item) =>
          `${key(item)} (${terms.map((t) => `${t.property}=${JSON.stringify(read(item, t.property))}`).join(', ')})`,
      );
    throw new Failure(
      `${describeRequest(exchange)}: filter=${filter} answered ${failing.length} item(s) it does not select: ${shown.join('; ')}`,
      exchange,
    );
  }
  if (options.universe) {
    const universe = options.universe;
    const verdictOf = (verdict: boolean | undefined) =>
      universe.filter((item) => selects(item, terms, { read, combine, absent }) === verdict).map(key);
    const expected = new Set(verdictOf(true));
    // Items the answer may hold or not (absent: 'unknown') are neither missing nor unexpected.
    const either = new Set(verdictOf(undefined));
    const got = new Set(items.map(key));
    const missing = [...expected].filter((k) => !got.has(k));
    const extra = [...got].filter((k) => !expected.has(k) && !either.has(k));
    expectThat(
      missing.length === 0 && extra.length === 0,
      `filter=${filter}: expected exactly [${[...expected].join(', ')}] (from the unfiltered list), got [${[...got].join(', ')}]` +
        (missing.length ? `; missing ${missing.join(', ')}` : '') +
        (extra.length ? `; unexpected ${extra.join(', ')}` : ''),
      exchange,
    );
  }
  return { exchange, items };
}

/**
 * Distinct values of a property in a list, most frequent first (ties in order of appearance), leaving out
 * those the grammar cannot write (a quote). `limit` bounds how many a check probes.
 */
export function valuesSeen(
  universe: unknown[],
  property: string,
  options: { read?: FilterAlgebraOptions['read']; limit?: number } = {},
): string[] {
  const read = options.read ?? readProperty;
  const counts = new Map<string, number>();
  for (const item of universe) {
    const value = read(item, property);
    if (value !== undefined && !value.includes("'")) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([value]) => value)
    .slice(0, options.limit ?? Infinity);
}

/**
 * `<property>.eq(v)` and `<property>.ne(v)` split the list in two: no item in both answers, and every item
 * of the unfiltered list in one of them (an item without the property may be in neither under `absent:
 * 'unknown'`). Holds whatever the server's notion of equality, so it also catches a filter silently
 * ignored (the two answers then overlap).
 */
export async function expectComplementary(
  options: FilterAlgebraOptions & { universe: unknown[] },
  property: string,
  value: string,
): Promise<void> {
  const answers: { filter: string; exchange: Exchange; keys: Set<string> }[] = [];
  const key = options.key ?? defaultKey;
  for (const operator of ['eq', 'ne'] as const) {
    const filter = filterExpression({ property, operator, value }, options.prefix);
    if (filter === null)
      throw new Error(`the value ${JSON.stringify(value)} holds a quote and cannot be written`);
    const { exchange, items } = await fetchFiltered(options, filter);
    answers.push({ filter, exchange, keys: new Set(items.map(key)) });
  }
  const [eq, ne] = answers as [(typeof answers)[0], (typeof answers)[0]];
  const both = [...eq.keys].filter((k) => ne.keys.has(k));
  expectThat(
    both.length === 0,
    `filter=${eq.filter} and filter=${ne.filter} both answered ${both.length} item(s): ${shortList(both)}`,
    ne.exchange,
  );
  const read = options.read ?? readProperty;
  const neither = options.universe
    .filter((item) => !(options.absent === 'unknown' && read(item, property) === undefined))
    .map(key)
    .filter((k) => !eq.keys.has(k) && !ne.keys.has(k));
  expectThat(
    neither.length === 0,
    `${neither.length} item(s) of the unfiltered list are in neither filter=${eq.filter} (${eq.keys.size} items) nor filter=${ne.filter} (${ne.keys.size} items): ${shortList(neither)}`,
    ne.exchange,
  );
  const all = new Set(options.universe.map(key));
  const foreign = [...eq.keys, ...ne.keys].filter((k) => !all.has(k));
  expectThat(
    foreign.length === 0,
    `filter=${eq.filter} and filter=${ne.filter} answered ${foreign.length} item(s) the unfiltered list does not hold: ${shortList(foreign)}`,
    ne.exchange,
  );
}

function shortList(keys: string[], shown = 10): string {
  return keys.length > shown
    ? `${keys.slice(0, shown).join(', ')}, … (${keys.length} in all)`
    : keys.join(', ');
}

/**
 * A near miss of the grammar (a parenthesis or quote left open or doubled) that a lenient parser still
 * reads as the expression it nearly is, `wellFormed`: refused with a 4xx error list, or, if accepted,
 * answered as `wellFormed` is. Accepted and answered otherwise, it is a filter accepted and not applied;
 * a 5xx is a server error for bad input. Only a string no reading can parse must be refused outright.
 */
export async function expectRefusedOrReadAs(
  fetch: (filter: string) => Promise<Exchange>,
  nearMiss: string,
  wellFormed: string,
): Promise<void> {
  const [exchange, reference] = await Promise.all([fetch(nearMiss), fetch(wellFormed)]);
  const status = exchange.response?.status ?? 0;
  if (status < 200 || status >= 300) return expectRefused(exchange);
  const keys = (e: Exchange) => defaultItems(e).map(defaultKey).sort();
  const [got, due] = [keys(exchange), keys(reference)];
  const extra = got.filter((k) => !due.includes(k));
  const missing = due.filter((k) => !got.includes(k));
  expectThat(
    reference.response?.status === status && extra.length === 0 && missing.length === 0,
    `filter=${nearMiss} was accepted, so it must be read as ${wellFormed}, the expression it nearly is, ` +
      `and answer as that one does (${describeAnswer(reference)}); it answered ${got.length} item(s)` +
      (extra.length ? `, ${extra.length} that one does not (first ${extra.slice(0, 3).join(', ')})` : '') +
      (missing.length ? `, lacking ${missing.length} (first ${missing.slice(0, 3).join(', ')})` : ''),
    exchange,
  );
}
