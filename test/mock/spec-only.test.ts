import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockOwnGroup, operationNames, operationPath, operations } from '../../src/operations/table.ts';
import { openMockSession, runOnMock } from '../harness/fault-matrix.ts';
import { MockClient } from './mock-client.ts';

/**
 * `specOnly` (`--spec-only`) turns every one of the mock's own routes off, its extensions included, and the
 * conformance run depends on none of them: against a spec-only mock the suite's verdict is conformant.
 */

const ownOperations = operationNames.filter((name) => operations[name].group === mockOwnGroup);
const ids = { userId: 'u-1', accountId: 'a-1', connectionId: 'c-1', expensesId: 'e-1' };

describe.each([
  { specOnly: false, served: true },
  { specOnly: true, served: false },
])('the mock with specOnly $specOnly', ({ specOnly, served }) => {
  let client: MockClient;
  beforeAll(async () => {
    client = await MockClient.start({ specOnly });
  });
  afterAll(() => client.close());

  it.each(ownOperations)(
    `${served ? 'serves' : 'answers as an unserved path'} the mock's own %s`,
    async (name) => {
      const { method } = operations[name];
      const path = operationPath(name, { ...ids, userId: client.fixture.userId });
      const exchange = await client.call(method, path, method === 'POST' ? { json: {} } : {});
      // Served, the route answers for itself (a 404 names an unknown id); unserved, the router refuses it.
      const refusedByRouter = exchange.status === 405 || /no resource at/.test(exchange.text);
      expect(refusedByRouter, `${method} ${path}: ${exchange.status} ${exchange.text}`).toBe(!served);
    },
  );
});

describe('the suite against a spec-only mock', () => {
  it('finds nothing: the conformance run depends on no extension', { timeout: 600_000 }, async () => {
    const session = await openMockSession();
    try {
      const run = await runOnMock(session, { specOnly: true });
      expect(run.errors).toEqual([]);
      expect(run.failed).toEqual([]);
      expect(run.requirements.some((requirement) => requirement.status === 'passed')).toBe(true);
    } finally {
      await session.close();
    }
  });
});
