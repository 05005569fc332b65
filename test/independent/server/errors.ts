/** The error type every handler throws, and the error-list body every error response carries. */
import type { ServerResponse } from 'node:http';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly parameter?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/** A required parameter is absent (the token table's meaning of invalid-request, applied everywhere). */
export function missingParameter(parameter: string, detail = `${parameter} is required.`): ApiError {
  return new ApiError(400, 'invalid-request', 'Required parameter missing', detail, parameter);
}

/** A parameter is present but its value is not acceptable. */
export function invalidParameter(parameter: string, detail: string): ApiError {
  return new ApiError(400, 'parameter-not-valid', 'Parameter not valid', detail, parameter);
}

/** The request as a whole cannot be understood (bad JSON, wrong media type for the token form, ...). */
export function malformedRequest(detail: string, parameter?: string): ApiError {
  return new ApiError(400, 'invalid-request', 'Malformed request', detail, parameter);
}

export function notFound(detail: string, parameter?: string): ApiError {
  return new ApiError(404, 'resource-not-found', 'Resource not found', detail, parameter);
}

export function errorListBody(error: ApiError, correlationId: string): unknown {
  return {
    type: 'list',
    correlationId,
    data: [
      {
        type: 'error',
        code: error.code,
        title: error.title,
        detail: error.detail,
        ...(error.parameter === undefined ? {} : { source: { parameter: error.parameter } }),
      },
    ],
  };
}

export function sendError(res: ServerResponse, error: ApiError, correlationId: string): void {
  const body = JSON.stringify(errorListBody(error, correlationId));
  res.writeHead(error.status, {
    ...error.headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}
