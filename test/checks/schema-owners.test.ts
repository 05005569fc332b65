import { describe, expect, it } from 'vitest';
import { violationsOf } from '../../src/checks/resource.ts';
import { schemaOwnersOf } from '../../src/checks/schema-owners.ts';

/** The requirements each violation of a payload is attributed to, as a check naming none would see them. */
function owners(resource: string, body: unknown): string[][] {
  return violationsOf(body, resource).map((v) => schemaOwnersOf(resource, v, []) ?? []);
}

const token = { access_token: 'abc', token_type: 'Bearer', expires_in: 3600 };
const noMatch = {
  type: 'enrich',
  direction: 'debit',
  class: 'payment',
  data: { merchant: null, location: null, category: null },
  links: { self: 'https://x.test/enrich?q=abc', 'logo-master': null, 'logo-thumb': null },
};

describe('which requirement a schema violation breaks', () => {
  it('a member of the wrong type breaks the requirement of its shape', () => {
    expect(owners('token', { ...token, expires_in: '3600' })).toEqual([['TOKEN-05']]);
    expect(owners('token', { ...token, access_token: 7 })).toEqual([['TOKEN-03']]);
  });

  it('a bound beside the shape breaks the requirement that states the bound, not the shape', () => {
    expect(owners('token', { ...token, expires_in: 0 })).toEqual([['TOKEN-06']]);
  });

  it("a rule across members (if/then) breaks its own requirement, not each member's", () => {
    const logo = 'https://x.test/logos/unknown.png';
    const withLogo = { ...noMatch, links: { ...noMatch.links, 'logo-master': logo, 'logo-thumb': logo } };
    expect(owners('enrich', withLogo)).toEqual([['ENRICH-20'], ['ENRICH-20']]);
  });
});
