import { detail, parameterNotValid, quoted } from './errors.ts';

export interface FilterTerm {
  property: string;
  operator: string;
  value: string;
}

/** One expression `<property>.<operator>('<value>')`; the property may itself hold dots (`institution.id`). */
const term = /^([A-Za-z][A-Za-z.]*)\.([A-Za-z]+)\('([^']*)'\)$/;
/** The same, forgiving a call or a quote left open, a value without quotes and a parenthesis too many. */
const nearTerm = /^([A-Za-z][A-Za-z.]*)\.([A-Za-z]+)\(\s*'?([^'()]*)'?\s*\)*$/;
const shape = "<property>.<operator>('<value>')";

export interface FilterGrammar {
  /**
   * Whether a well-formed expression with another operator is refused (the default) or kept, to match
   * nothing (`matchesFilter` applies only eq and ne): the spec does not show which.
   */
  otherOperators?: 'refused' | 'match-nothing';
  /**
   * Whether an expression on a property not listed is refused (the default) or kept, to be read like any
   * other through the caller's `read`, under which a property no item carries matches nothing.
   */
  otherProperties?: 'refused' | 'match-nothing';
  /** Whether a near miss of the shape is refused (the default) or read as the expression it nearly is. */
  nearMisses?: 'refused' | 'forgiven';
}

/**
 * Parses the filter grammar of GET /users/{user.id}/connections and GET /institutions (spec: Endpoints):
 * expressions separated by commas, each of an allowed property and operator. Throws parameter-not-valid
 * naming `filter` for anything else, so a mistyped filter is never silently ignored; `grammar` says
 * what becomes of another operator or property, and of a near miss of the shape; anything else malformed
 * is refused under every reading.
 */
export function parseFilter(
  raw: string | null,
  properties: readonly string[],
  operators: readonly string[],
  grammar: FilterGrammar = {},
): FilterTerm[] {
  if (raw === null) return [];
  // Split on the commas between expressions, not those inside a quoted value.
  const parts = raw.match(/(?:[^,']|'[^']*')+/g) ?? [];
  if (parts.join(',') !== raw || parts.length === 0)
    throw parameterNotValid(
      'filter',
      `malformed filter ${quoted(raw)}; expected ${shape}, separated by commas`,
    );
  return parts.map((part) => {
    const match = (grammar.nearMisses === 'forgiven' ? nearTerm : term).exec(part.trim());
    if (!match)
      throw parameterNotValid('filter', `malformed filter expression ${quoted(part)}; expected ${shape}`);
    const [, property = '', operator = '', value = ''] = match;
    if (!properties.includes(property) && grammar.otherProperties !== 'match-nothing') {
      throw parameterNotValid(
        'filter',
        detail.unknown('filter property', quoted(property), `the properties are ${properties.join(', ')}`),
      );
    }
    // "Only eq and ne are supported": an operator the service does not take is unsupported, in the spec's word.
    if (!operators.includes(operator) && grammar.otherOperators !== 'match-nothing') {
      throw parameterNotValid(
        'filter',
        `unsupported filter operator ${quoted(operator)}: the operators are ${operators.join(', ')}`,
      );
    }
    return { property, operator, value };
  });
}

export interface FilterSemantics {
  /** Several terms select what passes every one (`all`, the default) or any one (`any`): not shown. */
  combine?: 'all' | 'any';
  /** Values compared ignoring letter case: the spec does not define equality. */
  caseInsensitive?: boolean;
}

/**
 * Whether an item passes the terms, as a test made once for a request and applied to every item of the
 * list; `read` gives the item's value of a filter property. eq selects an equal value, ne any other; an
 * operator kept by `otherOperators: 'match-nothing'` selects nothing. The test makes no function per item:
 * a list of thousands of transactions is filtered on every page asked of it.
 */
export function filterTest<T>(
  terms: readonly FilterTerm[],
  read: (item: T, property: string) => string | undefined,
  semantics: FilterSemantics = {},
): (item: T) => boolean {
  if (terms.length === 0) return () => true;
  const fold = semantics.caseInsensitive
    ? (text: string | undefined) => text?.toLowerCase()
    : (text: string | undefined) => text;
  const values = terms.map((term) => fold(term.value));
  const any = semantics.combine === 'any';
  return (item) => {
    for (let index = 0; index < terms.length; index++) {
      const { property, operator } = terms[index] as FilterTerm;
      const equal = fold(read(item, property)) === values[index];
      const passes = operator === 'eq' ? equal : operator === 'ne' && !equal;
      // All terms: the first that fails decides; any term: the first that passes.
      if (passes === any) return any;
    }
    return !any;
  };
}
