import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersVariants } from '../../mock/variants/types.ts';
import { expectError, expectResource, MockClient } from './mock-client.ts';

/**
 * Each POST /users reading of the ambiguity register (src/requirements/ambiguities/users.json) is really
 * shown by the mock under its variant: the same request is answered otherwise than by the default mock.
 * That the suite passes under each is test/variants/register-variants.ts.
 */
let plain: MockClient;

beforeAll(async () => {
  plain = await MockClient.start();
});

afterAll(() => plain.close());

async function withVariant(variants: UsersVariants, test: (client: MockClient) => Promise<void>) {
  const client = await MockClient.start({ variants: { users: variants } });
  try {
    await test(client);
  } finally {
    await client.close();
  }
}

describe('the mock shows each users reading under its variant', () => {
  it('mobile normalised: a national number is stored as +61', async () => {
    expectError(await plain.post('/users', { mobile: '0412345678' }), 400, 'parameter-not-valid', 'mobile');
    await withVariant({ mobile: 'normalised' }, async (client) => {
      const exchange = await client.post('/users', { mobile: '0412345678' });
      expectResource(exchange, 201, 'user');
      expect(exchange.body).toMatchObject({ mobile: '+61412345678' });
      expectError(await client.post('/users', { mobile: 'mobile' }), 400, 'parameter-not-valid', 'mobile');
    });
  });

  it('emailCase lower: the address is stored lower-cased', async () => {
    expect((await plain.post('/users', { email: 'Ada.L@Example.com' })).body).toMatchObject({
      email: 'Ada.L@Example.com',
    });
    await withVariant({ emailCase: 'lower' }, async (client) => {
      expect((await client.post('/users', { email: 'Ada.L@Example.com' })).body).toMatchObject({
        email: 'ada.l@example.com',
      });
    });
  });

  it('absentMembers: members not given are null, or empty strings', async () => {
    expect(
      Object.keys((await plain.post('/users', { email: 'a@example.com' })).body as object),
    ).not.toContain('mobile');
    await withVariant({ absentMembers: 'null' }, async (client) => {
      const exchange = await client.post('/users', { email: 'a@example.com' });
      expectResource(exchange, 201, 'user');
      expect(exchange.body).toMatchObject({ mobile: null, firstName: null, lastName: null });
    });
    await withVariant({ absentMembers: 'empty' }, async (client) => {
      const exchange = await client.post('/users', { mobile: '+61412345678' });
      expectResource(exchange, 201, 'user');
      expect(exchange.body).toMatchObject({ email: '', firstName: '', lastName: '' });
    });
  });

  it('duplicateEmail refused: a second user with the same address gets 409', async () => {
    for (const email of ['twice@example.com', 'TWICE@example.com'])
      expectResource(await plain.post('/users', { email }), 201, 'user');
    await withVariant({ duplicateEmail: 'refused' }, async (client) => {
      expectResource(await client.post('/users', { email: 'twice@example.com' }), 201, 'user');
      expectError(await client.post('/users', { email: 'TWICE@example.com' }), 409, 'conflict', 'email');
    });
  });

  it('refusalStatus 422: invalid parameters are refused with 422', async () => {
    expectError(await plain.post('/users', { email: '' }), 400, 'parameter-not-valid', 'email');
    await withVariant({ refusalStatus: 422 }, async (client) => {
      expectError(await client.post('/users', { email: '' }), 422, 'parameter-not-valid', 'email');
    });
  });

  it('email any: an address without @ is stored as given', async () => {
    expectError(await plain.post('/users', { email: 'no-at-sign' }), 400, 'parameter-not-valid', 'email');
    await withVariant({ email: 'any' }, async (client) => {
      const exchange = await client.post('/users', { email: 'no-at-sign' });
      expect(exchange.status).toBe(201);
      expect(exchange.body).toMatchObject({ email: 'no-at-sign' });
      expectError(await client.post('/users', { email: '' }), 400, 'parameter-not-valid', 'email');
    });
  });

  it('nameTypes ignored: a name of another type is left aside', async () => {
    const body = { email: 'grace@example.com', firstName: 123, lastName: 'Hopper' };
    expectError(await plain.post('/users', body), 400, 'parameter-not-valid', 'firstName');
    await withVariant({ nameTypes: 'ignored' }, async (client) => {
      const exchange = await client.post('/users', body);
      expectResource(exchange, 201, 'user');
      expect(exchange.body).not.toHaveProperty('firstName');
      expect(exchange.body).toMatchObject({ lastName: 'Hopper' });
    });
  });

  it('malformedContact ignored: a malformed contact member beside a valid one is left aside', async () => {
    const badMobile = { email: 'ada@example.com', mobile: '+61 mobile' };
    const badEmail = { email: ['ada@example.com'], mobile: '+61412345678' };
    expectError(await plain.post('/users', badMobile), 400, 'parameter-not-valid', 'mobile');
    expectError(await plain.post('/users', badEmail), 400, 'parameter-not-valid', 'email');
    await withVariant({ malformedContact: 'ignored' }, async (client) => {
      const withoutMobile = await client.post('/users', badMobile);
      expectResource(withoutMobile, 201, 'user');
      expect(withoutMobile.body).not.toHaveProperty('mobile');
      const withoutEmail = await client.post('/users', badEmail);
      expectResource(withoutEmail, 201, 'user');
      expect(withoutEmail.body).not.toHaveProperty('email');
      // Alone, a malformed member is still refused; so is an empty e-mail beside a valid mobile.
      expectError(
        await client.post('/users', { mobile: '+61 mobile' }),
        400,
        'parameter-not-valid',
        'mobile',
      );
      expectError(
        await client.post('/users', { email: '', mobile: '+61412345678' }),
        400,
        'parameter-not-valid',
        'email',
      );
    });
  });
});
