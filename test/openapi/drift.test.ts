import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import type { ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockExchange } from '../../mock/options.ts';
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
    let errorList: ValidateFunction;
    const operations = new Map(
      documentOperations(document).map((entry) => [`${entry.method} ${entry.path}`, entry.operation]),
    );

    beforeAll(async () => {
      // quick: openapi-backend's own check of the document knows OpenAPI 3.0 only; document.test.ts checks
      // the document as 3.1.
      api = new OpenAPIBackend({
        definition: structuredClone(document) as never,
        quick: true,
        customizeAjv: (_ajv, options) => ajv2020(options) as never,
      });
      await api.init();
      const definition = api.definition as unknown as OpenApiDocument;
      errorList = ajv2020({}).compile(definition.components.schemas.ErrorList as object);
      run = await recordFullRun();
    });

    afterAll(() => run?.close());

    /** What is wrong with one answer by the document, or undefined when the document declares it as given. */
    function disagreement(exchange: MockExchange): string | undefined {
      // What the client received: the body as JSON text, read back.
      const body = JSON.parse(JSON.stringify(exchange.body)) as unknown;
      const where = `${exchange.method} ${exchange.path} ${exchange.status}`;
      // An answer no route gave (a path outside the route table, a method a path does not list) has no
      // operation; it is still an error list.
      if (exchange.route === undefined)
        return errorList(body) ? undefined : `${where} (no route): ${JSON.stringify(errorList.errors)}`;
      const key = `${exchange.method} ${openApiPath(exchange.route)}`;
      const operation = operations.get(key);
      if (!operation) return `${where}: ${key} is no operation of the document`;
      if (!Object.hasOwn(operation.responses as object, String(exchange.status)))
        return `${where}: status ${exchange.status} is not declared for ${key}`;
      const result = api.validateResponse(body, operation.operationId as string, exchange.status);
      return result.valid ? undefined : `${where}: ${JSON.stringify(result.errors)}`;
    }

    it('every answer validates against the document: its status declared for its operation, its body in that shape', () => {
      expect(run.result.code, run.result.stderr).toBe(0);
      expect(run.exchanges.flatMap((exchange) => disagreement(exchange) ?? [])).toEqual([]);
      expect(run.exchanges.length).toBeGreaterThan(300);
      // Every operation of the spec answered with its success at least once, so the run cannot pass
      // vacuously; the mock's own ones are called by client.test.ts.
      const seen = new Set(
        run.exchanges.map(({ method, route, status }) => `${method} ${openApiPath(route ?? '')} ${status}`),
      );
      const unseen = documentOperations(document)
        .filter(({ operation }) => operation[mockOwnExtension] !== true)
        .map(({ method, path, operation }) => {
          const success = Object.keys(operation.responses as object).find((status) => /^2/.test(status));
          return `${method} ${path} ${success}`;
        })
        .filter((expected) => !seen.has(expected));
      expect(unseen).toEqual([]);
    });

    it('finds an answer the document does not declare: a body of another shape, a status not listed, no error list', () => {
      const answer = (route: string, status: number) => {
        const found = run.exchanges.find(
          (exchange) => exchange.route === route && exchange.status === status,
        );
        if (!found) throw new Error(`the run gave no ${status} from ${route}`);
        return found;
      };
      const list = answer('/institutions', 200);
      const shapes = [
        // The institutions-total-count-string fault's answer: a count written as a string.
        { ...list, body: { ...(list.body as object), totalCount: '23' } },
        { ...list, status: 418 },
        { ...answer('/institutions/:institutionId', 404), route: undefined, body: { type: 'list' } },
      ];
      for (const exchange of shapes) expect(disagreement(exchange), JSON.stringify(exchange)).toBeDefined();
    });
  },
);
