import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLenient } from './index.ts';
import type { RunningLenient } from './index.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Seed 1 pages over several pages; seed 3 has exactly 500 (one full page, no next).
describe.each([1, 3])('lenient server, seed %i', (seed) => {
  let server: RunningLenient;
  let bearer = '';

  const call = async (
    path: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: Json }> => {
    const url =
      path.startsWith('/') && !path.startsWith('/api/')
        ? `${server.profile.baseUrl}${path}`
        : `${server.url}${path}`;
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const token = (apiKey: string, body = 'scope=SERVER_ACCESS', headers: Record<string, string> = {}) =>
    call('/token', {
      method: 'POST',
      body,
      headers: {
        Authorization: `Basic ${apiKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        [server.profile.versionHeader]: server.profile.version,
        ...headers,
      },
    });
  const expectErrorList = (body: Json): void => {
    expect(body.type).toBe('list');
    expect(body.correlationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(body.data[0].type).toBe('error');
  };

  beforeAll(async () => {
    server = await startLenient({ seed });
    const issued = await token(server.profile.apiKey);
    expect(issued.status).toBe(200);
    bearer = String(issued.body.access_token);
  });
  afterAll(async () => {
    await server.close();
  });

  it('issues tokens and answers token errors from the table', async () => {
    const ok = await token(server.profile.apiKey, 'scope=CLIENT_ACCESS');
    expect(ok.body).toMatchObject({ token_type: 'Bearer' });
    expect(typeof ok.body.expires_in).toBe('number');
    const retired = await token(server.profile.apiKey, 'scope=SERVER_ACCESS', {
      [server.profile.versionHeader]: server.profile.unsupportedVersion ?? '',
    });
    expect(retired.status).toBe(400);
    expect(retired.body.data[0].code).toBe('parameter-not-valid');
    const badKey = await token('nope');
    expect([badKey.status, badKey.body.data[0].code]).toEqual([400, 'invalid-grant']);
    const badScope = await token(server.profile.apiKey, 'scope=EVERYTHING');
    expect([badScope.status, badScope.body.data[0].code]).toEqual([400, 'invalid-request']);
    const clientDenied = await call('/users', {
      method: 'POST',
      body: '{"email":"x@y.z"}',
      headers: { Authorization: `Bearer ${String(ok.body.access_token)}` },
    });
    expect(clientDenied.status).toBe(403);
  });

  it('lets short-lived tokens expire', async () => {
    const expiry = server.profile.tokenExpiry;
    if (!expiry) throw new Error('profile has no tokenExpiry');
    const issued = await token(expiry.apiKey);
    await new Promise((resolve) => setTimeout(resolve, Number(issued.body.expires_in) * 1000 + 300));
    const after = await call('/institutions', {
      headers: { Authorization: `Bearer ${String(issued.body.access_token)}` },
    });
    expect(after.status).toBe(400);
    expectErrorList(after.body);
  });

  it('enriches matching and non-matching descriptions, and rejects bad parameters', async () => {
    const { institution, country, matchingQuery, noMatchQuery } = server.profile.fixtures.enrich;
    const q = (text: string, extra = '') =>
      `/enrich?q=${encodeURIComponent(text)}&institution=${institution}&country=${country}${extra}`;
    const hit = await call(q(matchingQuery));
    expect(hit.status).toBe(200);
    expect(hit.body.type).toBe('enrich');
    expect(hit.body.data.merchant).not.toBeNull();
    expect(Object.keys(hit.body.data.category.anzsic)).toEqual(['division', 'subdivision', 'group', 'class']);
    const miss = await call(q(noMatchQuery, '&accountType=transaction&amount=-12.50'));
    expect(miss.body.data).toEqual({ merchant: null, location: null, category: null });
    expect([miss.body.links['logo-master'], miss.body.links['logo-thumb']]).toEqual([null, null]);
    const bad = await call(q(matchingQuery, '&accountType=piggy-bank'));
    expect(bad.status).toBe(400);
    expect(bad.body.data[0]).toMatchObject({
      code: 'parameter-not-valid',
      source: { parameter: 'accountType' },
    });
    const short = await call(q('ab'));
    expect(short.body.data[0].source.parameter).toBe('q');
  });

  it('creates users and refuses an empty e-mail', async () => {
    const created = await call('/users', {
      method: 'POST',
      body: JSON.stringify({ mobile: '+61 400 000 111', firstName: 'Sam' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'user', mobile: '+61400000111' });
    const empty = await call('/users', { method: 'POST', body: JSON.stringify({ email: '' }) });
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
    expectErrorList(empty.body);
  });

  it('lists, filters, retrieves and updates connections; the job settles', async () => {
    const { userId, connectionId, connectionPassword } = server.profile.fixtures;
    const all = await call(`/users/${userId}/connections`);
    expect(all.body.data.length).toBeGreaterThan(0);
    const one = await call(
      `/users/${userId}/connections?filter=${encodeURIComponent(`id.eq('${connectionId}')`)}`,
    );
    expect(one.body.data.map((c: Json) => c.id)).toEqual([connectionId]);
    const detail = await call(`/users/${userId}/connections/${connectionId}`);
    expect(detail.body.accounts.type).toBe('list');
    expect(detail.body).not.toHaveProperty('password');
    expect(typeof detail.body.mfaEnabled).toBe('boolean');
    const job = await call(`/users/${userId}/connections/${connectionId}`, {
      method: 'POST',
      body: JSON.stringify({ password: connectionPassword }),
    });
    expect(job.status).toBe(202);
    expect(job.body.type).toBe('job');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const settled = await call(`/jobs/${String(job.body.id)}`);
    expect(settled.body.steps.map((s: Json) => s.status)).toEqual(['success', 'success', 'success']);
    const missing = await call(`/users/${userId}/connections/99999999`);
    expect(missing.status).toBe(404);
    expectErrorList(missing.body);
  });

  it('lists institutions with eq/ne filters and retrieves one', async () => {
    const all = await call('/institutions');
    expect(all.body.totalCount).toBe(all.body.data.length);
    const beta = await call(`/institutions?filter=${encodeURIComponent("stage.eq('beta')")}`);
    const notBeta = await call(`/institutions?filter=${encodeURIComponent("stage.ne('beta')")}`);
    expect(beta.body.data.every((i: Json) => i.stage === 'beta')).toBe(true);
    expect(beta.body.totalCount + notBeta.body.totalCount).toBe(all.body.totalCount);
    const one = await call(`/institutions/${server.profile.fixtures.institutionId}`);
    expect(one.body).toMatchObject({ type: 'institution', id: server.profile.fixtures.institutionId });
    const gt = await call(`/institutions?filter=${encodeURIComponent("tier.gt('1')")}`);
    expect(gt.status).toBe(400);
  });

  it('summarises expenses with defaults and with an account selection', async () => {
    const { userId, connectionId } = server.profile.fixtures;
    const defaults = await call(`/users/${userId}/expenses`, { method: 'POST', body: '{}' });
    expect(defaults.status).toBe(200);
    expect(defaults.body.type).toBe('expenses');
    expect(defaults.body.fromMonth).toMatch(/^\d{4}-\d{2}$/);
    const detail = await call(`/users/${userId}/connections/${connectionId}`);
    const firstAccount = String(detail.body.accounts.data[0].id);
    const selected = await call(`/users/${userId}/expenses`, {
      method: 'POST',
      body: JSON.stringify({ accounts: [firstAccount] }),
    });
    expect(selected.body.links.accounts).toHaveLength(1);
    const bad = await call(`/users/${userId}/expenses`, {
      method: 'POST',
      body: JSON.stringify({ fromMonth: '2024-13' }),
    });
    expect(bad.status).toBe(422);
  });

  it('pages affordability transactions to the end without duplicates', async () => {
    const { userId, affordabilityId, emptyAffordabilityId } = server.profile.fixtures;
    let path: string | undefined = `/users/${userId}/affordability/${affordabilityId}/transactions`;
    const seen = new Set<string>();
    let total = -1;
    while (path !== undefined) {
      const page = await call(path);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(500);
      total = Number(page.body.count);
      for (const t of page.body.data as Json[]) {
        expect(seen.has(String(t.id))).toBe(false);
        seen.add(String(t.id));
      }
      path = page.body.links.next as string | undefined;
    }
    expect(seen.size).toBe(total);
    const empty = await call(`/users/${userId}/affordability/${emptyAffordabilityId}/transactions`);
    expect(empty.body.data).toEqual([]);
    expect(empty.body.links.next).toBeUndefined();
    const fees = await call(
      `/users/${userId}/affordability/${affordabilityId}/transactions?filter=${encodeURIComponent("transaction.class.eq('bank-fee')")}&limit=5`,
    );
    expect(fees.body.data.every((t: Json) => t.class === 'bank-fee')).toBe(true);
  });

  it('answers garbage with an error list and never a 5xx', async () => {
    const cases = [
      call('/nowhere'),
      call('/users', { method: 'POST', body: '{not json' }),
      call('/users', { method: 'DELETE' }),
      call(`/users/${server.profile.fixtures.userId}/connections?filter=${encodeURIComponent('status.eq(')}`),
      call('/users/%E0%A4%A/connections'),
      call('/users', { method: 'POST', body: 'x'.repeat(200_000) }).catch(() => ({
        status: 413,
        body: {
          type: 'list',
          correlationId: '00000000-0000-0000-0000-000000000000',
          data: [{ type: 'error' }],
        },
      })),
      call('/institutions', { headers: { Authorization: '' } }),
    ];
    for (const result of await Promise.all(cases)) {
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      expectErrorList(result.body);
    }
  });
});
