import { createHash } from 'node:crypto';

/**
 * The spec's normative content cut into units that can each be accounted for (src/requirements/
 * spec-coverage.json): every table row but header and separator rows, every sentence of a bullet or a
 * numbered item, every sentence of a paragraph. Headings are no units; they name the unit's section.
 *
 * The spec is not shipped with the package, so the text is always handed in: this module reads no file.
 */

export type SpecUnitKind = 'row' | 'item' | 'sentence';

export interface SpecUnit {
  /**
   * `<section slug>#<8 hex of sha1 of the normalised text>`, `-2`, `-3`… added for a second and later
   * unit of the same text in one section. Neither line numbers nor other sections enter it, so an edit
   * elsewhere in the document leaves it as it is.
   */
  id: string;
  /** Heading path as a catalogue `specRef` writes it: `level 2 > level 3`, or the title for the preamble. */
  section: string;
  /** The unit's text, normalised as the quote tests compare text (see `normalise`). */
  text: string;
  kind: SpecUnitKind;
}

/**
 * As test/spec-text.ts compares quotes: backticks dropped, pipes read as spaces, whitespace collapsed; a
 * unit's text and id are then unchanged by re-wrapping a line or re-aligning a table.
 */
export function normalise(text: string): string {
  return text.replaceAll('`', '').replaceAll('|', ' ').replace(/\s+/g, ' ').trim();
}

/** `Endpoints > GET {base_url}/jobs/{job.id}` → `endpoints/get-base-url-jobs-job-id`. */
function sectionSlug(section: string): string {
  return section
    .split(' > ')
    .map((part) =>
      part
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .join('/');
}

function shortHash(text: string): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 8);
}

/** Words whose final period ends no sentence. */
const abbreviations = /\b(?:e\.g|i\.e|etc|vs|cf|approx|incl)\.$/i;

/**
 * The sentences of one paragraph or item. A sentence ends at `.`, `!` or `?` followed by white space and
 * a word that does not begin in lower case, outside parentheses and backticks, and not after an
 * abbreviation: "(for example the connection created by verify-credentials)", "e.g. a key", "2.0" and
 * "`a. b`" stay whole.
 */
export function sentences(paragraph: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let inCode = false;
  let start = 0;
  for (let i = 0; i < paragraph.length; i++) {
    const char = paragraph[i]!;
    if (char === '`') inCode = !inCode;
    if (inCode) continue;
    if (char === '(' || char === '[') depth++;
    else if ((char === ')' || char === ']') && depth > 0) depth--;
    if (depth > 0 || !'.!?'.includes(char)) continue;
    const rest = paragraph.slice(i + 1);
    const next = /^\s+(\S)/.exec(rest);
    if (!next || /[a-z]/.test(next[1]!)) continue;
    const sentence = paragraph.slice(start, i + 1);
    if (char === '.' && abbreviations.test(sentence)) continue;
    found.push(sentence);
    start = i + 1;
  }
  found.push(paragraph.slice(start));
  return found.map((sentence) => sentence.trim()).filter((sentence) => sentence.length > 0);
}

const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const tableRow = /^\s*\|/;
const separatorRow = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const listItem = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/;

/** One block of the document before it is cut into units: a run of lines read together. */
interface Block {
  section: string;
  kind: SpecUnitKind;
  text: string;
}

/** The document's blocks: table rows one each, list items and paragraphs joined over their wrapped lines. */
function blocks(markdown: string): Block[] {
  const lines = markdown.split(/\r?\n/);
  const found: Block[] = [];
  let title = '';
  let top = '';
  let sub = '';
  // The block being read, continued by the next line unless that line starts something else.
  let open: Block | undefined;
  const section = () => (top ? (sub ? `${top} > ${sub}` : top) : title);
  lines.forEach((line, index) => {
    const match = heading.exec(line);
    if (match) {
      open = undefined;
      const level = match[1]!.length;
      const text = match[2]!;
      if (level === 1) [title, top, sub] = [text, '', ''];
      else if (level === 2) [top, sub] = [text, ''];
      else if (level === 3) sub = text;
      return;
    }
    if (line.trim() === '') {
      open = undefined;
      return;
    }
    if (tableRow.test(line)) {
      open = undefined;
      // A header row is the one a separator row follows; neither states anything.
      if (separatorRow.test(line) || separatorRow.test(lines[index + 1] ?? '')) return;
      found.push({ section: section(), kind: 'row', text: line });
      return;
    }
    const item = listItem.exec(line);
    if (item) {
      open = { section: section(), kind: 'item', text: item[1]! };
      found.push(open);
      return;
    }
    if (open) open.text += ` ${line.trim()}`;
    else {
      open = { section: section(), kind: 'sentence', text: line.trim() };
      found.push(open);
    }
  });
  return found;
}

/**
 * The normative units of a spec in document order. A row is one unit whatever its cells say; an item
 * or a paragraph of several sentences is one unit per sentence, so that each obligation is accounted
 * for on its own.
 */
export function specUnits(markdown: string): SpecUnit[] {
  const seen = new Map<string, number>();
  return blocks(markdown).flatMap(({ section, kind, text }) =>
    (kind === 'row' ? [text] : sentences(text)).map((raw) => {
      const normalised = normalise(raw);
      const base = `${sectionSlug(section)}#${shortHash(normalised)}`;
      const occurrence = (seen.get(base) ?? 0) + 1;
      seen.set(base, occurrence);
      return { id: occurrence === 1 ? base : `${base}-${occurrence}`, section, text: normalised, kind };
    }),
  );
}
