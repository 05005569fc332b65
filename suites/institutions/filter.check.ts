import { check } from '../../src/checks/check.ts';
import { expectErrorList, refusalStatuses } from '../../src/checks/error-list.ts';
import {
  expectComplementary,
  expectFilterAlgebra,
  valuesSeen,
  type FilterAlgebraOptions,
} from '../../src/checks/filter-algebra.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { catalogue, institutionList } from './institutions.ts';

/** The properties GET /institutions filters on (spec: Endpoints > GET {base_url}/institutions). */
const properties = ['country', 'tier', 'serviceType', 'institutionType', 'stage'] as const;

/**
 * The values of a property a check probes: those the catalogue holds, all of them when few, otherwise
 * the two most and the two least frequent (a rare value is where a filter's bugs show).
 */
async function probed(
  property: string,
): Promise<{ options: FilterAlgebraOptions & { universe: unknown[] }; values: string[] }> {
  const { items } = await catalogue();
  const seen = valuesSeen(items, property);
  const values = seen.length <= 4 ? seen : [...seen.slice(0, 2), ...seen.slice(-2)];
  if (values.length === 0)
    throw new NotExercised(`no institution of the catalogue has a ${property} string to filter on`);
  return {
    values,
    // An institution may omit a field (the schema requires few); how ne treats it is not shown.
    options: { fetch: (filter) => institutionList(filter), universe: items, absent: 'unknown' },
  };
}

for (const property of properties) {
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

check('A filter with an operator other than eq and ne is refused with an error', ['INST-07'], async () => {
  const { items } = await catalogue();
  const value = valuesSeen(items, 'country', { limit: 1 })[0] ?? 'AU';
  const filters = ['gt', 'like'].map((operator) => `country.${operator}('${value}')`);
  const exchanges = await Promise.all(filters.map((filter) => institutionList(filter)));
  for (const exchange of exchanges) expectErrorList(exchange, { status: [...refusalStatuses.invalidInput] });
});
