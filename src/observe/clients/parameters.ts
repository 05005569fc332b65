import { endpointName, operations, pageSizeOf, type PageSizeBounds } from '../../operations/table.ts';
import { held, judged, requestLine, shown, type ClientJudgement, type ClientRequest } from './request.ts';

/**
 * The rules on query parameters: the ones an operation requires (CLIENT-07, read from the operations
 * table, never a second list), the formats and limits the spec states for enrich's (CLIENT-08 to
 * CLIENT-12) and for the affordability page size (CLIENT-29, CLIENT-30). Filters have their own file.
 */

const accountTypes = ['transaction', 'credit-card', 'savings', 'mortgage', 'loan', 'foreign'];

/** A decimal, a sign allowed and not required (AMB-CLIENT-04): `-12.50`, `12.5`, `+3`, `.5`. */
const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A value given and not empty; `country=` gives none. */
const given = (request: ClientRequest, name: string): string | undefined => {
  const value = request.query.get(name);
  return value === null || value === '' ? undefined : value;
};

function judgeRequired(request: ClientRequest): ClientJudgement[] {
  const operation = request.operation;
  if (operation === undefined) return [];
  const required = operations[operation].parameters.filter(
    (parameter) => parameter.in === 'query' && parameter.required,
  );
  if (required.length === 0) return [];
  const missing = required.filter(({ name }) => given(request, name) === undefined).map(({ name }) => name);
  return [
    judged(
      'CLIENT-07',
      missing.length === 0
        ? undefined
        : `${endpointName(operation)} lacks the required query parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (absent or empty)`,
    ),
  ];
}

function judgeEnrich(request: ClientRequest): ClientJudgement[] {
  const judgements: ClientJudgement[] = [];
  const q = given(request, 'q');
  if (q !== undefined) {
    // Code points: the most characters any reading of "character" counts in a string.
    const length = [...q].length;
    judgements.push(
      judged(
        'CLIENT-08',
        length >= 3
          ? undefined
          : `GET /enrich's q holds ${length} character${length === 1 ? '' : 's'}, fewer than 3`,
      ),
    );
  }
  const country = given(request, 'country');
  if (country !== undefined) {
    judgements.push(
      judged(
        'CLIENT-09',
        /^[A-Za-z]{2}$/.test(country)
          ? undefined
          : `GET /enrich's country is ${shown(country)}, not two letters (ISO 3166 alpha-2)`,
      ),
    );
  }
  const accountType = request.query.get('accountType');
  if (accountType !== null) {
    judgements.push(
      judged(
        'CLIENT-10',
        accountTypes.includes(accountType)
          ? undefined
          : `GET /enrich's accountType is ${shown(accountType)}, not one of ${accountTypes.join(', ')}`,
      ),
    );
  }
  const amount = request.query.get('amount');
  if (amount !== null) {
    judgements.push(
      judged(
        'CLIENT-11',
        decimal.test(amount) ? undefined : `GET /enrich's amount is ${shown(amount)}, not a signed decimal`,
      ),
    );
  }
  const sent = ['accountType', 'amount'].filter((name) => request.query.has(name));
  judgements.push(
    judged(
      'CLIENT-12',
      sent.length === 1
        ? `GET /enrich sends ${sent[0]} without ${sent[0] === 'amount' ? 'accountType' : 'amount'}; classification needs both`
        : undefined,
    ),
  );
  return judgements;
}

function judgeLimit(request: ClientRequest, { minimum, maximum }: PageSizeBounds): ClientJudgement[] {
  const limit = request.query.get('limit');
  if (limit === null) return [];
  if (!/^\d+$/.test(limit) || Number(limit) > maximum) {
    return [
      judged(
        'CLIENT-29',
        `${requestLine(request)}'s limit is ${shown(limit)}, not a whole number up to ${maximum}`,
      ),
    ];
  }
  return [
    held('CLIENT-29'),
    judged(
      'CLIENT-30',
      Number(limit) >= minimum
        ? undefined
        : `${requestLine(request)}'s limit is ${limit}, a page of no entries`,
    ),
  ];
}

export function judgeParameters(request: ClientRequest): ClientJudgement[] {
  const judgements = judgeRequired(request);
  if (request.operation === 'enrich') judgements.push(...judgeEnrich(request));
  if (request.operation === 'listAffordabilityTransactions')
    judgements.push(...judgeLimit(request, pageSizeOf(request.operation)));
  return judgements;
}
