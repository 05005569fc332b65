import { readFileSync } from 'node:fs';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { isResourceName, readSchemaFiles, schemasDir } from '../validation/schemas.ts';

const schemaBase = 'https://fds-conformance.dev/schemas/';

/**
 * One wrapper schema refers to every resource, so each shared definition is declared once. The schemas'
 * $ids are URLs that do not resolve on the network; the resolver reads them from schemas/ instead.
 */
export async function generateResourceTypes(): Promise<string> {
  const resources = readSchemaFiles().filter((file) => isResourceName(file.name));
  const wrapper = {
    $id: `${schemaBase}resources`,
    title: 'Resources',
    description: 'Every resource and request body, by name; exists only to declare each type once.',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(resources.map((file) => [file.name, { $ref: file.schema.$id }])),
  };
  const body = await compile(wrapper as JSONSchema, 'Resources', {
    bannerComment:
      '/* Generated from schemas/ by `npm run gen:types`; do not edit. test/generated-types.test.ts fails when stale. */',
    additionalProperties: true,
    strictIndexSignatures: true,
    style: { singleQuote: true, printWidth: 110, trailingComma: 'all' },
    $refOptions: {
      resolve: {
        http: false,
        file: false,
        fdsSchemas: {
          order: 1,
          canRead: (file: { url: string }) => file.url.startsWith(schemaBase),
          read: (file: { url: string }) =>
            readFileSync(schemasDir + file.url.slice(schemaBase.length), 'utf8'),
        },
      },
    },
  });
  return body;
}
