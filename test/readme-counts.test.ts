import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { faults } from '../mock/faults/index.ts';
import { ambiguities, clientAmbiguities, registerVariants } from '../src/requirements/ambiguities.ts';
import { catalogue, clientRequirements } from '../src/requirements/catalogue.ts';
import { annotate, summarise, summaryLine } from '../src/requirements/spec-coverage.ts';
import { checkIndex } from '../runner/check-index.ts';
import { specMissing, specText } from './spec-text.ts';

/**
 * Every number the README and the documents it indexes (docs/*.md) state of how many requirements, checks,
 * register entries, readings, variants or faults there are, held to where the fact lives, so that adding
 * one fails here until they say so. docs/speed.md is left out: its figures, counts included, are those of
 * the day they were measured.
 */
const documents = [
  'README.md',
  'docs/design.md',
  'docs/mock.md',
  'docs/proxy.md',
  'docs/library.md',
  'docs/nightly.md',
];
const stated = documents
  .map((file) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'))
  .join('\n');

const counted = {
  'MUST requirements': async () => catalogue.requirements.filter(({ level }) => level === 'MUST').length,
  'SHOULD requirements': async () => catalogue.requirements.filter(({ level }) => level === 'SHOULD').length,
  requirements: async () => catalogue.requirements.length,
  // As a run counts them: vitest collects every check file, which declares the checks without running one.
  checks: async () => [...(await checkIndex()).values()].flat().length,
  entries: async () => ambiguities.length,
  readings: async () => ambiguities.flatMap(({ readings }) => readings).length,
  'register variants': async () => registerVariants().length,
  faults: async () => faults.length,
  'client requirements': async () => clientRequirements.length,
  'client entries': async () => clientAmbiguities.length,
};
type Counted = keyof typeof counted;

// The documents' lines are wrapped: a number and what it counts may be a line apart.
const nouns = Object.keys(counted).map((noun) => noun.replaceAll(' ', '\\s+'));
const countPattern = new RegExp(`\\b(\\d[\\d,]*)\\s+(${nouns.join('|')})\\b`, 'g');

/** Each count the documents state: the number, what it counts, and the line it is on. */
function statedCounts(text: string): { number: number; noun: Counted; line: string }[] {
  return [...text.matchAll(countPattern)].map((match) => ({
    number: Number(match[1]!.replaceAll(',', '')),
    noun: match[2]!.replaceAll(/\s+/g, ' ') as Counted,
    line: text.slice(text.lastIndexOf('\n', match.index) + 1, text.indexOf('\n', match.index)),
  }));
}

describe('the counts of the README and docs/', () => {
  it('states how many requirements, checks and register entries there are', () => {
    const found = new Set(statedCounts(stated).map(({ noun }) => noun));
    expect([...found]).toEqual(expect.arrayContaining(['requirements', 'checks', 'entries']));
  });

  it('states each count as the catalogue, the register, the suites and the faults give it', async () => {
    const wrong: string[] = [];
    const actuals = new Map<Counted, number>();
    for (const { number, noun, line } of statedCounts(stated)) {
      const actual = actuals.get(noun) ?? (await counted[noun]());
      actuals.set(noun, actual);
      if (number !== actual) wrong.push(`"${number} ${noun}" where there are ${actual}: ${line.trim()}`);
    }
    expect(wrong).toEqual([]);
  });

  it("adds up in the example run's summary: passed, partly exercised, failed, flaky, not exercised and outside make the total", () => {
    const summaries = [
      ...stated.matchAll(
        /(\d+) (?:requirements|checks): (\d+) passed, (\d+) partly exercised, (\d+) failed(?:, (\d+) flaky)?, (\d+) not exercised(?:, (\d+) outside)?/g,
      ),
    ];
    expect(summaries.length).toBeGreaterThan(0);
    for (const [line, total, ...parts] of summaries)
      expect(
        parts.reduce((sum, part) => sum + Number(part ?? 0), 0),
        line,
      ).toBe(Number(total));
  });
});

// The units are the spec's, which is not part of the repository: without it there is nothing to count.
describe.skipIf(specMissing !== undefined)('the count of the spec coverage in docs/ (FDS_SPEC)', () => {
  it('states the units of the spec and how each is accounted for, as requirements --spec-coverage counts them', () => {
    const expected = summaryLine(summarise(annotate(specText)));
    // The documents' lines are wrapped; the count is read with its line breaks as spaces, up to its full stop.
    const statements = [...stated.replaceAll(/\s+/g, ' ').matchAll(/\b\d+ normative units: [^.]*/g)].map(
      ([statement]) => statement,
    );
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(statement).toBe(expected);
  });
});
