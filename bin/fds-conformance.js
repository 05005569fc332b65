#!/usr/bin/env node
import { existsSync } from 'node:fs';

// Output piped into a reader that stops early (`| head`) ends the command quietly, not with a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

// A git checkout runs its TypeScript through tsx, so it needs no build step and never runs a stale build;
// the published package, which ships no TypeScript, runs the JavaScript compiled at prepack (dist/).
const checkout = existsSync(new URL('../cli/main.ts', import.meta.url));
let main, whenParentEnds;
if (!checkout) {
  ({ main } = await import('../dist/cli/main.js'));
  ({ whenParentEnds } = await import('../dist/cli/stop-triggers.js'));
} else {
  const [command] = process.argv.slice(2);
  // Asking for the version or the help starts no run.
  const startsRun = !['--version', '--help', '-h'].includes(command ?? '');
  if (startsRun && (command === undefined || command === 'run' || command.startsWith('-'))) {
    // vitest's hundreds of ES modules are plain JavaScript: loaded before tsx's hooks are in place, they skip
    // the hooks' per-module round trip, which otherwise triples their load time (about a second). undici
    // and ajv are CommonJS, whose requires the hooks never see; a run loads them only when it needs them.
    await import('vitest/node');
  }
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../cli/main.ts'));
  ({ whenParentEnds } = await import('../cli/stop-triggers.ts'));
}
// Left behind by its launcher (npx, npm exec, npm run killed), a command ends as if signalled: a run with
// its embedded mock, the mock and the proxy each stop, and write what they write on SIGTERM.
whenParentEnds(() => {
  console.error('fds-conformance: the process that started it has ended; stopping');
  process.kill(process.pid, 'SIGTERM');
});
process.exitCode = await main(process.argv.slice(2));
