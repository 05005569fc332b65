import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * README's examples are the test files beside this one, as written there: the package's import in the
 * README, the repository's own path here, which is the one line that differs.
 */
describe("README's examples", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('shows test/examples/client-conformance.test.ts as it is', () => {
    const file = readFileSync(new URL('./client-conformance.test.ts', import.meta.url), 'utf8');
    expect(readme).toContain(file.replace("'../../mock/index.ts'", "'fds-conformance/mock'"));
  });
});
