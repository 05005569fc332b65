import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { openApiDocument } from '../../src/openapi/document.ts';

/** Where the types of the document live: only the project's own tests use them (client.test.ts). */
export const openApiTypesFile = fileURLToPath(new URL('./fds-api.generated.ts', import.meta.url));

/**
 * The TypeScript types openapi-typescript makes of the document `fds-conformance openapi` writes, formatted
 * as the project formats its code, so the file passes `prettier --check` as it is written.
 */
export async function generateOpenApiTypes(): Promise<string> {
  const ast = await openapiTS(openApiDocument() as unknown as OpenAPI3, { silent: true });
  const banner =
    '/* Generated from the `fds-conformance openapi` document by `npm run gen:openapi-types`; do not edit. test/openapi/generated-types.test.ts fails when stale. */\n';
  const config = await resolveConfig(openApiTypesFile);
  return format(banner + astToString(ast), { ...config, parser: 'typescript' });
}
