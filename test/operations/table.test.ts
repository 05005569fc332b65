import { describe, expect, it } from 'vitest';
import { Router } from '../../mock/router.ts';
import { routeHandlers, routes } from '../../mock/routes/index.ts';
import { openApiDocument } from '../../src/openapi/document.ts';
import {
  bearerOperationNames,
  endpointName,
  operationNames,
  operationPath,
  operations,
  pathParameterNames,
  specOperationNames,
  specPath,
} from '../../src/operations/table.ts';
import { requestKinds } from '../../suites/auth/support.ts';
import { specLines, specMissing } from '../spec-text.ts';
import { documentOperations } from '../openapi/document-operations.ts';

/** The operation's path with each parameter named after itself, as a request would send it. */
const samplePath = (name: (typeof operationNames)[number]) =>
  operationPath(
    name,
    Object.fromEntries(
      pathParameterNames(operations[name].path).map((parameter) => [parameter, `${parameter}-1`]),
    ),
  );

describe('the operations table (src/operations/table.ts)', () => {
  it.skipIf(specMissing)("holds the spec's endpoints, in its order, as the spec heads them", () => {
    const headed = specLines.flatMap((line) => {
      const match = /^### ((?:GET|POST) )\{base_url\}(\S+)$/.exec(line);
      return match ? [`${match[1]}${match[2]}`] : [];
    });
    expect(headed).toHaveLength(11);
    expect(specOperationNames.map(endpointName)).toEqual(headed);
  });

  it("writes paths in the spec's words and fills them, encoded, from the values given", () => {
    expect(specPath('/users/:userId/affordability/:affordabilityId/transactions')).toBe(
      '/users/{user.id}/affordability/{affordability.id}/transactions',
    );
    expect(endpointName('updateConnection')).toBe('POST /users/{user.id}/connections/{connection.id}');
    expect(operationPath('getConnection', { userId: 'a b', connectionId: 'c/d' })).toBe(
      '/users/a%20b/connections/c%2Fd',
    );
    expect(() => operationPath('getConnection', { userId: 'a' })).toThrow(':connectionId');
  });

  it('names the bearer operations: every operation of the spec but the token endpoint', () => {
    expect(specOperationNames.filter((name) => !bearerOperationNames.includes(name as never))).toEqual([
      'issueToken',
    ]);
  });
});

describe('every consumer takes every operation of the table', () => {
  it("the mock has a handler for each operation and none besides, and serves each at the table's method and path", () => {
    expect(Object.keys(routeHandlers).sort()).toEqual([...operationNames].sort());
    expect(routes.map(({ name, method, path, auth }) => ({ name, method, path, auth }))).toEqual(
      operationNames.map((name) => {
        const { method, path, auth } = operations[name];
        return { name, method, path, auth };
      }),
    );
    const router = new Router(routes);
    for (const name of operationNames) {
      const match = router.match(operations[name].method, samplePath(name));
      expect(match.kind === 'found' ? match.route.name : match.kind, name).toBe(name);
    }
  });

  it('the OpenAPI document describes each operation by its name, and the spec-only document the spec operations', () => {
    const ids = (specOnly: boolean) =>
      documentOperations(openApiDocument({ specOnly }))
        .map(({ operation }) => operation.operationId as string)
        .sort();
    expect(ids(false)).toEqual([...operationNames].sort());
    expect(ids(true)).toEqual([...specOperationNames].sort());
  });

  it('the auth checks send each bearer operation of the spec, at its method and path', async () => {
    expect([...new Set(requestKinds.map(({ operation }) => operation))]).toEqual(bearerOperationNames);
    for (const kind of requestKinds.filter(({ name }) => !name.startsWith('the links.next'))) {
      const settings = {
        runId: 'table-test',
        profile: { readOnly: true, fixtures: {} },
      } as unknown as Parameters<typeof kind.target>[0];
      const target = await kind.target(settings);
      expect(target.method, kind.name).toBe(operations[kind.operation].method);
      expect(new Router(routes).match(target.method, target.path), kind.name).toMatchObject({
        kind: 'found',
        route: { name: kind.operation },
      });
    }
  });
});
