import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApiTypes, openApiTypesFile } from './openapi-types.ts';

describe('generated OpenAPI types', () => {
  it('test/openapi/fds-api.generated.ts matches the document (run `npm run gen:openapi-types` when it does not)', async () => {
    expect(readFileSync(openApiTypesFile, 'utf8')).toBe(await generateOpenApiTypes());
  });
});
