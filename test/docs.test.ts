import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the repository's documents point at is in the repository: the design is docs/design.md, cited by
 * its headings' anchors, and every relative link of the documents a newcomer reads leads to a tracked file
 * (and, into a markdown file, to one of its headings). A fresh clone can follow every pointer.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const thisFile = relative(root, fileURLToPath(import.meta.url));
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const trackedSet = new Set(tracked);
const trackedFolders = new Set(tracked.flatMap((file) => parentFolders(file)));

function parentFolders(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

const textFiles = tracked.filter(
  (file) => /\.(ts|js|mjs|cjs|md|json|sh|yml)$/.test(file) && file !== thisFile,
);
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The text of a markdown file outside its fenced code blocks, where headings and links are. */
function prose(markdown: string): string {
  return markdown.replaceAll(/^```[^]*?^```/gm, '');
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replaceAll(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');
}

/** Every anchor a markdown file offers, a repeated heading's with GitHub's `-1`, `-2` suffix. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(read(file)).matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const base = slug(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const documents = tracked.filter(
  (file) =>
    file === 'README.md' ||
    file === 'CONTRIBUTING.md' ||
    file === 'bench/README.md' ||
    (file.startsWith('docs/') && file.endsWith('.md')),
);

describe('the design inside the repository', () => {
  it('is cited as docs/design.md, never as a DESIGN file outside the repository', () => {
    const outside = textFiles.filter((file) => read(file).includes('DESIGN.md')).sort();
    expect(outside).toEqual([]);
  });

  it('is cited by anchors its headings give', () => {
    const anchors = anchorsOf('docs/design.md');
    const unknown = textFiles.flatMap((file) =>
      [...read(file).matchAll(/docs\/design\.md#([\w-]+)/g)]
        .map(([, anchor]) => anchor!)
        .filter((anchor) => !anchors.has(anchor))
        .map((anchor) => `${file}: #${anchor}`),
    );
    expect(unknown).toEqual([]);
    expect(anchors).toContain('strict-where-the-spec-speaks');
  });
});

describe("the documents' links", () => {
  it('are read from the documents a newcomer reads', () => {
    expect(documents).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/design.md']));
  });

  it.each(documents)('%s links only to tracked files of the repository and their headings', (document) => {
    const broken: string[] = [];
    for (const [, target] of prose(read(document)).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const file = path === '' ? document : normalize(join(dirname(document), path)).replace(/\/$/, '');
      if (!trackedSet.has(file) && !trackedFolders.has(file)) broken.push(`${target}: no such file`);
      else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor))
        broken.push(`${target}: no such heading in ${file}`);
    }
    expect(broken).toEqual([]);
  });
});
