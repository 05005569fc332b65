import type { OpenApiDocument } from '../../src/openapi/document.ts';

export interface DocumentOperation {
  /** In capitals, as the route table and HTTP write it. */
  method: string;
  /** The path template, `/users/{userId}`. */
  path: string;
  operation: Record<string, unknown>;
}

/** Every operation of the document, path by path. */
export function documentOperations(document: OpenApiDocument): DocumentOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}
