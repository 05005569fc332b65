import { describe, expect, it } from 'vitest';
import { catalogue, clientRequirements } from '../../src/requirements/catalogue.ts';
import { noObligationPrefix, specCoverage } from '../../src/requirements/spec-coverage.ts';
import { sentences, specUnits } from '../../src/requirements/spec-units.ts';
import { normalise, sectionText, specMissing, specText } from '../spec-text.ts';

describe('spec units', () => {
  const sample = [
    '# Sample Spec',
    '',
    'Preamble sentence one. Preamble `a. B` stays whole.',
    '',
    '## Things',
    '',
    'Each id is a string (for example `x.y`). Amounts such as 2.0 are decimals, e.g. 12.50 or',
    'a wrapped line. Done!',
    '',
    '### Table part',
    'Caption:',
    '| Field | Type |',
    '|---|---|',
    '| id | string |',
    '| id | string |',
    '| amount | `decimal` |',
    '',
    '- First item. Its second sentence.',
    '2. A numbered item.',
    '',
    '## Other',
    '',
    'Unrelated text.',
  ].join('\n');
  const units = specUnits(sample);

  it('cuts paragraphs into sentences, keeping parentheses, backticks, decimals and "e.g." whole', () => {
    expect(sentences('One (for example `a. B`). Two e.g. Three. four. 2.0 is a value. `x. Y` z.')).toEqual([
      'One (for example `a. B`).',
      'Two e.g. Three. four.',
      '2.0 is a value.',
      '`x. Y` z.',
    ]);
    expect(units.filter((unit) => unit.kind === 'sentence').map((unit) => unit.text)).toEqual([
      'Preamble sentence one.',
      'Preamble a. B stays whole.',
      'Each id is a string (for example x.y).',
      'Amounts such as 2.0 are decimals, e.g. 12.50 or a wrapped line.',
      'Done!',
      'Caption:',
      'Unrelated text.',
    ]);
  });

  it('gives every table row but header and separator, and every sentence of an item, a unit', () => {
    expect(units.filter((unit) => unit.kind === 'row').map((unit) => unit.text)).toEqual([
      'id string',
      'id string',
      'amount decimal',
    ]);
    expect(units.filter((unit) => unit.kind === 'item').map((unit) => unit.text)).toEqual([
      'First item.',
      'Its second sentence.',
      'A numbered item.',
    ]);
  });

  it('names each unit by its section, the title for the preamble', () => {
    const sectionOf = (text: string) => units.find((unit) => unit.text === text)?.section;
    expect(sectionOf('Preamble sentence one.')).toBe('Sample Spec');
    expect(sectionOf('Done!')).toBe('Things');
    expect(sectionOf('amount decimal')).toBe('Things > Table part');
    expect(sectionOf('A numbered item.')).toBe('Things > Table part');
    expect(sectionOf('Unrelated text.')).toBe('Other');
  });

  it('derives ids from section and text, telling repeated texts of one section apart by order', () => {
    const ids = units.map((unit) => unit.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+(?:\/[a-z0-9-]+)?#[0-9a-f]{8}(?:-\d+)?$/);
    const rows = units.filter((unit) => unit.text === 'id string').map((unit) => unit.id);
    expect(rows[1]).toBe(`${rows[0]}-2`);
    expect(rows[0]!.startsWith('things/table-part#')).toBe(true);
  });

  it('keeps every other id when a unit elsewhere is edited, added or moved down by lines', () => {
    const edited = sample
      .replace('Unrelated text.', 'Unrelated text, rewritten.')
      .replace('## Things\n', '## Things\n\nA new first sentence.\n\n\n');
    const after = specUnits(edited);
    const edits = ['Unrelated text.', 'Unrelated text, rewritten.', 'A new first sentence.'];
    const kept = (list: typeof units) =>
      list.filter((unit) => !edits.includes(unit.text)).map(({ id }) => id);
    expect(kept(after)).toEqual(kept(units));
    const idOf = (list: typeof units, text: string) => list.find((unit) => unit.text === text)?.id;
    expect(idOf(after, 'Unrelated text, rewritten.')).not.toBe(idOf(units, 'Unrelated text.'));
  });
});

describe('spec-coverage.json', () => {
  const known = new Set<string>([...catalogue.requirements, ...clientRequirements].map(({ id }) => id));

  it('gives each entry requirements, a no-obligation line or a pending obligation, exactly one', () => {
    const problems = specCoverage.flatMap((entry) => {
      const accounts = [entry.requirements !== undefined, entry.noObligation !== undefined, entry.pending];
      if (accounts.filter(Boolean).length !== 1)
        return [`${entry.id}: needs exactly one of requirements, noObligation and pending`];
      if (entry.requirements !== undefined && entry.requirements.length === 0)
        return [`${entry.id}: requirements is empty`];
      if (entry.noObligation !== undefined && !entry.noObligation.startsWith(noObligationPrefix))
        return [`${entry.id}: noObligation must start "${noObligationPrefix}"`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('names only requirements the catalogue holds, server or client, each once per entry', () => {
    const problems = specCoverage.flatMap(({ id, requirements = [] }) => [
      ...requirements.filter((requirement) => !known.has(requirement)).map((r) => `${id}: no ${r}`),
      ...(new Set(requirements).size === requirements.length ? [] : [`${id}: names a requirement twice`]),
    ]);
    expect(problems).toEqual([]);
  });

  // A pending entry is a server obligation no requirement tests: the catalogue is short of one.
  it('holds no pending obligation', () => {
    const pending = specCoverage.filter((entry) => entry.pending !== undefined);
    expect(pending.map(({ id, pending }) => `${id}: ${pending}`)).toEqual([]);
  });
});

describe.skipIf(specMissing !== undefined)('spec-coverage.json held to the spec text (FDS_SPEC)', () => {
  const units = specUnits(specText);

  it('accounts for every unit of the spec, once', () => {
    const entries = new Map<string, number>();
    for (const { id } of specCoverage) entries.set(id, (entries.get(id) ?? 0) + 1);
    expect([...entries].filter(([, count]) => count > 1).map(([id]) => id)).toEqual([]);
    const missing = units.filter((unit) => !entries.has(unit.id));
    expect(missing.map((unit) => `${unit.id} (${unit.section}): ${unit.text}`)).toEqual([]);
  });

  it('names no unit the spec does not have', () => {
    const ids = new Set(units.map((unit) => unit.id));
    expect(specCoverage.filter(({ id }) => !ids.has(id)).map(({ id, text }) => `${id}: ${text}`)).toEqual([]);
  });

  it("quotes each unit's text as the spec has it now", () => {
    const texts = new Map(units.map((unit) => [unit.id, unit.text]));
    for (const { id, text } of specCoverage) if (texts.has(id)) expect(text, id).toBe(texts.get(id));
  });

  // spec-units.ts keeps its own copy of the quote tests' normalise (the package cannot import test/), and
  // names sections as a specRef does: each unit is found, so normalised, in the section it names.
  it('finds each unit in the section it names, as the quote tests read sections and text', () => {
    const misplaced = units.filter((unit) => !normalise(sectionText(unit.section) ?? '').includes(unit.text));
    expect(misplaced.map((unit) => `${unit.id} (${unit.section}): ${unit.text}`)).toEqual([]);
  });
});
