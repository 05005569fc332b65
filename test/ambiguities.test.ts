import { describe, expect, it } from 'vitest';
import { assertMockOptions } from '../mock/options-schema.ts';
import { ambiguities, registerPrefixes } from '../src/requirements/ambiguities.ts';
import { requirementById } from '../src/requirements/catalogue.ts';
import { normalise, sectionText, specMissing } from './spec-text.ts';

/**
 * The ambiguity register's own rules (CONTRIBUTING.md, "The ambiguity register"). That the suite passes
 * under every variant is tested in test/variants/conformant-variants.test.ts.
 */
describe('ambiguity register', () => {
  it('holds dozens of entries with unique ids', () => {
    expect(ambiguities.length).toBeGreaterThanOrEqual(24);
    const ids = ambiguities.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('numbers each group AMB-PREFIX-01, AMB-PREFIX-02, … with no gaps', () => {
    for (const prefix of Object.values(registerPrefixes)) {
      const ids = ambiguities.map((entry) => entry.id).filter((id) => id.startsWith(`AMB-${prefix}-`));
      expect(ids, prefix).toEqual(
        ids.map((_, index) => `AMB-${prefix}-${String(index + 1).padStart(2, '0')}`),
      );
    }
    for (const { id } of ambiguities) expect(id).toMatch(/^AMB-[A-Z]+-\d{2}$/);
  });

  it.each(ambiguities)('$id names the catalogue requirements it touches', ({ requirements }) => {
    expect(requirements.length).toBeGreaterThan(0);
    for (const id of requirements) expect(requirementById(id), id).toBeDefined();
  });

  it.each(ambiguities)(
    '$id has two readings or more, one the mock shows by default and a variant for each other',
    ({ id, readings }) => {
      expect(readings.length).toBeGreaterThanOrEqual(2);
      expect(readings.filter((reading) => reading.variant === undefined)).toHaveLength(1);
      for (const { reading, variant } of readings) {
        expect(reading).toMatch(/^\S.*\.$/s);
        // A variant names mock options that exist, at every depth, with readings the mock knows: a
        // misspelt one would leave the default reading on (mock/options-schema.ts).
        if (variant) {
          expect(Object.keys(variant).length, reading).toBeGreaterThan(0);
          expect(() => assertMockOptions(variant, id)).not.toThrow();
        }
      }
    },
  );
});

describe.skipIf(specMissing !== undefined)(
  'ambiguity register quotes held to the spec text (FDS_SPEC)',
  () => {
    it.each(ambiguities)('$id quotes the spec verbatim where the room is', ({ specRef, quote, topic }) => {
      expect(topic.length).toBeGreaterThan(0);
      const section = sectionText(specRef);
      expect(section, `no heading path "${specRef}" in the spec`).toBeDefined();
      expect(normalise(section!)).toContain(normalise(quote));
    });
  },
);
