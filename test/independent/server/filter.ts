/**
 * The filter grammar: exactly one expression `<property>.<operator>('<value>')`.
 * Values are taken literally between single quotes and may not contain a quote.
 */
import { invalidParameter } from './errors.ts';

export interface FilterExpression {
  property: string;
  operator: string;
  value: string;
}

const EXPRESSION = /^([A-Za-z][A-Za-z.]*)\.([A-Za-z]+)\('([^']*)'\)$/;

export function parseFilter(
  raw: string,
  properties: readonly string[],
  operators: readonly string[],
): FilterExpression {
  const match = EXPRESSION.exec(raw);
  const [, property, operator, value] = match ?? [];
  if (property === undefined || operator === undefined || value === undefined) {
    throw invalidParameter('filter', "filter must look like <property>.<operator>('<value>').");
  }
  if (!properties.includes(property)) {
    throw invalidParameter('filter', `filter property must be one of: ${properties.join(', ')}.`);
  }
  if (!operators.includes(operator)) {
    throw invalidParameter('filter', `filter operator must be one of: ${operators.join(', ')}.`);
  }
  return { property, operator, value };
}

export function matches(expression: FilterExpression, actual: string): boolean {
  return expression.operator === 'ne' ? actual !== expression.value : actual === expression.value;
}
