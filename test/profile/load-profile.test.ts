import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProfileFile, profileSecrets } from '../../src/profile/load-profile.ts';
import schema from '../../src/profile/profile.schema.json' with { type: 'json' };
import { UsageError } from '../../src/usage-error.ts';

/** The profile file as a user writes it (src/profile/load-profile.ts; docs/design.md#profile). */

const dir = mkdtempSync(join(tmpdir(), 'fds-profile-'));
const exampleProfile = 'examples/nightly-profile.json';

function load(name: string, profile: unknown): string | undefined {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(profile));
  try {
    loadProfileFile(path);
    return undefined;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return error.message.replace(`profile ${path}: `, '');
  }
}

describe('a profile field the schema does not know', () => {
  it.each([
    [{ baseURL: 'http://x' }, 'unknown field "baseURL"; did you mean baseUrl?'],
    [{ fixtures: { userID: 'u-1' } }, 'unknown field "fixtures.userID"; did you mean fixtures.userId?'],
    [
      { fixtures: { enrich: { contry: 'AU' } } },
      'unknown field "fixtures.enrich.contry"; did you mean fixtures.enrich.country?',
    ],
    [
      { tokenExpiry: { maxWait: 3 } },
      'unknown field "tokenExpiry.maxWait"; did you mean tokenExpiry.maxWaitSeconds?',
    ],
    [
      { fixtures: { somethingElse: 'x' } },
      'unknown field "fixtures.somethingElse"; expected one of: userId, connectionId, connectionPassword, institutionId, affordabilityId, emptyAffordabilityId, otherUserId, otherConnectionId, enrich, accountIds, jobId, disabledPartnerApiKey, deletedPartnerApiKey, nonEnrichPartnerApiKey',
    ],
  ])('%j: %s', (profile, message) => {
    expect(load('unknown.json', profile)).toBe(message);
  });
});

describe("the other user's fixtures", () => {
  it('are read when they name another user and connection than the fixture user', () => {
    const fixtures = { userId: 'u-1', connectionId: 'c-1', otherUserId: 'u-2', otherConnectionId: 'c-2' };
    expect(load('other.json', { fixtures })).toBeUndefined();
  });

  // Its own connection under its own path is served by any conformant target: a false CONN-43 failure.
  it.each([
    [{ userId: 'u-1', otherUserId: 'u-1' }, 'fixtures.otherUserId is fixtures.userId'],
    [
      { connectionId: 'c-1', otherConnectionId: 'c-1' },
      'fixtures.otherConnectionId is fixtures.connectionId',
    ],
  ])('are a profile error when they name the fixture user or its connection: %j', (fixtures, message) => {
    expect(load('same.json', { fixtures })).toBe(`${message}; give one of another user of the target`);
  });
});

describe('$schema, for an editor to complete and check the profile', () => {
  it('is allowed, and must be a string', () => {
    expect(load('schema.json', { $schema: './x.json', baseUrl: 'http://x' })).toBeUndefined();
    expect(load('schema-number.json', { $schema: 1 })).toBe('field "$schema" must be a string, got 1');
  });

  it("points the example profile at the schema the package ships, from a project's root", () => {
    const example = JSON.parse(readFileSync(exampleProfile, 'utf8')) as { $schema: string };
    expect(loadProfileFile(exampleProfile).$schema).toBe(example.$schema);
    // The build copies every file of src/ but TypeScript into dist/src/ (scripts/copy-assets.js);
    // test/package/packaging.test.ts holds the packed package to holding it there.
    const shipped = /^\.\/node_modules\/fds-conformance\/dist\/(src\/.*)$/.exec(example.$schema)?.[1];
    expect(shipped).toBe('src/profile/profile.schema.json');
  });
});

describe("the profile's secrets", () => {
  interface Node {
    writeOnly?: boolean;
    properties?: Record<string, Node>;
  }
  /** Every field of the schema, by its dotted name. */
  const fields = (node: Node, prefix = ''): [string, Node][] =>
    Object.entries(node.properties ?? {}).flatMap(([name, field]) => [
      [`${prefix}${name}`, field] as [string, Node],
      ...fields(field, `${prefix}${name}.`),
    ]);

  it('are the fields the schema marks writeOnly, wherever they sit, and each is masked', () => {
    expect(
      profileSecrets({
        baseUrl: 'http://x',
        apiKey: 'the-key',
        tokenExpiry: { apiKey: 'the-expiry-key', maxWaitSeconds: 3 },
        fixtures: { userId: 'u-1', connectionPassword: 'the-password', enrich: { country: 'AU' } },
      }),
    ).toEqual(['the-key', 'the-expiry-key', 'the-password']);
    expect(profileSecrets({ baseUrl: 'http://x', fixtures: {} })).toEqual([]);
  });

  it('include every field named as a key, a password, a token or a code: a new one is marked writeOnly', () => {
    const named = fields(schema as Node).filter(([name]) =>
      /(key|password|secret|token|code)$/i.test(name.split('.').at(-1) ?? ''),
    );
    expect(named.map(([name]) => name)).toEqual(
      expect.arrayContaining(['apiKey', 'tokenExpiry.apiKey', 'fixtures.connectionPassword']),
    );
    expect(named.filter(([, field]) => !field.writeOnly).map(([name]) => name)).toEqual([]);
  });

  it('are never quoted by a profile error, even a mistaken one', () => {
    const said = load('secret-typed.json', { fixtures: { connectionPassword: 93715260 } });
    expect(said).toBe(
      'field "fixtures.connectionPassword" must be a string, got a value not shown (a secret)',
    );
    expect(load('plain-typed.json', { fixtures: { userId: 93715260 } })).toContain('got 93715260');
  });
});
