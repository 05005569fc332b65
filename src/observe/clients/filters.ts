import {
  mockOwnGroup,
  operations,
  parameterOf,
  type FilterConstraint,
  type OperationName,
} from '../../operations/table.ts';
import {
  broken,
  held,
  judged,
  requestLine,
  shown,
  type ClientJudgement,
  type ClientRequest,
} from './request.ts';
import { affordabilityClasses } from '../../types/affordability-classes.ts';

/**
 * The rules on the `filter` query parameter, where the spec gives one (the connections list, the
 * institutions list, the affordability transactions): its shape (CLIENT-20), its properties (CLIENT-21),
 * its operators (CLIENT-22, CLIENT-23) and the affordability class (CLIENT-31). In a file of their own
 * because one parse of the expressions serves all five, each judged only on a filter of the right shape.
 */

/**
 * The filter of a spec operation that takes one, from the operations table; the mock's own lists are not
 * the spec's, so nothing holds a client to them.
 */
function filterRuleOf(operation: OperationName | undefined): FilterConstraint | undefined {
  if (operation === undefined || operations[operation].group === mockOwnGroup) return undefined;
  return parameterOf(operation, 'filter')?.filter;
}

const expression = /^([A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)*)\.([A-Za-z]+)\('([^']*)'\)$/;

interface Expression {
  property: string;
  operator: string;
  value: string;
}

/** The filter's expressions, split at the commas outside quoted values (AMB-CLIENT-08); undefined if any is malformed. */
function parse(filter: string): Expression[] | undefined {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let index = 0; index < filter.length; index++) {
    const char = filter[index];
    if (char === "'") quoted = !quoted;
    else if (char === ',' && !quoted) {
      parts.push(filter.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(filter.slice(start));
  const expressions: Expression[] = [];
  for (const part of parts) {
    const match = expression.exec(part.trim());
    if (!match) return undefined;
    expressions.push({ property: match[1]!, operator: match[2]!, value: match[3]! });
  }
  return expressions;
}

export function judgeFilters(request: ClientRequest): ClientJudgement[] {
  const rule = filterRuleOf(request.operation);
  const filter = request.query.get('filter');
  if (!rule || filter === null || filter === '') return [];
  const line = requestLine(request);
  const expressions = parse(filter);
  if (!expressions) {
    return [broken('CLIENT-20', `${line}'s filter ${shown(filter)} is not <property>.<operator>('<value>')`)];
  }
  const judgements: ClientJudgement[] = [held('CLIENT-20')];
  // A property with or without the resource's name before it, as the spec writes it or not (AMB-CLIENT-09).
  const bare = (property: string) =>
    property.startsWith(`${rule.resource}.`) ? property.slice(rule.resource.length + 1) : property;
  const properties = rule.properties.map(bare);
  const known = (property: string) => properties.includes(bare(property));
  const unknown = expressions.filter(({ property }) => !known(property)).map(({ property }) => property);
  judgements.push(
    judged(
      'CLIENT-21',
      unknown.length === 0
        ? undefined
        : `${line}'s filter names ${unknown.join(', ')}, not among its properties (${properties.join(', ')})`,
    ),
  );
  const operators = expressions.map(({ operator }) => operator);
  // A list the spec closes holds the client by a MUST; one it only shows, or leaves unstated, by a SHOULD.
  if (rule.operatorsGiven === 'only') {
    const others = operators.filter((operator) => !rule.operators.includes(operator));
    judgements.push(
      judged(
        'CLIENT-22',
        others.length === 0
          ? undefined
          : `${line}'s filter uses ${others.join(', ')}; only ${rule.operators.join(' and ')} are supported`,
      ),
    );
  } else {
    const others = operators.filter((operator) => !rule.operators.includes(operator));
    judgements.push(
      judged(
        'CLIENT-23',
        others.length === 0
          ? undefined
          : `${line}'s filter uses ${others.join(', ')}; the spec shows ${rule.operators.join(' and ')}`,
      ),
    );
  }
  if (request.operation === 'listAffordabilityTransactions') {
    const classes = expressions.filter(({ property }) => known(property)).map(({ value }) => value);
    const others = classes.filter((value) => !(affordabilityClasses as readonly string[]).includes(value));
    if (classes.length > 0) {
      judgements.push(
        judged(
          'CLIENT-31',
          others.length === 0
            ? undefined
            : `${line}'s filter asks for class ${others.map(shown).join(', ')}, not one of the spec's class tables`,
        ),
      );
    }
  }
  return judgements;
}
