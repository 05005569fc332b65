import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './test/support/long-files-first.ts';
import ProgressHeartbeat from './test/support/progress-heartbeat.ts';

// The project's own tests. The conformance suites (suites/) are run by the CLI with their own configuration.
export default defineConfig({
  test: {
    // examples/: what an application copies into its own tests, run here so it keeps working.
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    setupFiles: ['src/validation/matcher.ts'],
    // Every temporary folder of the run under one, removed however the run ends (test/support/temp-root.ts).
    globalSetup: ['test/support/temp-root.ts'],
    // vitest's own lines, and in a log that is not a terminal a line at least every 15 s.
    reporters: ['default', new ProgressHeartbeat()],
    // Five files side by side on a 2-core machine: the long files (the register's variants, the CLI's
    // runs, the hostile targets) wait much of their time, on sockets, timers and child processes (the
    // register's variants: 25 s of CPU in 75 s), so more files than cores keep both cores busy. npm test
    // on 2 cores: 188 s with two, 173 s with three, 163 s with four, 151 s with five (README, Speed).
    maxWorkers: 5,
    // Threads, not vitest's default child processes: a test file starts on a thread of this process,
    // without a node of its own to start (npm test: 182 s against 188 s, 14 s less CPU). No test changes
    // the process's directory or signal handlers, which a thread may not.
    pool: 'threads',
    sequence: { sequencer: LongFilesFirst },
    // A test is bounded against hanging, not timed: on a busy machine a test of a few seconds may take a
    // minute (`requirements --trace` took over 30 s beside other test runs on 2 cores), and a bound
    // that slowness can reach turns it into a red build. Files set no lower bound of their own. Timing
    // claims live in npm run bench.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
