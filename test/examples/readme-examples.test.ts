import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The examples of docs/proxy.md are the test files beside this one, as written there: the package's
 * import in the document, the repository's own path here, which is the one line that differs.
 */
describe("docs/proxy.md's examples", () => {
  const proxyDoc = readFileSync(new URL('../../docs/proxy.md', import.meta.url), 'utf8');

  it('shows test/examples/client-conformance.test.ts as it is', () => {
    const file = readFileSync(new URL('./client-conformance.test.ts', import.meta.url), 'utf8');
    expect(proxyDoc).toContain(file.replace("'../../mock/index.ts'", "'fds-conformance/mock'"));
  });
});
