import type { OperationName } from '../operations/table.ts';
import {
  broken,
  held,
  judged,
  requestLine,
  shown,
  type ClientJudgement,
  type ClientRequest,
} from './request.ts';
import { affordabilityClasses } from '../types/affordability-classes.ts';

/**
 * The rules on the `filter` query parameter, where the spec gives one (the connections list, the
 * institutions list, the affordability transactions): its shape (CLIENT-20), its properties (CLIENT-21),
 * its operators (CLIENT-22, CLIENT-23) and the affordability class (CLIENT-31). In a file of their own
 * because one parse of the expressions serves all five, each judged only on a filter of the right shape.
 */

interface FilterRule {
  /** The properties the spec lists for the endpoint. */
  properties: readonly string[];
  /** The resource's name, which may stand before a property (AMB-CLIENT-09): `transaction.class`. */
  resource: string;
  /** The operators a MUST allows, or undefined where the spec closes no list. */
  mustOperators?: readonly string[];
  /** The operators the spec shows, which a SHOULD holds the client to. */
  shouldOperators?: readonly string[];
}

const rules: Partial<Record<OperationName, FilterRule>> = {
  listConnections: {
    properties: ['id', 'status', 'institution.id'],
    resource: 'connection',
    shouldOperators: ['eq'],
  },
  listInstitutions: {
    properties: ['country', 'tier', 'serviceType', 'institutionType', 'stage'],
    resource: 'institution',
    mustOperators: ['eq', 'ne'],
  },
  listAffordabilityTransactions: {
    properties: ['class'],
    resource: 'transaction',
    shouldOperators: ['eq', 'ne'],
  },
};

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
  const rule = request.operation === undefined ? undefined : rules[request.operation];
  const filter = request.query.get('filter');
  if (!rule || filter === null || filter === '') return [];
  const line = requestLine(request);
  const expressions = parse(filter);
  if (!expressions) {
    return [broken('CLIENT-20', `${line}'s filter ${shown(filter)} is not <property>.<operator>('<value>')`)];
  }
  const judgements: ClientJudgement[] = [held('CLIENT-20')];
  const known = (property: string) =>
    rule.properties.includes(property) ||
    (property.startsWith(`${rule.resource}.`) &&
      rule.properties.includes(property.slice(rule.resource.length + 1)));
  const unknown = expressions.filter(({ property }) => !known(property)).map(({ property }) => property);
  judgements.push(
    judged(
      'CLIENT-21',
      unknown.length === 0
        ? undefined
        : `${line}'s filter names ${unknown.join(', ')}, not among its properties (${rule.properties.join(', ')})`,
    ),
  );
  const operators = expressions.map(({ operator }) => operator);
  if (rule.mustOperators) {
    const others = operators.filter((operator) => !rule.mustOperators!.includes(operator));
    judgements.push(
      judged(
        'CLIENT-22',
        others.length === 0
          ? undefined
          : `${line}'s filter uses ${others.join(', ')}; only ${rule.mustOperators.join(' and ')} are supported`,
      ),
    );
  }
  if (rule.shouldOperators) {
    const others = operators.filter((operator) => !rule.shouldOperators!.includes(operator));
    judgements.push(
      judged(
        'CLIENT-23',
        others.length === 0
          ? undefined
          : `${line}'s filter uses ${others.join(', ')}; the spec shows ${rule.shouldOperators.join(' and ')}`,
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
