import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { routes } from '../../mock/routes/index.ts';
import { mockOwnComponents } from '../../src/openapi/components.ts';
import { mockOwnExtension, openApiDocument, openApiPath } from '../../src/openapi/document.ts';
import { operationNames } from '../../src/operations/table.ts';
import { operationDescriptions } from '../../src/openapi/descriptions.ts';
import { readSchemaFiles } from '../../src/validation/schemas.ts';
import { normalise, specLines, specMissing, specText } from '../spec-text.ts';
import { documentOperations } from './document-operations.ts';

const document = openApiDocument();
const isOwn = ({ operation }: { operation: Record<string, unknown> }) => operation[mockOwnExtension] === true;

/** Every value under `key` anywhere in a JSON value, with the JSON pointer of where it stands. */
function valuesOf(value: unknown, key: string, pointer = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, member]) => {
    const at = `${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    return [...(name === key ? [[at, member] as [string, unknown]] : []), ...valuesOf(member, key, at)];
  });
}

function resolvePointer(pointer: string, root: object = document): unknown {
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], root);
}

describe('the OpenAPI document of `fds-conformance openapi`', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result.errors, null, 2)).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("with --spec-only, holds the spec's operations alone, and is still valid and self-contained", async () => {
    const specOnly = openApiDocument({ specOnly: true });
    const result = await new Validator().validate(structuredClone(specOnly) as never);
    expect(result.valid, JSON.stringify(result.errors, null, 2)).toBe(true);
    const all = documentOperations(specOnly);
    expect(all).toHaveLength(routes.length - documentOperations(document).filter(isOwn).length);
    expect(all.filter(isOwn)).toEqual([]);
    expect(specOnly.tags.map(({ name }) => name)).not.toContain('mock-own');
    for (const [at, ref] of valuesOf(specOnly, '$ref'))
      expect(resolvePointer(ref as string, specOnly), `${at}: ${String(ref)}`).toBeTypeOf('object');
  });

  it('has exactly the routes of the mock as its operations', () => {
    const fromRoutes = routes.map((route) => `${route.method} ${openApiPath(route.path)}`).sort();
    const inDocument = documentOperations(document)
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(inDocument).toEqual(fromRoutes);
  });

  it('describes every operation of the table and no other, each with its name as operationId', () => {
    expect(Object.keys(operationDescriptions)).toEqual(operationNames);
    const ids = documentOperations(document).map(({ operation }) => operation.operationId);
    expect([...ids].sort()).toEqual([...operationNames].sort());
  });

  it("marks the mock's own operations, and the others are the spec's endpoints (spec: Endpoints)", () => {
    const all = documentOperations(document);
    const own = all.filter(({ operation }) => operation[mockOwnExtension] === true);
    for (const { operation } of own) {
      expect(operation.tags).toEqual(['mock-own']);
      expect(operation.description).toMatch(/^The mock's own|not shown/);
    }
    if (specMissing) return;
    // `### POST {base_url}/users/{user.id}/connections/{connection.id}` is `POST /users/{userId}/connections/{connectionId}`.
    const inSpec = specLines.flatMap((line) => {
      const match = /^### (GET|POST) \{base_url\}(\S+)$/.exec(line);
      return match ? [`${match[1]} ${(match[2] as string).replace(/\{([a-z]+)\.id\}/g, '{$1Id}')}`] : [];
    });
    expect(inSpec).toHaveLength(11);
    const notOwn = all.filter(({ operation }) => operation[mockOwnExtension] !== true);
    expect(notOwn.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(inSpec.sort());
  });

  it('is self-contained: every $ref points into the document, and no schema keeps a $id or $schema', () => {
    const refs = valuesOf(document, '$ref');
    expect(refs.length).toBeGreaterThan(100);
    for (const [at, ref] of refs) {
      expect(ref, at).toMatch(/^#\/components\/schemas\/[A-Za-z.]+$/);
      expect(resolvePointer(ref as string), `${at}: ${String(ref)}`).toBeTypeOf('object');
    }
    expect(valuesOf(document, '$id')).toEqual([]);
    expect(valuesOf(document, '$schema')).toEqual([]);
  });

  it('holds every schema of schemas/, the run profile aside, with its definitions beside it', () => {
    const names = Object.keys(document.components.schemas);
    for (const { name, schema } of readSchemaFiles()) {
      if (name !== 'common') expect(names, name).toContain(schema.title);
      for (const definition of Object.keys((schema.$defs as object | undefined) ?? {}))
        expect(names, `${name} ${definition}`).toContain(`${schema.title}.${definition}`);
    }
  });

  it('gives every operation its security, its refusals with the error list, and a default error list', () => {
    for (const { method, path, operation } of documentOperations(document)) {
      const where = `${method} ${path}`;
      expect(operation.security, where).toEqual([{ [path === '/token' ? 'basic' : 'bearer']: [] }]);
      const responses = operation.responses as Record<
        string,
        { content?: Record<string, { schema: unknown }> }
      >;
      const refusals = Object.keys(responses).filter(
        (status) => status === 'default' || Number(status) >= 400,
      );
      expect(refusals, where).toContain('default');
      expect(refusals, where).toContain('429');
      if (path !== '/token') expect(refusals, where).toEqual(expect.arrayContaining(['401', '403']));
      for (const status of refusals)
        expect(responses[status]?.content?.['application/json']?.schema, `${where} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorList',
        });
    }
  });

  it('asks for the version header on the token request (spec: Versioning)', () => {
    const token = documentOperations(document).find(({ path }) => path === '/token')?.operation;
    expect(token?.parameters).toContainEqual(
      expect.objectContaining({ name: 'service-version', in: 'header', required: true }),
    );
    expect(Object.keys((token?.requestBody as { content: object }).content)).toEqual([
      'application/x-www-form-urlencoded',
    ]);
  });

  it.skipIf(specMissing !== undefined)('quotes the spec word for word wherever it quotes it', () => {
    const own = { paths: document.paths, tags: document.tags, info: document.info, mockOwnComponents };
    const spec = normalise(specText);
    const quotes = valuesOf(own, 'description').flatMap(([at, text]) =>
      [...String(text).matchAll(/"([^"]+)"/g)].map((match) => [at, match[1] as string] as const),
    );
    expect(quotes.length).toBeGreaterThan(30);
    const misquoted = quotes.flatMap(([at, quote]) =>
      quote
        .split(' ... ')
        .filter((part) => !spec.includes(normalise(part)))
        .map((part) => `${at}: "${part}"`),
    );
    expect(misquoted).toEqual([]);
  });
});
