import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstitutionsVariants } from '../../mock/variants/types.ts';
import { MockClient } from './mock-client.ts';

/**
 * Each institutions variant (mock/variants/types.ts, src/requirements/ambiguities/institutions.json) really
 * changes what GET /institutions answers: the same request, default mock against the variant's.
 */
let plain: MockClient;
beforeAll(async () => {
  plain = await MockClient.start();
});
afterAll(() => plain.close());

type List = { totalCount: number; data: { country: string }[] };

async function answers(variant: InstitutionsVariants | undefined, filters: string[]) {
  const client = variant ? await MockClient.start({ variants: { institutions: variant } }) : plain;
  try {
    return await Promise.all(filters.map((filter) => client.get('/institutions', { filter })));
  } finally {
    if (variant) await client.close();
  }
}

const bare = "country.eq('AU')";
const prefixed = "institution.country.eq('AU')";

describe('the institutions variants', () => {
  it('by default a filter property is accepted bare and institution.-prefixed, with the same answer', async () => {
    for (const [one, other] of [
      [bare, prefixed],
      ["tier.ne('1')", "institution.tier.ne('1')"],
      ["country.eq('AU'),stage.ne('beta')", "institution.country.eq('AU'),stage.ne('beta')"],
    ] as const) {
      const [plainOne, plainOther] = await answers(undefined, [one, other]);
      expect([plainOne?.status, plainOther?.status]).toEqual([200, 200]);
      expect((plainOne?.body as List).data.length).toBeGreaterThan(0);
      expect(plainOther?.body).toEqual(plainOne?.body);
    }
  });

  it('filterProperty bare: only the bare property is accepted', async () => {
    const varied = await answers({ filterProperty: 'bare' }, [bare, prefixed]);
    expect(varied.map((e) => e.status)).toEqual([200, 400]);
    expect((varied[0]?.body as List).data.every((i) => i.country === 'AU')).toBe(true);
  });

  it('filterProperty prefixed: only the institution.-prefixed property is accepted', async () => {
    const varied = await answers({ filterProperty: 'prefixed' }, [bare, prefixed]);
    expect(varied.map((e) => e.status)).toEqual([400, 200]);
    expect((varied[1]?.body as List).data.every((i) => i.country === 'AU')).toBe(true);
  });

  it('unsupportedOperator matches-nothing: another operator is answered 200 with an empty list', async () => {
    const filter = "country.gt('AU')";
    expect((await answers(undefined, [filter]))[0]?.status).toBe(400);
    const [varied] = await answers({ unsupportedOperator: 'matches-nothing' }, [filter]);
    expect(varied?.status).toBe(200);
    expect((varied?.body as List).data).toEqual([]);
  });

  it('totalCount all-institutions: a filtered list counts every institution', async () => {
    const total = plain.world.institutions.length;
    const [filtered] = await answers(undefined, [bare]);
    expect((filtered?.body as List).totalCount).toBeLessThan(total);
    const [varied] = await answers({ totalCount: 'all-institutions' }, [bare]);
    expect((varied?.body as List).totalCount).toBe(total);
    expect((varied?.body as List).data.length).toBeLessThan(total);
  });

  it('valueCase insensitive: a value in lower case selects the same institutions', async () => {
    const lower = "country.eq('au')";
    expect(((await answers(undefined, [lower]))[0]?.body as List).data).toEqual([]);
    const [upper, varied] = await answers({ valueCase: 'insensitive' }, [bare, lower]);
    expect((varied?.body as List).data.length).toBeGreaterThan(0);
    expect(varied?.body).toEqual(upper?.body);
  });

  it('malformedFilterStatus 422: a malformed filter is refused 422', async () => {
    const filter = "country.eq('AU'";
    expect((await answers(undefined, [filter]))[0]?.status).toBe(400);
    expect((await answers({ malformedFilterStatus: 422 }, [filter]))[0]?.status).toBe(422);
  });
});
