import { describe, expect, it } from 'vitest';
import { limitPattern } from '../../src/openapi/descriptions.ts';
import { filterOf, pageSizeOf } from '../../src/operations/table.ts';
import { pageMaximum } from '../../suites/affordability/support.ts';
import { filterProperties as connectionFilterProperties } from '../../suites/connections/support.ts';
import { filterProperties as institutionFilterProperties } from '../../suites/institutions/support.ts';

/*
 * The spec's facts the suites state again in their own words, on purpose (CONTRIBUTING: Checks): a check
 * that says "at most 500" itself cannot be weakened by a wrong table. Each copy is listed here and held to
 * the operations table, so the two can only change together; and the one pattern written out beside the
 * table, the OpenAPI document's `limit`, is held to the table's bounds.
 */

const pageSize = pageSizeOf('listAffordabilityTransactions');

describe("the suites' own statements of the spec agree with the operations table", () => {
  it('the affordability page maximum is the limit maximum, default and page size', () => {
    expect(pageMaximum).toBe(pageSize.maximum);
    expect(pageMaximum).toBe(pageSize.default);
  });

  it('the institutions filter properties are the table’s', () => {
    expect(institutionFilterProperties).toEqual(filterOf('listInstitutions').properties);
  });

  it('the connections filter properties are the table’s', () => {
    expect(connectionFilterProperties).toEqual(filterOf('listConnections').properties);
  });
});

describe("the OpenAPI document's limit pattern", () => {
  it('takes exactly the whole numbers within the table’s bounds', () => {
    const pattern = new RegExp(limitPattern);
    const taken = Array.from({ length: 2 * pageSize.maximum + 2 }, (_, n) => n).filter((n) =>
      pattern.test(String(n)),
    );
    expect(taken[0]).toBe(pageSize.minimum);
    expect(taken.at(-1)).toBe(pageSize.maximum);
    expect(taken).toHaveLength(pageSize.maximum - pageSize.minimum + 1);
    for (const spelling of ['01', '+1', ' 1', '1.0', '', '1e2'])
      expect(pattern.test(spelling), spelling).toBe(false);
  });
});
