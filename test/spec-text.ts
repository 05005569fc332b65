import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The spec text, for tests that hold quotes to it (the requirement catalogue, the ambiguity register).
 * It is not part of the repository: FDS_SPEC names it, and by default it is looked for beside the
 * repository (../shared/spec), where CI has it. A clone with nothing beside it skips those tests and
 * says why; an FDS_SPEC that names no file is an error, not a skip.
 */
const specPath = process.env.FDS_SPEC
  ? resolve(process.env.FDS_SPEC)
  : fileURLToPath(new URL('../../shared/spec/financial-data-service.md', import.meta.url));
if (process.env.FDS_SPEC && !existsSync(specPath)) throw new Error(`FDS_SPEC names no file: ${specPath}`);

/** Why the quotes cannot be checked here, or undefined when the spec is at hand. */
export const specMissing = existsSync(specPath)
  ? undefined
  : `the spec is not at ${specPath}; set FDS_SPEC to its path to check the quotes`;
if (specMissing) console.warn(`skipped: quotes held to the spec text: ${specMissing}`);

export const specText = specMissing ? '' : readFileSync(specPath, 'utf8');
export const specLines = specText.split('\n');

/**
 * Quotes keep the spec's markdown, but table rows are quoted without their outer pipes and may span
 * several rows; comparing text with backticks dropped, pipes read as spaces and whitespace collapsed
 * makes a quoted row match the row as written without letting any word differ.
 */
export function normalise(text: string): string {
  return text.replaceAll('`', '').replaceAll('|', ' ').replace(/\s+/g, ' ').trim();
}

interface Heading {
  level: number;
  title: string;
  line: number;
}

const headings: Heading[] = specLines.flatMap((text, line) => {
  const match = /^(#{1,3}) (.+?)\s*$/.exec(text);
  return match ? [{ level: match[1]!.length, title: match[2]!, line }] : [];
});

/**
 * Text of the section a specRef names, subsections included; undefined when the path names no section.
 * The document's title names its preamble alone (the text before the first section), where statements
 * for the whole interface stand ("All bodies are JSON").
 */
export function sectionText(specRef: string): string | undefined {
  const title = headings.find((heading) => heading.level === 1);
  if (title && specRef === title.title) {
    const first = headings.find((heading) => heading.level === 2);
    return specLines.slice(title.line, first?.line ?? specLines.length).join('\n');
  }
  const path = specRef.split(' > ');
  if (path.length < 1 || path.length > 2) return undefined;
  const top = headings.find((heading) => heading.level === 2 && heading.title === path[0]);
  if (!top) return undefined;
  let target = top;
  if (path.length === 2) {
    const nextTop = headings.find((heading) => heading.level === 2 && heading.line > top.line);
    const sub = headings.find(
      (heading) =>
        heading.level === 3 &&
        heading.title === path[1] &&
        heading.line > top.line &&
        (!nextTop || heading.line < nextTop.line),
    );
    if (!sub) return undefined;
    target = sub;
  }
  const end = headings.find((heading) => heading.line > target.line && heading.level <= target.level);
  return specLines.slice(target.line, end?.line ?? specLines.length).join('\n');
}
