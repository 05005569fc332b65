import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrichVariants } from '../../mock/variants/types.ts';
import { expectError, expectResource, MockClient, type Exchange } from './mock-client.ts';

/**
 * Each enrich reading of the ambiguity register (src/requirements/ambiguities/enrich.json) is really shown
 * by the mock under its variant: the same request is answered otherwise than by the default mock. That the
 * suite passes under each is test/variants/register-variants.ts.
 */
let plain: MockClient;

beforeAll(async () => {
  plain = await MockClient.start();
});

afterAll(() => plain.close());

/** A mock showing one enrich variant, closed after the test. */
async function withVariant(variants: EnrichVariants, test: (client: MockClient) => Promise<void>) {
  const client = await MockClient.start({ variants: { enrich: variants } });
  try {
    await test(client);
  } finally {
    await client.close();
  }
}

/** GET /enrich with the fixture's institution, country AU and a description matching a merchant. */
function enrich(client: MockClient, parameters: Record<string, string> = {}): Promise<Exchange> {
  return client.get('/enrich', {
    q: `EFTPOS ${client.world.merchants.find((m) => m.country === 'AU')?.keywords[0]?.toUpperCase()} 1234`,
    institution: client.fixture.institutionId,
    country: 'AU',
    ...parameters,
  });
}

/** The request the default mock refuses naming `parameter` and the variant answers 200. */
async function acceptedOnlyUnder(
  variants: EnrichVariants,
  parameters: Record<string, string>,
  parameter: string,
) {
  expectError(await enrich(plain, parameters), 400, 'parameter-not-valid', parameter);
  await withVariant(variants, async (client) =>
    expectResource(await enrich(client, parameters), 200, 'enrich'),
  );
}

/** The request the default mock answers 200 and the variant refuses naming `parameter`. */
async function refusedOnlyUnder(
  variants: EnrichVariants,
  parameters: Record<string, string>,
  parameter: string,
) {
  expectResource(await enrich(plain, parameters), 200, 'enrich');
  await withVariant(variants, async (client) => {
    expectError(await enrich(client, parameters), 400, 'parameter-not-valid', parameter);
  });
}

describe('the mock shows each enrich reading under its variant', () => {
  it('missingParameter: a missing country is refused with parameter-required', async () => {
    const missing = () => ({ q: 'KFC SYDNEY', institution: plain.fixture.institutionId });
    expectError(await plain.get('/enrich', missing()), 400, 'parameter-not-valid', 'country');
    await withVariant({ missingParameter: 'parameter-required' }, async (client) => {
      expectError(await client.get('/enrich', missing()), 400, 'parameter-required', 'country');
    });
  });

  it('qLength bytes: a q of two CJK characters is long enough', () =>
    acceptedOnlyUnder({ qLength: 'bytes' }, { q: '東京' }, 'q'));

  it('qTrimmed: a q of two letters between blanks is too short', () =>
    refusedOnlyUnder({ qTrimmed: true }, { q: ' KF ' }, 'q'));

  it('countryCase insensitive: au is AU', () =>
    acceptedOnlyUnder({ countryCase: 'insensitive' }, { country: 'au' }, 'country'));

  it('unassignedCountry accepted: XX is taken and matches nothing', async () => {
    await acceptedOnlyUnder({ unassignedCountry: 'accepted' }, { country: 'XX' }, 'country');
    await withVariant({ unassignedCountry: 'accepted' }, async (client) => {
      expect((await enrich(client, { country: 'XX' })).body).toMatchObject({ data: { merchant: null } });
    });
  });

  it('mcc any: an mcc of letters is taken', () => acceptedOnlyUnder({ mcc: 'any' }, { mcc: 'ABCD' }, 'mcc'));

  it('accountTypeCase insensitive: Savings is savings', () =>
    acceptedOnlyUnder({ accountTypeCase: 'insensitive' }, { accountType: 'Savings' }, 'accountType'));

  it('amount strict refuses +12.50 and 12; amount lenient takes .5', async () => {
    await refusedOnlyUnder({ amount: 'strict' }, { accountType: 'transaction', amount: '+12.50' }, 'amount');
    await refusedOnlyUnder({ amount: 'strict' }, { accountType: 'transaction', amount: '12' }, 'amount');
    await acceptedOnlyUnder({ amount: 'lenient' }, { accountType: 'transaction', amount: '.5' }, 'amount');
  });

  it('emptyOptional absent: amount= is a parameter not given', () =>
    acceptedOnlyUnder({ emptyOptional: 'absent' }, { amount: '' }, 'amount'));

  it('partialClassification: a positive amount alone is a credit', async () => {
    expect((await enrich(plain, { amount: '250.00' })).body).toMatchObject({
      direction: 'debit',
      class: 'payment',
    });
    await withVariant({ partialClassification: 'classified' }, async (client) => {
      expect((await enrich(client, { amount: '250.00' })).body).toMatchObject({ direction: 'credit' });
    });
  });

  it('selfLink reordered and stored', async () => {
    const selfOf = async (client: MockClient) =>
      ((await enrich(client, { q: 'KFC SYDNEY' })).body as { links: { self: string } }).links.self;
    expect(await selfOf(plain)).toMatch(/\/enrich\?q=KFC\+SYDNEY&institution=/);
    await withVariant({ selfLink: 'reordered' }, async (client) => {
      expect(await selfOf(client)).toMatch(/\/enrich\?country=AU&institution=.+&q=KFC%20SYDNEY$/);
    });
    await withVariant({ selfLink: 'stored' }, async (client) => {
      expect(await selfOf(client)).toMatch(/\/enrich\/queries\/[A-Za-z0-9_-]{16}$/);
    });
  });

  it('logoLinks upper-case-query: the extension in capitals and a query string', async () => {
    const logoOf = async (client: MockClient) => {
      const merchant = client.world.merchants.find((m) => m.logo.master !== null);
      const exchange = await enrich(client, {
        q: `POS ${merchant?.keywords[0]}`,
        country: merchant?.country ?? 'AU',
      });
      return (exchange.body as { links: Record<string, string> }).links['logo-master'];
    };
    expect(await logoOf(plain)).toMatch(/\.(svg|png|jpg|jpeg|gif)$/);
    await withVariant({ logoLinks: 'upper-case-query' }, async (client) => {
      expect(await logoOf(client)).toMatch(/\.(SVG|PNG|JPG|JPEG|GIF)\?v=3$/);
    });
  });

  it("locationCountry name: location.country is the country's name", async () => {
    const countryOf = async (client: MockClient) =>
      ((await enrich(client)).body as { data: { location: { country: string } } }).data.location.country;
    expect(await countryOf(plain)).toBe('AU');
    await withVariant({ locationCountry: 'name' }, async (client) =>
      expect(await countryOf(client)).toBe('Australia'),
    );
  });

  it('unknownMembers: website and phoneNumber null or left out', async () => {
    const merchantOf = async (client: MockClient) =>
      ((await enrich(client)).body as { data: { merchant: Record<string, unknown> } }).data.merchant;
    expect(await merchantOf(plain)).toMatchObject({
      website: expect.any(String),
      phoneNumber: expect.any(Object),
    });
    await withVariant({ unknownMembers: 'null' }, async (client) => {
      expect(await merchantOf(client)).toMatchObject({ website: null, phoneNumber: null, ABN: null });
    });
    await withVariant({ unknownMembers: 'absent' }, async (client) => {
      expect(Object.keys(await merchantOf(client)).sort()).toEqual(['businessName', 'id']);
    });
  });

  it('strictInput: a repeated parameter and a broken encoding are refused', async () => {
    const repeated = `/enrich?q=KFC&q=COFFEE&institution=${plain.fixture.institutionId}&country=AU`;
    const broken = `/enrich?q=CAF%E9%20SHOP&institution=${plain.fixture.institutionId}&country=AU`;
    for (const path of [repeated, broken]) expectResource(await plain.get(path), 200, 'enrich');
    await withVariant({ strictInput: true }, async (client) => {
      for (const path of [repeated, broken])
        expectError(await client.get(path), 400, 'parameter-not-valid', 'q');
    });
  });
});
