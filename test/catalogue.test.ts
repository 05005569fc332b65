import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ambiguities } from '../src/requirements/ambiguities.ts';
import {
  catalogue,
  catalogueFolder,
  checked,
  clientGroup,
  groupPrefixes,
  groups,
  outOfScopeFile,
  requirementById,
  requirementsOfGroup,
} from '../src/requirements/catalogue.ts';
import { normalise, sectionText, specLines, specMissing } from './spec-text.ts';

const { requirements, outOfScope } = catalogue;
const idPattern = /^([A-Z]+)-(\d{2})$/;

describe('requirement catalogue', () => {
  it('holds more than 120 requirements', () => {
    expect(requirements.length).toBeGreaterThan(120);
  });

  it('gives every requirement a unique id', () => {
    const ids = requirements.map((requirement) => requirement.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists exactly the groups it has prefixes for, and every group is used', () => {
    expect([...groups].sort()).toEqual(Object.keys(groupPrefixes).sort());
    for (const group of groups) expect(requirementsOfGroup(group).length, group).toBeGreaterThan(0);
  });

  // The loader reads one file per group of groups.ts: a file under any other name would go unread, its
  // requirements silently missing from every report. The client group's file is read apart
  // (clientRequirements; test/clients/client-catalogue.test.ts).
  it('keeps one file per group in catalogue/, and no other but the out-of-scope topics and the client group', () => {
    const files = readdirSync(catalogueFolder).sort();
    expect(files).toEqual(
      [...groups.map((group) => `${group}.json`), outOfScopeFile, `${clientGroup}.json`].sort(),
    );
  });

  it('numbers each group PREFIX-01, PREFIX-02, … with the prefix of its group and no gaps', () => {
    for (const group of groups) {
      const ids = requirementsOfGroup(group).map((requirement) => requirement.id);
      const expected = ids.map((_, index) => `${groupPrefixes[group]}-${String(index + 1).padStart(2, '0')}`);
      expect(ids, group).toEqual(expected);
    }
    for (const { id } of requirements) expect(id).toMatch(idPattern);
  });

  it.each(requirements)('$id has a level, a group it lists and a one-sentence title', (requirement) => {
    expect(['MUST', 'SHOULD']).toContain(requirement.level);
    expect(groups).toContain(requirement.group);
    expect(requirement.title).toMatch(/^\S.*\.$/s);
    expect(requirement.title.trim()).toBe(requirement.title);
    if (requirement.notes !== undefined) expect(requirement.notes.length).toBeGreaterThan(0);
  });

  it.each(requirements.filter((requirement) => requirement.schema))(
    "$id's schema pointers resolve in schemas/",
    ({ schema }) => {
      for (const location of schema!) {
        const [file, pointer] = location.split('#') as [string, string];
        let node: unknown = JSON.parse(readFileSync(new URL(`../schemas/${file}`, import.meta.url), 'utf8'));
        for (const segment of pointer.split('/').slice(1))
          node = (node as Record<string, unknown> | undefined)?.[
            segment.replaceAll('~1', '/').replaceAll('~0', '~')
          ];
        // A schema or a keyword's value (a bound like exclusiveMinimum is a number).
        expect(node, location).not.toBeUndefined();
      }
    },
  );

  // The level rule (CONTRIBUTING.md): MUST only where every reasonable reading obliges the server. Each
  // MUST answers "which reasonable reading would not oblige it?": none (and why, in the spec's words), or
  // the register entries whose other readings its checks accept, each of which must list it.
  it('every MUST requirement says which reading does not oblige it', () => {
    const register = new Map(ambiguities.map((entry) => [entry.id, entry]));
    const answer = /^(?:none|(AMB-[A-Z]+-\d{2}(?:, AMB-[A-Z]+-\d{2})*)): \S.*[.!?"')]$/s;
    const problems: string[] = [];
    for (const { id, level, whyMust } of requirements) {
      if (level === 'SHOULD') {
        if (whyMust !== undefined) problems.push(`${id}: a SHOULD requirement carries a whyMust`);
        continue;
      }
      const match = whyMust === undefined ? null : answer.exec(whyMust);
      if (!match) {
        problems.push(
          `${id}: whyMust must be "none: <why>" or "AMB-…-NN[, AMB-…-NN]: <why>", got ${whyMust}`,
        );
        continue;
      }
      for (const entryId of match[1]?.split(', ') ?? []) {
        const entry = register.get(entryId);
        if (!entry) problems.push(`${id}: whyMust names ${entryId}, which the register does not hold`);
        else if (!entry.requirements.includes(id))
          problems.push(`${id}: whyMust names ${entryId}, whose requirements do not list ${id}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses on load a MUST without a whyMust and a SHOULD with one', () => {
    const entry = { id: 'TOKEN-01', group: 'token', title: 'T.', specRef: 'Errors', quote: 'q' };
    const file = (requirement: Record<string, unknown>) =>
      ({ description: '', requirements: [requirement], outOfScope: [] }) as unknown as Parameters<
        typeof checked
      >[0];
    expect(() => checked(file({ ...entry, level: 'MUST' }))).toThrow(/TOKEN-01: a MUST .* whyMust/);
    expect(() => checked(file({ ...entry, level: 'MUST', whyMust: '  ' }))).toThrow(/whyMust/);
    expect(() => checked(file({ ...entry, level: 'SHOULD', whyMust: 'none: x.' }))).toThrow(
      /TOKEN-01: a SHOULD requirement has no whyMust/,
    );
    expect(checked(file({ ...entry, level: 'MUST', whyMust: 'none: x.' })).requirements).toHaveLength(1);
    expect(checked(file({ ...entry, level: 'SHOULD' })).requirements).toHaveLength(1);
  });

  it('finds requirements by id and by group', () => {
    const first = requirements[0]!;
    expect(requirementById(first.id)).toBe(first);
    expect(requirementById('NOPE-01')).toBeUndefined();
    expect(requirementsOfGroup(first.group)).toContain(first);
    expect(requirementsOfGroup('no-such-group')).toEqual([]);
  });
});

describe.skipIf(specMissing !== undefined)('quotes held to the spec text (FDS_SPEC)', () => {
  it.each(requirements)(
    '$id names a spec section by heading path and quotes it verbatim',
    ({ specRef, quote }) => {
      const section = sectionText(specRef);
      expect(section, `no heading path "${specRef}" in the spec`).toBeDefined();
      expect(normalise(section!)).toContain(normalise(quote));
    },
  );

  it.each(outOfScope)('"$topic" quotes a "not shown" statement of its section', ({ specRef, quote }) => {
    expect(quote).toContain('not shown');
    const section = sectionText(specRef);
    expect(section, `no heading path "${specRef}" in the spec`).toBeDefined();
    expect(normalise(section!)).toContain(normalise(quote));
  });

  it('covers every "not shown" statement of the spec', () => {
    const quoted = outOfScope.map(({ quote }) => normalise(quote));
    const statements = specLines.filter((line) => line.includes('not shown')).map(normalise);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(
        quoted.some((quote) => statement.includes(quote) || quote.includes(statement)),
        statement,
      ).toBe(true);
    }
  });
});
