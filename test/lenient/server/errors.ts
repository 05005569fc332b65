import { randomUUID } from 'node:crypto';

/** Thrown by handlers; the server turns it into the error list body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    /** Omitted from the body when no single parameter is at fault (see README). */
    readonly parameter?: string,
  ) {
    super(detail);
  }
}

export const invalid = (parameter: string, detail: string, status = 400): ApiError =>
  new ApiError(status, 'parameter-not-valid', 'Parameter not valid.', detail, parameter);

export const notFound = (parameter: string, detail: string): ApiError =>
  new ApiError(404, 'resource-not-found', 'Requested resource is not found.', detail, parameter);

export function errorList(error: ApiError): Record<string, unknown> {
  const item: Record<string, unknown> = {
    type: 'error',
    code: error.code,
    title: error.title,
    detail: error.detail,
  };
  if (error.parameter !== undefined) item.source = { parameter: error.parameter };
  return { type: 'list', correlationId: randomUUID(), data: [item] };
}
