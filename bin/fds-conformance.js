#!/usr/bin/env node
// The CLI is written in TypeScript; tsx compiles it on load so a fresh clone needs no build step.
import { register } from 'tsx/esm/api';

const [command] = process.argv.slice(2);
if (command === undefined || command === 'run' || command.startsWith('-')) {
  // vitest's hundreds of modules are plain JavaScript: loaded before tsx's hooks are in place, they skip
  // the hooks' per-module round trip, which otherwise triples their load time (about a second).
  await Promise.all(['vitest/node', 'undici', 'ajv/dist/2020.js'].map((name) => import(name)));
}
// Output piped into a reader that stops early (`| head`) ends the command quietly, not with a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
