import { describe, expect, it } from 'vitest';
import { defaultApiKey } from '../../mock/options.ts';
import { partnerApiKeys } from '../../mock/test-credentials.ts';
import type { TokenVariants } from '../../mock/variants/types.ts';
import { expectError, expectResource, MockClient } from './mock-client.ts';

/**
 * Each reading of the token endpoint in the ambiguity register (src/requirements/ambiguities/token.json)
 * really changes what the mock does: the default reading is tested in errors.test.ts, each variant here.
 */
async function withVariant(token: TokenVariants, test: (client: MockClient) => Promise<void>) {
  const client = await MockClient.start({ variants: { token } });
  try {
    await test(client);
  } finally {
    await client.close();
  }
}

const basic = { authorization: `Basic ${defaultApiKey}` };

describe('the token variants of the mock', () => {
  it('jsonBody: a JSON body is read like the form body', () =>
    withVariant({ jsonBody: 'accepted' }, async (client) => {
      const send = (body: string) =>
        client.call('POST', '/token', {
          headers: { ...basic, 'service-version': '2.0' },
          raw: body,
          contentType: 'application/json',
          token: null,
        });
      expectResource(await send('{"scope":"SERVER_ACCESS"}'), 200, 'token');
      expectError(await send('{"scope":"FULL_ACCESS"}'), 400, 'invalid-request', 'scope');
      expectError(await send('{"scope": '), 400, 'invalid-request', 'body');
      expectError(await send('["SERVER_ACCESS"]'), 400, 'invalid-request', 'body');
    }));

  it('jsonBody ignored: a body of another type is an empty form, refused for its missing scope', () =>
    withVariant({ jsonBody: 'ignored' }, async (client) => {
      const exchange = await client.call('POST', '/token', {
        headers: { ...basic, 'service-version': '2.0' },
        raw: '{"scope": ',
        contentType: 'application/json',
        token: null,
      });
      expectError(exchange, 400, 'invalid-request', 'scope');
    }));

  it('unknownKey: an unknown key gets 400 parameter-not-valid', () =>
    withVariant({ unknownKey: 'parameter-not-valid' }, async (client) => {
      const exchange = await client.issue({ authorization: 'Basic not-a-key' }, { scope: 'SERVER_ACCESS' });
      expectError(exchange, 400, 'parameter-not-valid', 'Authorization');
    }));

  it('unknownKey: an unknown key gets 404 parameter-not-valid', () =>
    withVariant({ unknownKey: 'parameter-not-valid-404' }, async (client) => {
      const exchange = await client.issue({ authorization: 'Basic not-a-key' }, { scope: 'SERVER_ACCESS' });
      expectError(exchange, 404, 'parameter-not-valid', 'Authorization');
    }));

  it("disabledKey, deletedKey: a partner's key is answered as a key the service does not know, by unknownKey's row", () =>
    withVariant(
      { disabledKey: 'unknown-key', deletedKey: 'unknown-key', unknownKey: 'parameter-not-valid' },
      async (client) => {
        for (const key of [partnerApiKeys.disabled, partnerApiKeys.deleted]) {
          const exchange = await client.issue({ authorization: `Basic ${key}` }, { scope: 'SERVER_ACCESS' });
          expectError(exchange, 400, 'parameter-not-valid', 'Authorization');
        }
      },
    ));

  it('missingAuthorization: no Authorization header is 400 invalid-request', () =>
    withVariant({ missingAuthorization: 'invalid-request' }, async (client) => {
      expectError(await client.issue({}, { scope: 'SERVER_ACCESS' }), 400, 'invalid-request');
    }));

  it('malformedAuthorization: a header that is not "Basic <API_KEY>" is 400 invalid-request', () =>
    withVariant({ malformedAuthorization: 'invalid-request' }, async (client) => {
      const exchange = await client.issue({ authorization: 'Basic' }, { scope: 'SERVER_ACCESS' });
      expectError(exchange, 400, 'invalid-request');
    }));

  it('malformedAuthorization: a header that is not "Basic <API_KEY>" is 400 invalid-grant', () =>
    withVariant({ malformedAuthorization: 'invalid-grant' }, async (client) => {
      const exchange = await client.issue({ authorization: 'Bearer key' }, { scope: 'SERVER_ACCESS' });
      expectError(exchange, 400, 'invalid-grant');
    }));

  it('missingScope: a request without scope gets a SERVER_ACCESS token', () =>
    withVariant({ missingScope: 'server-access' }, async (client) => {
      expectResource(await client.issue(basic, {}), 200, 'token');
    }));

  it('scopeCase: a named scope in another letter case is read as that scope', () =>
    withVariant({ scopeCase: 'insensitive' }, async (client) => {
      expectResource(await client.issue(basic, { scope: 'client_Access' }), 200, 'token');
      expectError(await client.issue(basic, { scope: 'full_access' }), 400, 'invalid-request', 'scope');
    }));

  it('grantType: an unknown grant_type is ignored', () =>
    withVariant({ grantType: 'ignored' }, async (client) => {
      const exchange = await client.issue(basic, { scope: 'SERVER_ACCESS', grant_type: 'password' });
      expectResource(exchange, 200, 'token');
    }));

  it('grantType: an unknown grant_type is 400 invalid-request', () =>
    withVariant({ grantType: 'invalid-request' }, async (client) => {
      const exchange = await client.issue(basic, { scope: 'SERVER_ACCESS', grant_type: 'password' });
      expectError(exchange, 400, 'invalid-request', 'grant_type');
    }));

  it('versionHeader: a request without the version header is 400 parameter-not-valid', () =>
    withVariant({ versionHeader: 'required' }, async (client) => {
      const exchange = await client.call('POST', '/token', {
        headers: basic,
        form: { scope: 'SERVER_ACCESS' },
        token: null,
      });
      expectError(exchange, 400, 'parameter-not-valid', 'service-version');
    }));

  it('reuse countdown: a repeated request gets the same token with the seconds it has left', () =>
    withVariant({ reuse: 'countdown' }, async (client) => {
      const first = await client.issue(basic, { scope: 'SERVER_ACCESS' });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await client.issue(basic, { scope: 'SERVER_ACCESS' });
      const [a, b] = [first.body, again.body] as { access_token: string; expires_in: number }[];
      expect(b?.access_token).toBe(a?.access_token);
      expect(b?.expires_in).toBeLessThan(a?.expires_in ?? 0);
      const client2 = await client.issue(basic, { scope: 'CLIENT_ACCESS' });
      expect((client2.body as { access_token: string }).access_token).not.toBe(a?.access_token);
    }));

  it('reuse sliding: a repeated request gets the same token with its lifetime renewed', () =>
    withVariant({ reuse: 'sliding' }, async (client) => {
      const first = await client.issue(basic, { scope: 'SERVER_ACCESS' });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await client.issue(basic, { scope: 'SERVER_ACCESS' });
      const [a, b] = [first.body, again.body] as { access_token: string; expires_in: number }[];
      expect(b?.access_token).toBe(a?.access_token);
      expect(b?.expires_in).toBe(a?.expires_in);
    }));
});
