import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The arrows between the project's parts (docs/decisions/007-layers.md), read from the import
 * specifiers of the files. A file's part is its top folder: the engine (src/) depends on nothing above
 * it; the mock and the suites depend on the engine alone, and a group's suite on its own folder and
 * suites/shared/; the CLI (cli/) and the run (runner/, its reporters in runner/reporters/) may depend on
 * everything.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
/** Each top folder of the product and its part. */
const parts = {
  src: 'engine',
  mock: 'mock',
  suites: 'suites',
  cli: 'top',
  runner: 'top',
} as const;
const folders = Object.keys(parts) as (keyof typeof parts)[];

/** An import of one file of the project by another, both as paths from the package root. */
interface Arrow {
  from: string;
  to: string;
}

/** An arrow the rules forbid that is kept for now, with why. */
interface Exception extends Arrow {
  reason: string;
}

const exceptions: Exception[] = [];

/** Arrows inside mock/ left out of the search for circles, with why. */
const circleExceptions: Exception[] = [];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `${folder}/${file}`)
    .sort();
}

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, type-only ones included:
// a type is an arrow too, and the one a circle is most often made of.
const specifiers = /\b(?:import|export)\s[^'";]*?\bfrom\s*'([^']+)'|\bimport\s*(?:\(\s*)?'([^']+)'/g;

function arrowsOf(file: string): Arrow[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(specifiers)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({ from: file, to: normalize(join(dirname(file), specifier)) }));
}

const arrows = folders.flatMap(sourceFiles).flatMap(arrowsOf);

/** The part a file belongs to, by its top folder; undefined outside them (package.json, schemas/, fixtures/). */
function part(file: string): (typeof parts)[keyof typeof parts] | undefined {
  const folder = file.split('/')[0] as string;
  return Object.hasOwn(parts, folder) ? parts[folder as keyof typeof parts] : undefined;
}

/** The group folder of a suite file (suites/token/fields.check.ts: token). */
const group = (file: string) => file.split('/')[1];

/** Each rule: its name, and whether an arrow breaks it. */
const rules: { name: string; breaks: (arrow: Arrow) => boolean }[] = [
  {
    name: 'the engine (src/) imports nothing above it',
    breaks: ({ from, to }) => part(from) === 'engine' && part(to) !== undefined && part(to) !== 'engine',
  },
  {
    name: 'mock/ imports the engine and itself only',
    breaks: ({ from, to }) => part(from) === 'mock' && (part(to) === 'top' || part(to) === 'suites'),
  },
  {
    name: 'suites/ imports the engine and itself only',
    breaks: ({ from, to }) => part(from) === 'suites' && (part(to) === 'top' || part(to) === 'mock'),
  },
  {
    name: "a group's suite imports its own folder and suites/shared/ only",
    breaks: ({ from, to }) =>
      part(from) === 'suites' && part(to) === 'suites' && group(to) !== group(from) && group(to) !== 'shared',
  },
];

const excepted = (list: Exception[], arrow: Arrow) =>
  list.some((exception) => exception.from === arrow.from && exception.to === arrow.to);

const show = (arrow: Arrow, why: string) => `${arrow.from} → ${arrow.to} (${why})`;

/** The strongly connected components of more than one file (Tarjan's algorithm): each holds a circle. */
function components(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = stack.splice(stack.indexOf(node));
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One circle through the component's first file, as the path a reader can follow back to it. */
function circleThrough(component: string[], graph: Map<string, string[]>): string[] {
  const start = component[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (!component.includes(next) || cameFrom.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        return [...path, start];
      }
      cameFrom.set(next, node);
      queue.push(next);
    }
  }
  return component;
}

function graphOf(edges: Arrow[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { from, to } of edges) graph.set(from, [...(graph.get(from) ?? []), to]);
  return graph;
}

describe('the arrows between the parts', () => {
  it('reads the imports of every part', () => {
    for (const folder of folders) expect(arrows.some(({ from }) => from.startsWith(`${folder}/`))).toBe(true);
  });

  it('has no arrow pointing up but the listed exceptions', () => {
    const violations = arrows.flatMap((arrow) =>
      rules
        .filter((rule) => rule.breaks(arrow) && !excepted(exceptions, arrow))
        .map((rule) => show(arrow, rule.name)),
    );
    expect(violations).toEqual([]);
  });

  it('lists only exceptions that are still needed, each with a reason', () => {
    const stale = exceptions.filter(
      (exception) =>
        exception.reason.trim() === '' ||
        !arrows.some(
          (arrow) =>
            arrow.from === exception.from &&
            arrow.to === exception.to &&
            rules.some((rule) => rule.breaks(arrow)),
        ),
    );
    expect(stale.map((exception) => show(exception, exception.reason || 'no reason'))).toEqual([]);
  });

  it('has no import circle in mock/', () => {
    const inMock = arrows.filter(
      (arrow) =>
        part(arrow.from) === 'mock' && part(arrow.to) === 'mock' && !excepted(circleExceptions, arrow),
    );
    const graph = graphOf(inMock);
    const circles = components(graph).map(
      (component) =>
        `${circleThrough(component, graph).join(' → ')} (a circle among ${component.join(', ')})`,
    );
    expect(circles).toEqual([]);
  });

  it('leaves out of the circle search only arrows that would close a circle, each with a reason', () => {
    const inMock = arrows.filter((arrow) => part(arrow.from) === 'mock' && part(arrow.to) === 'mock');
    const stale = circleExceptions.filter((exception) => {
      const kept = inMock.filter(
        (arrow) =>
          !excepted(circleExceptions, arrow) || (arrow.from === exception.from && arrow.to === exception.to),
      );
      return exception.reason.trim() === '' || components(graphOf(kept)).length === 0;
    });
    expect(stale.map((exception) => show(exception, exception.reason || 'no reason'))).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const graph = graphOf([
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
      { from: 'c', to: 'a' },
      { from: 'c', to: 'd' },
    ]);
    expect(components(graph).map((component) => circleThrough(component, graph))).toEqual([
      ['a', 'b', 'c', 'a'],
    ]);
  });
});
