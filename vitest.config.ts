import { defineConfig } from 'vitest/config';

// The project's own tests. The conformance suites (suites/) are run by the CLI with their own configuration.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['src/validation/matcher.ts'],
  },
});
