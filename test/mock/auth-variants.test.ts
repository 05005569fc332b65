import { describe, expect, it } from 'vitest';
import { defaultApiKey, shortLivedApiKey } from '../../mock/options.ts';
import type { AuthVariants } from '../../mock/variants/types.ts';
import { expectError, expectResource, MockClient } from './mock-client.ts';

/**
 * Each reading of bearer authentication in the ambiguity register (src/requirements/ambiguities/
 * auth.json) really changes what the mock does; the default reading is tested in errors.test.ts.
 */
async function withVariant(auth: AuthVariants, test: (client: MockClient) => Promise<void>) {
  const client = await MockClient.start({ variants: { auth } });
  try {
    await test(client);
  } finally {
    await client.close();
  }
}

describe('the auth variants of the mock', () => {
  it('lookupFirst: an unknown id is 404 without credentials, a known one still 401', () =>
    withVariant({ lookupFirst: true }, async (client) => {
      expectError(await client.get('/institutions/no-such-institution', undefined, { token: null }), 404);
      expectError(await client.get(client.paths.institution, undefined, { token: null }), 401);
      // Ids are looked up for GETs only, and a list names none.
      expectError(await client.get('/institutions', undefined, { token: null }), 401);
    }));

  it('expiryLeewayMs: a token is still accepted a moment after expires_in', () =>
    withVariant({ expiryLeewayMs: 1500 }, async (client) => {
      const token = await client.token(shortLivedApiKey);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await client.get('/institutions', undefined, { token })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1400));
      expectError(await client.get('/institutions', undefined, { token }), 401);
    }));

  it('base64Key: the key as RFC 7617 credentials (base64 of "key:") is accepted too', () =>
    withVariant({ base64Key: 'also' }, async (client) => {
      const encoded = Buffer.from(`${defaultApiKey}:`).toString('base64');
      const exchange = await client.issue({ authorization: `Basic ${encoded}` }, { scope: 'SERVER_ACCESS' });
      expectResource(exchange, 200, 'token');
      const unknown = Buffer.from('not-a-key:').toString('base64');
      expectError(await client.issue({ authorization: `Basic ${unknown}` }, { scope: 'SERVER_ACCESS' }), 400);
    }));
});
