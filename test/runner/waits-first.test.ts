import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createVitest, type TestSpecification, type Vitest } from 'vitest/node';
import { packageRoot as root } from '../../src/package-root.ts';
import { suiteGroups } from '../../src/requirements/groups.ts';
import { createSuiteVitest, placeholderSettings } from '../../runner/run-suites.ts';
import { tagsOf, WaitsFirst } from '../../runner/waits-first.ts';

/**
 * The order of a run's check files comes from what each file declares it does (its vitest module tags),
 * not from where it lies: the token-expiry scenario waits, the affordability files walk the snapshot.
 */

const settings = placeholderSettings('order');

const opened: Vitest[] = [];
afterAll(() => Promise.all(opened.map((vitest) => vitest.close())));

/** A module tag in a comment; written in parts, or vitest would read it as this file's own. */
const declares = (tag: string) => `// @${'module'}-tag ${tag}\n`;

async function sorted(vitest: Vitest, specifications: TestSpecification[]): Promise<string[]> {
  const order = await new WaitsFirst(vitest).sort(specifications);
  return order.map((spec) => relative(vitest.config.root, spec.moduleId));
}

describe('the order of the check files', () => {
  it('runs the file that waits first, then the files that walk, as they declare', async () => {
    const vitest = await createSuiteVitest(suiteGroups, settings, [], undefined, 0, 'embedded');
    opened.push(vitest);
    const order = await sorted(vitest, await vitest.globTestSpecifications());
    const walking = order.filter((file) => file.startsWith('suites/affordability/'));
    expect(walking.length).toBeGreaterThan(1);
    expect(order.slice(0, 1 + walking.length)).toEqual(['suites/auth/expiry.check.ts', ...walking]);
    const declared = await Promise.all(order.map((file) => tagsOf(join(root, file))));
    expect(declared).toEqual(
      order.map((_, i) => (i === 0 ? ['waits'] : i <= walking.length ? ['walks'] : [])),
    );
  });

  it('reads the tags as vitest does, which gives them to every check of the file', async () => {
    const vitest = await createSuiteVitest(suiteGroups, settings, [], undefined, 0, { pool: 'threads' });
    opened.push(vitest);
    const { testModules } = await vitest.collect();
    expect(testModules.length).toBeGreaterThan(0);
    for (const module of testModules) {
      expect(module.errors(), module.moduleId).toEqual([]);
      const tags = await tagsOf(module.moduleId);
      for (const test of module.children.allTests()) expect(test.tags, test.name).toEqual(tags);
    }
  });

  it('follows the declarations wherever the files lie, and no path', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'fds-order-'));
    try {
      const files: Record<string, string> = {
        // Where the order was once read from the path: untagged here, so they keep vitest's place.
        'auth/expiry.check.ts': '',
        'affordability/paging.check.ts': '',
        'elsewhere/ages.check.ts': declares('waits'),
        'elsewhere/pages.check.ts': declares('walks'),
        'elsewhere/plain.check.ts': '',
      };
      for (const [file, header] of Object.entries(files)) {
        mkdirSync(dirname(join(folder, file)), { recursive: true });
        writeFileSync(join(folder, file), `${header}import { test } from 'vitest';\ntest('t', () => {});\n`);
      }
      const vitest = await createVitest(
        'test',
        { root: folder, config: false, include: ['**/*.check.ts'], watch: false, cache: false },
        { logLevel: 'silent', server: { watch: null } },
      );
      opened.push(vitest);
      const order = await sorted(vitest, await vitest.globTestSpecifications());
      expect(order.slice(0, 2)).toEqual(['elsewhere/ages.check.ts', 'elsewhere/pages.check.ts']);
      expect(order.slice(2).sort()).toEqual([
        'affordability/paging.check.ts',
        'auth/expiry.check.ts',
        'elsewhere/plain.check.ts',
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
