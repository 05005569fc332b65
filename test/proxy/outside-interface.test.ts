import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.ts';
import { startProxy, type RunningProxy } from '../../src/observe/proxy/proxy.ts';

/**
 * Issue 31: the proxy's reports count the exchanges outside the interface in a section of their own, by
 * kind, method and path, with the statuses the clients got, where they used to pass unmentioned.
 */

let mock: RunningMock | undefined;
let proxy: RunningProxy | undefined;
let dir: string | undefined;
afterEach(async () => {
  await proxy?.close();
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  mock = proxy = dir = undefined;
});

describe('exchanges outside the interface', () => {
  it('are counted by kind, method and path (no query), with their statuses, in every report the proxy writes', async () => {
    mock = await startMock({ basePath: '/api' });
    proxy = await startProxy({ target: mock.url });
    const origin = new URL(proxy.url).origin;
    const sent = async (method: string, path: string) =>
      (await request(`${origin}${path}`, { method })).statusCode;
    const statuses = [
      await sent('GET', '/api/no-such-thing?key=s3cr3t'),
      await sent('GET', '/api/no-such-thing'),
      await sent('DELETE', '/api/institutions'),
      await sent('PUT', '/api/users/u1/connections/c1'),
      await sent('GET', '/elsewhere'),
      await sent('GET', '/api/users/u1/accounts'),
      await sent('GET', '/api/institutions'),
    ];
    await proxy.close();
    const { server, client } = proxy.report();
    expect(server.outsideInterface).toEqual({
      exchanges: 6,
      requests: [
        {
          kind: 'unknown-operation',
          method: 'GET',
          path: '/no-such-thing',
          count: 2,
          statuses: { [statuses[0]!]: 2 },
        },
        {
          kind: 'method-not-allowed',
          method: 'DELETE',
          path: '/institutions',
          count: 1,
          statuses: { [statuses[2]!]: 1 },
        },
        {
          kind: 'method-not-allowed',
          method: 'PUT',
          path: '/users/{user.id}/connections/{connection.id}',
          count: 1,
          statuses: { [statuses[3]!]: 1 },
        },
        {
          kind: 'unknown-operation',
          method: 'GET',
          path: '/elsewhere',
          count: 1,
          statuses: { [statuses[4]!]: 1 },
        },
        {
          kind: 'linked-not-shown',
          method: 'GET',
          path: '/users/{user.id}/accounts',
          count: 1,
          statuses: { [statuses[5]!]: 1 },
        },
      ],
    });
    expect(client.outsideInterface).toEqual(server.outsideInterface);
    expect(statuses.slice(2, 4)).toEqual([405, 405]);
    dir = mkdtempSync(join(tmpdir(), 'fds-proxy-outside-'));
    proxy.writeReports(dir);
    const markdown = readFileSync(join(dir, 'server', 'report.md'), 'utf8');
    expect(markdown).toContain('## Outside the interface');
    expect(markdown).toContain(
      "6 exchange(s) outside the interface, which no operation's requirements judge.",
    );
    expect(markdown).toContain(`| method not allowed | DELETE /institutions | 1 | 405 |`);
    expect(markdown).toContain(`| unknown operation | GET /no-such-thing | 2 | ${statuses[0]} ×2 |`);
    expect(readFileSync(join(dir, 'server', 'report.html'), 'utf8')).toContain(
      '<h2>Outside the interface</h2>',
    );
    const summary = JSON.parse(readFileSync(join(dir, 'proxy.json'), 'utf8')) as {
      outsideInterface: unknown;
    };
    expect(summary.outsideInterface).toEqual(server.outsideInterface);
    expect(readFileSync(join(dir, 'proxy.json'), 'utf8')).not.toContain('s3cr3t');
  });
});
