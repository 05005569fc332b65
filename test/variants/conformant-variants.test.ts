import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiKey, type MockOptions } from '../../mock/options.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';

/**
 * Each conformant variant of the mock (mock/variants/types.ts) is really shown: a variant that silently did
 * nothing would pass the suite trivially. That the suite passes under every one is tested in
 * register-variants.test.ts.
 */
function member(value: unknown): Record<string, unknown> {
  expect(value).toBeTypeOf('object');
  return value as Record<string, unknown>;
}

/**
 * Each variant is really shown: a variant that silently did nothing would pass the suite trivially.
 * These talk to the mock directly, without the suite's client (which retries 429s and hides framing).
 */
describe('the mock shows each variant', () => {
  let mock: RunningMock;
  let token = '';

  const call = async (
    path: string,
    init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
  ) => {
    const response = await request(`${mock.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    const bytes = Buffer.from(await response.body.arrayBuffer());
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      body = undefined; // a gzip body
    }
    return { status: response.statusCode, headers: response.headers, bytes, body };
  };

  const issueToken = async (versionHeader = 'service-version') => {
    const issued = await call('/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${defaultApiKey}`,
        [versionHeader]: '2.0',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'scope=SERVER_ACCESS',
    });
    return issued;
  };

  const start = async (options: Partial<MockOptions>) => {
    mock = await startMock(options);
    const issued = await issueToken(options.versionHeader);
    token = (issued.body as { access_token?: string }).access_token ?? '';
  };

  describe('relativeLinks under /api', () => {
    beforeAll(() => start({ basePath: '/api', variants: { relativeLinks: true } }));
    afterAll(() => mock.close());

    it('hands out host-relative links, links.next included, and keeps the base URL absolute', async () => {
      expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const { userId, affordabilityId } = mock.world.fixture;
      const page = await call(`/users/${userId}/affordability/${affordabilityId}/transactions`, {});
      const links = (page.body as { links: { self: string; next?: string } }).links;
      expect(links.self).toMatch(/^\/api\/users\//);
      expect(links.next).toMatch(/^\/api\/users\/.+\?next=[A-Za-z0-9_-]+$/);
      const institutions = (await call('/institutions')).body as { data: { links: { self: string } }[] };
      expect(institutions.data[0]?.links.self).toMatch(/^\/api\/institutions\//);
    });
  });

  describe('extraFields', () => {
    beforeAll(() => start({ variants: { extraFields: true } }));
    afterAll(() => mock.close());

    it('adds x-vendor and etag to every object but the string-array maps and empty objects', async () => {
      const list = member((await call('/institutions')).body);
      expect(list['x-vendor']).toBeTypeOf('object');
      expect(list.etag).toMatch(/^W\/"/);
      const institution = member((list.data as unknown[])[0]);
      expect(institution['x-vendor']).toBeTypeOf('object');
      expect(member(institution.links).etag).toBeTypeOf('string');
      const features = member(institution.features);
      expect(features['x-vendor']).toBeTypeOf('object');
      expect(Object.keys(member(features.accounts))).not.toContain('x-vendor');
      expect(institution.type).toBe('institution');
      // The same institution alone carries the same etag: the tag follows the content.
      const alone = member((await call(`/institutions/${String(institution.id)}`)).body);
      expect(alone.etag).toBe(institution.etag);
      const refused = member((await call('/institutions/no-such-institution')).body);
      expect(refused.etag).toBeTypeOf('string');
      const error = member((refused.data as unknown[])[0]);
      expect(error['x-vendor']).toBeTypeOf('object');
      expect(member(error.source)['x-vendor']).toBeTypeOf('object');
    });
  });

  describe('opaqueIds', () => {
    beforeAll(() => start({ variants: { opaqueIds: true } }));
    afterAll(() => mock.close());

    it('numbers the world’s resources with strings of digits, the fixtures included', async () => {
      const { userId, connectionId, affordabilityId } = mock.world.fixture;
      for (const id of [userId, connectionId, affordabilityId]) expect(id).toMatch(/^\d+$/);
      const connection = member((await call(`/users/${userId}/connections/${connectionId}`)).body);
      expect(connection.id).toBe(connectionId);
      const page = member(
        (await call(`/users/${userId}/affordability/${affordabilityId}/transactions?limit=1`)).body,
      );
      expect(member((page.data as unknown[])[0]).id).toMatch(/^\d+$/);
    });
  });

  describe('reverseKeys and charset', () => {
    beforeAll(() => start({ variants: { reverseKeys: true, charset: true } }));
    afterAll(() => mock.close());

    it('reverses every object’s keys and names the charset', async () => {
      const issued = await issueToken();
      expect(Object.keys(issued.body as object)).toEqual(['expires_in', 'token_type', 'access_token']);
      expect(issued.headers['content-type']).toBe('application/json; charset=utf-8');
      const refused = (await call('/jobs/no-such-job')).body as { data: object[] };
      expect(Object.keys(refused)).toEqual(['data', 'correlationId', 'type']);
      expect(Object.keys(refused.data[0] as object)).toEqual(['source', 'detail', 'title', 'code', 'type']);
    });
  });

  describe('versionHeader', () => {
    beforeAll(() => start({ versionHeader: 'acme-version' }));
    afterAll(() => mock.close());

    it('reads the version from the header of that name', async () => {
      expect(token).not.toBe('');
      const issued = await call('/token', {
        method: 'POST',
        headers: {
          authorization: `Basic ${defaultApiKey}`,
          'acme-version': '1.0',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'scope=SERVER_ACCESS',
      });
      expect(issued.status).toBe(400);
    });
  });

  describe('refusalStatuses', () => {
    beforeAll(() => start({ variants: { refusalStatuses: { unauthenticated: 403, unknownId: 400 } } }));
    afterAll(() => mock.close());

    it('refuses a bad token with 403 and an unknown id with 400, and leaves other statuses alone', async () => {
      expect((await call('/institutions', { headers: { authorization: 'Bearer nope' } })).status).toBe(403);
      const unknown = await call('/jobs/no-such-job');
      expect(unknown.status).toBe(400);
      expect((unknown.body as { data: { code: string }[] }).data[0]?.code).toBe('parameter-not-valid');
      expect((await call('/no-such-route')).status).toBe(404);
      const badKey = await call('/token', {
        method: 'POST',
        headers: {
          authorization: 'Basic wrong',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'scope=SERVER_ACCESS',
      });
      expect(badKey.status).toBe(400);
    });
  });

  describe('rateLimit', () => {
    beforeAll(async () => {
      mock = await startMock({ variants: { rateLimit: { every: 1 } } });
      // Every request is due a refusal; the token request too, served on its third attempt.
      await issueToken();
      await issueToken();
      token = ((await issueToken()).body as { access_token: string }).access_token;
    });
    afterAll(() => mock.close());

    it('answers 429 with Retry-After and an error list, at most twice in a row for one request', async () => {
      const statuses: number[] = [];
      const retryAfter: string[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await call('/institutions');
        statuses.push(answer.status);
        if (answer.status === 429) {
          retryAfter.push(String(answer.headers['retry-after']));
          expect((answer.body as { type: string }).type).toBe('list');
        }
      }
      expect(statuses).toEqual([429, 429, 200]);
      for (const value of retryAfter) expect(value).toMatch(/^(0|1|\w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT)$/);
      // The three forms take turns: seconds 0, seconds 1, an HTTP-date.
      const more = await call('/institutions/AU00800');
      expect(more.status).toBe(429);
      expect([...retryAfter, String(more.headers['retry-after'])].some((v) => v.endsWith('GMT'))).toBe(true);
    });
  });

  describe('latencyMs', () => {
    beforeAll(() => start({ variants: { latencyMs: 30 } }));
    afterAll(() => mock.close());

    it('waits before every response', async () => {
      const started = performance.now();
      expect((await call('/jobs/no-such-job')).status).toBe(404);
      // A lower bound only, which a slow machine cannot break; less a little: a Node timer may fire a
      // millisecond early.
      expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    });
  });

  describe('chunked', () => {
    beforeAll(() => start({ variants: { chunked: true } }));
    afterAll(() => mock.close());

    it('sends bodies with the chunked transfer coding and no content-length', async () => {
      for (const answer of [await call('/institutions'), await call('/jobs/no-such-job')]) {
        expect(answer.headers['content-length']).toBeUndefined();
        expect(answer.headers['transfer-encoding']).toBe('chunked');
      }
      const gzipped = await call('/institutions', { headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-length']).toBeUndefined();
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzipped.bytes).toString('utf8'))).toMatchResource('institution-list');
    });
  });
});
