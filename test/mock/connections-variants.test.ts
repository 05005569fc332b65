import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionsVariants } from '../../mock/variants/types.ts';
import { MockClient } from './mock-client.ts';

/**
 * Each connections variant (mock/variants/types.ts, src/requirements/ambiguities/connections.json) really
 * changes what the mock answers: the same request, default mock against the variant's.
 */
let plain: MockClient;
beforeAll(async () => {
  plain = await MockClient.start();
});
afterAll(() => plain.close());

async function withVariant<T>(variant: ConnectionsVariants, use: (client: MockClient) => Promise<T>) {
  const client = await MockClient.start({ variants: { connections: variant } });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

type Body = Record<string, unknown>;
const listItems = async (client: MockClient, filter?: string) =>
  (
    (await client.get(client.paths.connections, filter === undefined ? undefined : { filter })).body as {
      data: Body[];
    }
  ).data;

describe('the connections variants', () => {
  it('listForm detailed: list entries carry mfaEnabled, profile and accounts', async () => {
    expect((await listItems(plain))[0]).not.toHaveProperty('accounts');
    const item = await withVariant({ listForm: 'detailed' }, async (client) => (await listItems(client))[0]);
    expect(item).toHaveProperty('accounts.type', 'list');
    expect(item).toHaveProperty('profile');
    expect(item).toHaveProperty('links.institution');
  });

  it('hiddenProfile empty-arrays: a profile with nothing to show gives empty arrays', async () => {
    const hidden = plain.world.connections.find((c) => Object.keys(c.profile).length === 0);
    expect(hidden).toBeDefined();
    const path = `/users/${hidden?.userId}/connections/${hidden?.id}`;
    expect(((await plain.get(path)).body as Body).profile).toEqual({});
    const profile = await withVariant(
      { hiddenProfile: 'empty-arrays' },
      async (client) => ((await client.get(path)).body as Body).profile,
    );
    expect(profile).toEqual({ phoneNumbers: [], emailAddresses: [], physicalAddresses: [] });
  });

  it('updateJob minimal: the 202 carries type, id and links.self alone', async () => {
    const password = { password: plain.fixture.connectionPassword };
    expect((await plain.post(plain.paths.connection, password)).body).toHaveProperty('steps');
    const body = await withVariant(
      { updateJob: 'minimal' },
      async (client) => (await client.post(client.paths.connection, password)).body as Body,
    );
    expect(Object.keys(body).sort()).toEqual(['id', 'links', 'type']);
    expect(Object.keys(body.links as Body)).toEqual(['self']);
  });

  it('missingPasswordStatus 422: an update without password is refused 422', async () => {
    expect((await plain.post(plain.paths.connection, {})).status).toBe(400);
    const status = await withVariant(
      { missingPasswordStatus: 422 },
      async (client) => (await client.post(client.paths.connection, {})).status,
    );
    expect(status).toBe(422);
  });

  it('combinedFilter refused: several expressions are refused with 400', async () => {
    const { connectionId } = plain.fixture;
    const filter = `id.eq('${connectionId}'),status.eq('active')`;
    expect((await plain.get(plain.paths.connections, { filter })).status).toBe(200);
    const status = await withVariant(
      { combinedFilter: 'refused' },
      async (client) => (await client.get(client.paths.connections, { filter })).status,
    );
    expect(status).toBe(400);
  });

  it('combinedFilter any: several expressions select what passes any of them', async () => {
    const ids = (await listItems(plain)).map((c) => String(c.id));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const filter = ids.map((id) => `id.eq('${id}')`).join(',');
    expect(await listItems(plain, filter)).toEqual([]);
    const found = await withVariant({ combinedFilter: 'any' }, (client) => listItems(client, filter));
    expect(found.map((c) => c.id).sort()).toEqual([...ids].sort());
  });

  it('neOperator supported: id.ne answers the other connections', async () => {
    const [first, ...others] = (await listItems(plain)).map((c) => String(c.id));
    const filter = `id.ne('${first}')`;
    expect((await plain.get(plain.paths.connections, { filter })).status).toBe(400);
    const found = await withVariant({ neOperator: 'supported' }, (client) => listItems(client, filter));
    expect(found.map((c) => c.id).sort()).toEqual(others.sort());
  });

  it.each([
    ['a status the service does not know is refused with 400', "status.eq('no-such-status')", 400],
    ['a connection id the service does not know is not found, 404', "id.eq('no-such-connection')", 404],
  ])('unknownFilterValue refused: %s', async (_, filter, refused) => {
    expect(await listItems(plain, filter)).toEqual([]);
    const status = await withVariant(
      { unknownFilterValue: 'refused' },
      async (client) => (await client.get(client.paths.connections, { filter })).status,
    );
    expect(status).toBe(refused);
  });

  it('unknownProperty matches-nothing: a property not listed selects no connection', async () => {
    const filter = "nickname.eq('Everyday')";
    expect((await plain.get(plain.paths.connections, { filter })).status).toBe(400);
    const found = await withVariant({ unknownProperty: 'matches-nothing' }, (client) =>
      listItems(client, filter),
    );
    expect(found).toEqual([]);
    // The listed properties still apply beside it.
    const [first] = await listItems(plain);
    const together = await withVariant({ unknownProperty: 'matches-nothing' }, (client) =>
      listItems(client, `id.eq('${String(first?.id)}')`),
    );
    expect(together.map((c) => c.id)).toEqual([first?.id]);
  });

  it('unknownUser empty-list: the list of a user nobody created is empty, not refused', async () => {
    const path = '/users/no-such-user/connections';
    expect((await plain.get(path)).status).toBe(404);
    const answer = await withVariant({ unknownUser: 'empty-list' }, (client) => client.get(path));
    expect(answer.status).toBe(200);
    expect((answer.body as { data: unknown[] }).data).toEqual([]);
  });
});
