import { defineConfig } from 'vitest/config';

// The project's own tests. The conformance suites (suites/) are run by the CLI with their own configuration.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['src/validation/matcher.ts'],
    // Both cores: vitest's default leaves one idle on a 2-core machine, and most of these tests wait on
    // sockets and timers of the mocks they start, so two files side by side nearly halve the wall time.
    maxWorkers: 2,
    // A test is bounded against hanging, not timed: on a busy machine a quick test may take seconds, and
    // vitest's default 5 s would turn slowness into a red build. Timing claims live in npm run bench.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
