import { describe, expect, it } from 'vitest';
import type { ErrorVariants } from '../../mock/variants/types.ts';
import { MockClient, type Exchange } from './mock-client.ts';

/**
 * Each reading of the error list in the ambiguity register (src/requirements/ambiguities/errors.json)
 * really changes what the mock sends; the default reading is tested in errors.test.ts.
 */
async function withVariant(errors: ErrorVariants, test: (client: MockClient) => Promise<void>) {
  const client = await MockClient.start({ variants: { errors } });
  try {
    await test(client);
  } finally {
    await client.close();
  }
}

interface ErrorListBody {
  correlationId: string;
  data: Record<string, unknown>[];
}

/** An unknown institution: an error that names no parameter. */
async function unknownId(client: MockClient): Promise<{ exchange: Exchange; body: ErrorListBody }> {
  const exchange = await client.get('/institutions/no-such-institution');
  expect(exchange.status).toBe(404);
  expect(exchange.body).toMatchResource('error-list');
  return { exchange, body: exchange.body as ErrorListBody };
}

describe('the error variants of the mock', () => {
  it('correlationIdCase: correlationId is in capitals', () =>
    withVariant({ correlationIdCase: 'upper' }, async (client) => {
      const { body } = await unknownId(client);
      expect(body.correlationId).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
      expect(body.correlationId).toMatch(/[A-F]/);
    }));

  it('correlationIdVersion: correlationId sets no UUID version nor variant', () =>
    withVariant({ correlationIdVersion: 'unversioned' }, async (client) => {
      const { body } = await unknownId(client);
      expect(body.correlationId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-0[0-9a-f]{3}-[0-3][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }));

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', {}],
    ['null-parameter', { parameter: null }],
  ] as const)('noParameterSource %s: an error naming no parameter carries that source', (form, source) =>
    withVariant({ noParameterSource: form }, async (client) => {
      const { body } = await unknownId(client);
      expect(body.data[0]?.source).toEqual(source);
      expect('source' in (body.data[0] ?? {})).toBe(form !== 'absent');
      // An error that names its parameter keeps it.
      const refused = await client.get('/enrich', { q: 'woolworths', institution: 'AU00800' });
      expect((refused.body as ErrorListBody).data[0]?.source).toEqual({ parameter: 'country' });
    }),
  );

  it('mediaType: error bodies are application/problem+json, others application/json', () =>
    withVariant({ mediaType: 'application/problem+json' }, async (client) => {
      const { exchange } = await unknownId(client);
      expect(exchange.headers.get('content-type')).toBe('application/problem+json');
      expect((await client.get('/institutions')).headers.get('content-type')).toBe('application/json');
    }));

  it('malformedBodyStatus: a body that is not JSON is 422 outside the token endpoint', () =>
    withVariant({ malformedBodyStatus: 422 }, async (client) => {
      const notJson = { raw: '{"email": ', contentType: 'application/json' };
      const refused = await client.call('POST', '/users', notJson);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchResource('error-list');
      const token = await client.call('POST', '/token', { ...notJson, token: null });
      expect(token.status).toBe(400);
    }));
});
