import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { createVitest } from 'vitest/node';
import { CheckCollector } from '../../runner/reporters/check-collector.ts';
import { boundedHeapPool } from '../../runner/walking-pool.ts';

const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/** Runs one fixture file in a worker of the bounded-heap pool, as the suites' runner does. */
async function runFixture(name: string, heapMb: number) {
  const collector = new CheckCollector(root);
  const vitest = await createVitest(
    'test',
    {
      root,
      config: false,
      include: [`test/runner/fixtures/${name}.fixture.ts`],
      pool: boundedHeapPool(heapMb),
      watch: false,
      reporters: [collector],
    },
    { logLevel: 'silent', server: { watch: null } },
  );
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
  return collector;
}

describe('the bounded-heap pool of the affordability walks', () => {
  test('a worker past its heap bound fails its check with the reason, and the run goes on to its end', async () => {
    const run = await runFixture('heap-hog', 32);
    expect(run.errors.join('\n')).toMatch(/out of memory/i);
    expect(run.results).toEqual([
      expect.objectContaining({
        name: 'holds ever more memory',
        state: 'failed',
        message: expect.stringMatching(/^the check did not finish: .*out of memory/i),
      }),
    ]);
  });

  test('a worker within its bound ends without error', async () => {
    const run = await runFixture('modest', 32);
    expect(run.errors).toEqual([]);
    expect(run.results).toEqual([expect.objectContaining({ name: 'holds little', state: 'passed' })]);
  });
});
