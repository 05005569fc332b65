import { invalid } from './errors.ts';

export interface Condition {
  property: string;
  op: 'eq' | 'ne';
  value: string;
}

/**
 * Parses `<property>.<operator>('<value>')` expressions. Leniently accepts:
 * any case for property and operator, whitespace anywhere between tokens,
 * single or double quotes or a bare value, several expressions joined by
 * "," / "and" / "&&" (all must hold), and several `filter` parameters.
 * Properties are matched against `allowed` (case-insensitive) and mapped to
 * their canonical spelling; anything unparseable is a 400, never ignored.
 */
export function parseFilters(
  raw: readonly string[],
  allowed: Record<string, string>,
  parameter = 'filter',
): Condition[] {
  const out: Condition[] = [];
  const expr = /^\s*([A-Za-z][\w.]*?)\s*\.\s*([A-Za-z]+)\s*\(\s*(?:'([^']*)'|"([^"]*)"|([^'"()]*?))\s*\)\s*/;
  for (const text of raw) {
    let rest = text;
    if (rest.trim() === '') continue;
    for (;;) {
      const match = expr.exec(rest);
      if (!match) throw invalid(parameter, `Could not parse the filter expression "${text}".`);
      const property = allowed[(match[1] ?? '').toLowerCase()];
      if (property === undefined)
        throw invalid(parameter, `Filtering on "${match[1] ?? ''}" is not supported.`);
      const op = (match[2] ?? '').toLowerCase();
      if (op !== 'eq' && op !== 'ne')
        throw invalid(parameter, `Operator "${match[2] ?? ''}" is not supported; use eq or ne.`);
      out.push({ property, op, value: match[3] ?? match[4] ?? match[5] ?? '' });
      rest = rest.slice(match[0].length);
      if (rest.trim() === '') break;
      const sep = /^\s*(?:,|&&|and\b)\s*/i.exec(rest);
      if (!sep) throw invalid(parameter, `Unexpected text in filter: "${rest.trim()}".`);
      rest = rest.slice(sep[0].length);
    }
  }
  return out;
}

export function matches(conditions: readonly Condition[], read: (property: string) => string): boolean {
  return conditions.every((c) => (read(c.property) === c.value) === (c.op === 'eq'));
}
