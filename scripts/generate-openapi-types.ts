/**
 * Generates test/openapi/fds-api.generated.ts from the OpenAPI document (src/openapi/), the types of the
 * typed client the project's own tests call the mock with. `npm run gen:openapi-types` rewrites it;
 * test/openapi/generated-types.test.ts fails when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { generateOpenApiTypes, openApiTypesFile } from '../test/openapi/openapi-types.ts';

writeFileSync(openApiTypesFile, await generateOpenApiTypes());
console.log(`wrote ${openApiTypesFile}`);
