import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIndependent } from './index.ts';
import type { RunningIndependent } from './index.ts';

interface Page {
  type: string;
  count: number;
  size: number;
  data: { id: string; class: string }[];
  links: { self: string; next?: string };
}

describe.each([2, 3])('independent server, seed %i', (seed) => {
  let server: RunningIndependent;
  let bearer: Record<string, string>;

  beforeAll(async () => {
    server = await startIndependent({ seed });
    const response = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${server.profile.apiKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        [server.profile.versionHeader]: server.profile.version,
      },
      body: 'scope=SERVER_ACCESS',
    });
    expect(response.status).toBe(200);
    const token = (await response.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(token.token_type).toBe('Bearer');
    expect(token.expires_in).toBeGreaterThan(0);
    bearer = { Authorization: `Bearer ${token.access_token}` };
  });

  afterAll(async () => {
    await server.close();
  });

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { ...bearer, ...(init.headers ?? {}) } });
  const postJson = (path: string, body: unknown) =>
    call(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('enriches a matching description and returns nulls for a non-matching one', async () => {
    const { enrich } = server.profile.fixtures;
    const query = (q: string) =>
      `/enrich?q=${encodeURIComponent(q)}&institution=${enrich.institution}&country=${enrich.country}`;
    const hit = (await (await call(query(enrich.matchingQuery))).json()) as { data: { merchant: unknown } };
    expect(hit.data.merchant).not.toBeNull();
    const miss = (await (await call(query(enrich.noMatchQuery))).json()) as { data: { merchant: unknown } };
    expect(miss.data.merchant).toBeNull();
  });

  it('creates a user', async () => {
    const response = await postJson('/users', { email: 'someone@example.com', firstName: 'Some' });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { type: string }).type).toBe('user');
  });

  it('lists, reads and updates a connection, and the job answers', async () => {
    const { userId, connectionId, connectionPassword } = server.profile.fixtures;
    const list = (await (
      await call(`/users/${userId}/connections?filter=id.eq('${connectionId}')`)
    ).json()) as { data: { id: string }[] };
    expect(list.data.map((c) => c.id)).toEqual([connectionId]);
    const detail = await call(`/users/${userId}/connections/${connectionId}`);
    expect(((await detail.json()) as { accounts: { type: string } }).accounts.type).toBe('list');
    const update = await postJson(`/users/${userId}/connections/${connectionId}`, {
      password: connectionPassword,
    });
    expect(update.status).toBe(202);
    const job = (await update.json()) as { id: string };
    const again = await call(`/jobs/${job.id}`);
    expect(((await again.json()) as { id: string }).id).toBe(job.id);
  });

  it('lists and reads institutions', async () => {
    const list = (await (await call('/institutions')).json()) as { totalCount: number; data: unknown[] };
    expect(list.totalCount).toBe(list.data.length);
    const one = await call(`/institutions/${server.profile.fixtures.institutionId}`);
    expect(one.status).toBe(200);
  });

  it('computes expenses over the default range', async () => {
    const response = await call(`/users/${server.profile.fixtures.userId}/expenses`, { method: 'POST' });
    const expenses = (await response.json()) as { type: string; bankFees: { changeHistory: unknown[] } };
    expect(expenses.type).toBe('expenses');
    expect(expenses.bankFees.changeHistory).toHaveLength(14);
  });

  it('walks every page of the affordability snapshot', async () => {
    const { userId, affordabilityId, emptyAffordabilityId } = server.profile.fixtures;
    let next: string | undefined =
      `${server.url}/users/${userId}/affordability/${affordabilityId}/transactions`;
    const seen = new Set<string>();
    let count = -1;
    while (next !== undefined) {
      const page = (await (await fetch(next, { headers: bearer })).json()) as Page;
      expect(page.size).toBe(page.data.length);
      expect(page.size).toBeLessThanOrEqual(500);
      count = page.count;
      for (const tx of page.data) seen.add(tx.id);
      next = page.links.next;
    }
    expect(seen.size).toBe(count);
    const empty = (await (
      await call(`/users/${userId}/affordability/${emptyAffordabilityId}/transactions`)
    ).json()) as Page;
    expect(empty.data).toEqual([]);
  });

  it('answers errors with an error list', async () => {
    const response = await fetch(`${server.url}/institutions`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { type: string; correlationId: string; data: { type: string }[] };
    expect(body.type).toBe('list');
    expect(body.correlationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(body.data[0]?.type).toBe('error');
  });
});
