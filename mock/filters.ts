import { parameterNotValid } from './errors.ts';

export interface FilterTerm {
  property: string;
  operator: string;
  value: string;
}

/** One expression `<property>.<operator>('<value>')`; the property may itself hold dots (`institution.id`). */
const term = /^([A-Za-z][A-Za-z.]*)\.([A-Za-z]+)\('([^']*)'\)$/;

/**
 * Parses the filter grammar of GET /users/{user.id}/connections and GET /institutions (spec: Endpoints):
 * expressions separated by commas, each of an allowed property and operator. Throws parameter-not-valid
 * naming `filter` for anything else, so a mistyped filter is never silently ignored.
 */
export function parseFilter(
  raw: string | null,
  properties: readonly string[],
  operators: readonly string[],
): FilterTerm[] {
  if (raw === null) return [];
  // Split on the commas between expressions, not those inside a quoted value.
  const parts = raw.match(/(?:[^,']|'[^']*')+/g) ?? [];
  if (parts.join(',') !== raw || parts.length === 0)
    throw parameterNotValid('filter', `malformed filter "${raw}"`);
  return parts.map((part) => {
    const match = term.exec(part.trim());
    if (!match)
      throw parameterNotValid(
        'filter',
        `malformed filter expression "${part}"; expected <property>.<operator>('<value>')`,
      );
    const [, property = '', operator = '', value = ''] = match;
    if (!properties.includes(property)) {
      throw parameterNotValid(
        'filter',
        `unknown filter property "${property}"; expected one of ${properties.join(', ')}`,
      );
    }
    if (!operators.includes(operator)) {
      throw parameterNotValid(
        'filter',
        `unsupported filter operator "${operator}"; expected one of ${operators.join(', ')}`,
      );
    }
    return { property, operator, value };
  });
}

/** Whether an item passes every term; `read` gives the item's value of a filter property. */
export function matchesFilter<T>(
  item: T,
  terms: FilterTerm[],
  read: (item: T, property: string) => string | undefined,
): boolean {
  return terms.every(
    ({ property, operator, value }) => (operator === 'eq') === (read(item, property) === value),
  );
}
