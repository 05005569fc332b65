import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointName, mockOwnGroup, operationNames, operations } from '../src/operations/table.ts';

/**
 * The table of operations in docs/mock.md (What the mock adds) is the operations table's
 * (src/operations/table.ts): every operation once, in the table's order, `spec` for the spec's and
 * `extension` for the mock's own, and `not modelled` only for what no operation serves. An operation added
 * or moved to another group fails here until docs/mock.md says so.
 */
const mockDoc = readFileSync(new URL('../docs/mock.md', import.meta.url), 'utf8');
const section = mockDoc.slice(
  mockDoc.indexOf('## What the mock adds'),
  mockDoc.indexOf("## In your application's tests"),
);

/** The rows of the section's first table whose second column is a kind: operation and kind. */
function rows(): { operation: string; kind: string }[] {
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter(([, , kind]) => kind === 'spec' || kind === 'extension' || kind === 'not modelled')
    .map(([, operation, kind]) => ({ operation: operation as string, kind: kind as string }));
}

describe("docs/mock.md's table of operations", () => {
  it('lists every operation of the table in its order, each as spec or extension by its group', () => {
    const served = rows().filter(({ kind }) => kind !== 'not modelled');
    expect(served).toEqual(
      operationNames.map((name) => ({
        operation: `\`${endpointName(name)}\``,
        kind: operations[name].group === mockOwnGroup ? 'extension' : 'spec',
      })),
    );
  });

  it('marks not modelled only what no operation of the table serves', () => {
    const notModelled = rows().filter(({ kind }) => kind === 'not modelled');
    expect(notModelled.length).toBeGreaterThan(0);
    const names = new Set(operationNames.map((name) => `\`${endpointName(name)}\``));
    for (const { operation } of notModelled) expect(names.has(operation), operation).toBe(false);
  });
});
