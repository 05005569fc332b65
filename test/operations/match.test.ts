import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationMatcher } from '../../src/operations/match.ts';
import { proxyMatcher } from '../../src/observe/proxy/operation.ts';
import { MockClient } from '../mock/mock-client.ts';

const exact = new OperationMatcher('exact');

describe('the one matcher of the operations table (src/operations/match.ts)', () => {
  it('names the operation, its decoded path parameters, and the operations at a path asked with another method', () => {
    expect(exact.match('GET', '/users/a%20b/connections/c1')).toEqual({
      kind: 'found',
      name: 'getConnection',
      parameters: { userId: 'a b', connectionId: 'c1' },
    });
    expect(exact.match('PATCH', '/users/u1/connections/c1')).toEqual({
      kind: 'wrong-method',
      names: ['getConnection', 'updateConnection', 'deleteConnection'],
    });
    expect(exact.match('GET', '/nope')).toEqual({ kind: 'none' });
    expect(exact.match('GET', '/users//connections')).toEqual({ kind: 'none' });
  });

  it('reads a trailing slash and an undecodable segment as another path exactly, as the same path tolerantly', () => {
    expect(exact.match('GET', '/institutions/')).toEqual({ kind: 'none' });
    expect(proxyMatcher.operationOf('GET', '/institutions/')?.name).toBe('listInstitutions');
    expect(exact.match('GET', '/institutions/%E0%A4%A')).toEqual({ kind: 'none' });
    expect(proxyMatcher.operationOf('GET', '/institutions/%E0%A4%A')).toEqual({
      name: 'getInstitution',
      parameters: { institutionId: '%E0%A4%A' },
    });
  });

  it('matches only the operations it is given', () => {
    const institutions = new OperationMatcher('exact', ['getInstitution']);
    expect(institutions.match('GET', '/institutions')).toEqual({ kind: 'none' });
    expect(institutions.operationOf('GET', '/institutions/AU00000')?.name).toBe('getInstitution');
  });
});

describe('the mock and the judge of its clients read GET /institutions/ alike', () => {
  let client: MockClient;
  beforeAll(async () => {
    client = await MockClient.start();
  });
  afterAll(async () => {
    await client.close();
  });

  it('the mock answers it 404 and its judge holds no filter rule to it, where GET /institutions is judged', async () => {
    const judged = async (path: string) => {
      client.mock.resetClientFindings();
      const { status } = await client.get(path, { filter: "country.like('AU')" });
      return { status, broken: client.mock.clientFindings().map(({ requirement }) => requirement) };
    };
    expect(await judged('/institutions')).toEqual({ status: 400, broken: ['CLIENT-22'] });
    expect(await judged('/institutions/')).toEqual({ status: 404, broken: [] });
  });
});
