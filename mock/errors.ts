import { randomUUID } from 'node:crypto';

/**
 * A refusal a handler throws; the server turns it into the spec's error list (spec: Errors, Error list).
 * `parameter` names the offending parameter in `source.parameter`.
 */
export class MockError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly parameter = '',
  ) {
    super(detail);
  }
}

export interface ErrorListBody {
  type: 'list';
  correlationId: string;
  data: { type: 'error'; code: string; title: string; detail: string; source: { parameter: string } }[];
}

export function errorList(error: MockError): ErrorListBody {
  return {
    type: 'list',
    correlationId: randomUUID(),
    data: [
      {
        type: 'error',
        code: error.code,
        title: error.title,
        detail: error.detail,
        source: { parameter: error.parameter },
      },
    ],
  };
}

/** The refusal every non-token endpoint gives an invalid parameter; enrich's code is fixed by the spec. */
export function parameterNotValid(parameter: string, detail: string): MockError {
  return new MockError(400, 'parameter-not-valid', 'Parameter not valid', detail, parameter);
}

export function notFound(parameter: string, detail: string): MockError {
  return new MockError(404, 'resource-not-found', 'Resource not found', detail, parameter);
}
