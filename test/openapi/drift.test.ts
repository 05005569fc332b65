import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mockOwnExtension,
  openApiDocument,
  openApiPath,
  type OpenApiDocument,
} from '../../src/openapi/document.ts';
import { recordFullRun, type RecordedRun } from '../support/recorded-run.ts';
import { documentOperations } from './document-operations.ts';

const document = openApiDocument();

/** The schemas are JSON Schema 2020-12; openapi-backend's own Ajv speaks draft-07. */
function ajv2020(options: object) {
  const ajv = new Ajv2020.default(options);
  addFormats.default(ajv);
  return ajv;
}

/**
 * Drift between the document and the mock: every answer the mock gives in a full run of the suite must be
 * one the document declares, for its operation and status, in the shape the document gives it.
 */
describe(
  'the OpenAPI document against everything the mock answers in a full run',
  { timeout: 180_000 },
  () => {
    let run: RecordedRun;
    let api: OpenAPIBackend;

    beforeAll(async () => {
      // quick: openapi-backend's own check of the document knows OpenAPI 3.0 only; document.test.ts checks
      // the document as 3.1.
      api = new OpenAPIBackend({
        definition: structuredClone(document) as never,
        quick: true,
        customizeAjv: (_ajv, options) => ajv2020(options) as never,
      });
      await api.init();
      run = await recordFullRun();
    }, 180_000);

    afterAll(() => run?.close());

    it('every answer validates against the document: its status declared for its operation, its body in that shape', () => {
      expect(run.result.code, run.result.stderr).toBe(0);
      const operations = new Map(
        documentOperations(document).map((entry) => [`${entry.method} ${entry.path}`, entry.operation]),
      );
      // An answer no route gave (a path outside the route table, a method a path does not list) has no
      // operation; it is still an error list.
      const definition = api.definition as unknown as OpenApiDocument;
      const errorList = ajv2020({}).compile(definition.components.schemas.ErrorList as object);
      const failures: string[] = [];
      const seen = new Set<string>();
      for (const exchange of run.exchanges) {
        // What the client received: the body as JSON text, read back.
        const body = JSON.parse(JSON.stringify(exchange.body)) as unknown;
        const where = `${exchange.method} ${exchange.path} ${exchange.status}`;
        if (exchange.route === undefined) {
          if (!errorList(body)) failures.push(`${where} (no route): ${JSON.stringify(errorList.errors)}`);
          continue;
        }
        const key = `${exchange.method} ${openApiPath(exchange.route)}`;
        const operation = operations.get(key);
        if (!operation) {
          failures.push(`${where}: ${key} is no operation of the document`);
          continue;
        }
        seen.add(`${key} ${exchange.status}`);
        if (!Object.hasOwn(operation.responses as object, String(exchange.status))) {
          failures.push(`${where}: status ${exchange.status} is not declared for ${key}`);
          continue;
        }
        const result = api.validateResponse(body, operation.operationId as string, exchange.status);
        if (!result.valid) failures.push(`${where}: ${JSON.stringify(result.errors)}`);
      }
      expect(failures).toEqual([]);
      expect(run.exchanges.length).toBeGreaterThan(300);
      // Every operation of the spec answered with its success at least once, so the run cannot pass
      // vacuously; the mock's own ones are called by client.test.ts.
      const unseen = documentOperations(document)
        .filter(({ operation }) => operation[mockOwnExtension] !== true)
        .map(({ method, path, operation }) => {
          const success = Object.keys(operation.responses as object).find((status) => /^2/.test(status));
          return `${method} ${path} ${success}`;
        })
        .filter((expected) => !seen.has(expected));
      expect(unseen).toEqual([]);
    });
  },
);
