import { describe, expect, it } from 'vitest';
import { clientAmbiguities } from '../../src/requirements/ambiguities.ts';
import {
  catalogue,
  clientGroup,
  clientPrefix,
  clientRequirementById,
  clientRequirements,
  groups,
  requirementById,
} from '../../src/requirements/catalogue.ts';
import { suiteGroups } from '../../src/requirements/groups.ts';
import { normalise, sectionText, specMissing } from '../spec-text.ts';

/**
 * The client group (catalogue/client.json) and its register (ambiguities/client.json) under the
 * catalogue's and the register's rules (test/catalogue.test.ts, test/ambiguities.test.ts), and kept out
 * of the server catalogue that runs, reports and coverage read.
 */
describe('client requirements', () => {
  it('number CLIENT-01, CLIENT-02, … with no gaps, in the client group', () => {
    const ids = clientRequirements.map(({ id }) => id);
    expect(ids).toEqual(ids.map((_, index) => `${clientPrefix}-${String(index + 1).padStart(2, '0')}`));
    for (const requirement of clientRequirements) expect(requirement.group).toBe(clientGroup);
    expect(clientRequirementById('CLIENT-01')).toBe(clientRequirements[0]);
    expect(clientRequirementById('TOKEN-01')).toBeUndefined();
  });

  it('stay out of the server catalogue, its groups and its lookup', () => {
    expect(groups).not.toContain(clientGroup);
    expect(suiteGroups as readonly string[]).not.toContain(clientGroup);
    expect(catalogue.requirements.some(({ group }) => group === clientGroup)).toBe(false);
    for (const { id } of clientRequirements) expect(requirementById(id)).toBeUndefined();
  });

  it.each(clientRequirements)('$id has a level and a one-sentence title', (requirement) => {
    expect(['MUST', 'SHOULD']).toContain(requirement.level);
    expect(requirement.title).toMatch(/^\S.*\.$/s);
    if (requirement.notes !== undefined) expect(requirement.notes.length).toBeGreaterThan(0);
  });

  it('every MUST says which reading does not oblige the client, naming client register entries that list it', () => {
    const register = new Map(clientAmbiguities.map((entry) => [entry.id, entry]));
    const answer = /^(?:none|(AMB-[A-Z]+-\d{2}(?:, AMB-[A-Z]+-\d{2})*)): \S.*[.!?"')]$/s;
    const problems: string[] = [];
    for (const { id, level, whyMust } of clientRequirements) {
      if (level === 'SHOULD') {
        if (whyMust !== undefined) problems.push(`${id}: a SHOULD carries a whyMust`);
        continue;
      }
      const match = whyMust === undefined ? null : answer.exec(whyMust);
      if (!match) {
        problems.push(`${id}: whyMust must be "none: <why>" or "AMB-…: <why>", got ${whyMust}`);
        continue;
      }
      for (const entryId of match[1]?.split(', ') ?? []) {
        const entry = register.get(entryId);
        if (!entry) problems.push(`${id}: whyMust names ${entryId}, which the client register does not hold`);
        else if (!entry.requirements.includes(id)) problems.push(`${id}: ${entryId} does not list ${id}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('client register', () => {
  it('numbers AMB-CLIENT-01, … with no gaps, each naming client requirements, with two readings or more', () => {
    const ids = clientAmbiguities.map(({ id }) => id);
    expect(ids).toEqual(ids.map((_, index) => `AMB-${clientPrefix}-${String(index + 1).padStart(2, '0')}`));
    for (const entry of clientAmbiguities) {
      expect(entry.topic.length).toBeGreaterThan(0);
      expect(entry.requirements.length, entry.id).toBeGreaterThan(0);
      for (const id of entry.requirements) expect(clientRequirementById(id), id).toBeDefined();
      expect(entry.readings.length, entry.id).toBeGreaterThanOrEqual(2);
      for (const { reading, example } of entry.readings) {
        expect(reading).toMatch(/^\S.*\.$/s);
        expect(example.path.startsWith('/'), reading).toBe(true);
      }
    }
  });
});

describe.skipIf(specMissing !== undefined)('client quotes held to the spec text (FDS_SPEC)', () => {
  it.each([...clientRequirements, ...clientAmbiguities])(
    '$id names a spec section by heading path and quotes it verbatim',
    ({ specRef, quote }) => {
      const section = sectionText(specRef);
      expect(section, `no heading path "${specRef}" in the spec`).toBeDefined();
      expect(normalise(section!)).toContain(normalise(quote));
    },
  );
});
