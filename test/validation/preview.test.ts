import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preview } from '../../src/validation/validator.ts';

/** What preview shows, written the plain way: the whole value serialised, then cut. */
function wholeThenCut(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

describe('preview', () => {
  it('shows what serialising the whole value and cutting it would show', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(preview(value)).toBe(wholeThenCut(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees at the edges: holes and undefined members, dates, values of exactly the cut length', () => {
    const exactly = (n: number) => 'x'.repeat(n - 2);
    const values: unknown[] = [
      [1, , 3], // eslint-disable-line no-sparse-arrays
      { a: undefined, b: 1, c: () => 1 },
      [undefined, () => 1],
      new Date(0),
      { when: new Date(0) },
      { toJSON: () => 'custom' },
      exactly(80),
      exactly(81),
      [exactly(78)],
      [exactly(79)],
      { [exactly(73)]: 1 },
      { [exactly(74)]: 12 },
      Object.create(null) as object,
      undefined,
      'plain',
    ];
    for (const value of values) expect(preview(value)).toBe(wholeThenCut(value));
  });

  it('reads no further into a large list than its start', () => {
    const unread = {
      get id(): never {
        throw new Error('preview read past the start');
      },
    };
    const page = { data: [{ id: 1, text: 'x'.repeat(100) }, ...Array.from({ length: 499 }, () => unread)] };
    const start = '{"data":[{"id":1,"text":"';
    expect(preview(page)).toBe(`${start}${'x'.repeat(79 - start.length)}…`);
  });
});
