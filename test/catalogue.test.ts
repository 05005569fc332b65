import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  catalogue,
  groupPrefixes,
  groups,
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
        expect(node, location).toBeTypeOf('object');
      }
    },
  );

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
