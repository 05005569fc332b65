import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterTest, type FilterTerm } from '../../mock/filters.ts';

/** Items of two properties, and the terms a filter on them may hold (other operators included). */
const item = fc.record({ a: fc.constantFrom('x', 'X', 'y'), b: fc.option(fc.constantFrom('x', 'y')) });
const term = fc.record({
  property: fc.constantFrom('a', 'b'),
  operator: fc.constantFrom('eq', 'ne', 'gt'),
  value: fc.constantFrom('x', 'X', 'y'),
});
type Item = { a: string; b: string | null };
const read = (i: Item, property: string) => (property === 'a' ? i.a : (i.b ?? undefined));

/** The rule as the filters' comment states it, one term at a time. */
function passes(i: Item, t: FilterTerm, caseInsensitive: boolean): boolean {
  const fold = (text: string | undefined) => (caseInsensitive ? text?.toLowerCase() : text);
  const equal = fold(read(i, t.property)) === fold(t.value);
  return t.operator === 'eq' ? equal : t.operator === 'ne' ? !equal : false;
}

describe('filterTest', () => {
  it('selects what passes every term (all) or any term (any), eq and ne only, a case folded or not', () => {
    fc.assert(
      fc.property(
        item,
        fc.array(term, { maxLength: 4 }),
        fc.constantFrom('all', 'any') as fc.Arbitrary<'all' | 'any'>,
        fc.boolean(),
        (i, terms, combine, caseInsensitive) => {
          const expected =
            terms.length === 0 ||
            (combine === 'any'
              ? terms.some((t) => passes(i, t, caseInsensitive))
              : terms.every((t) => passes(i, t, caseInsensitive)));
          expect(filterTest<Item>(terms, read, { combine, caseInsensitive })(i)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
