/**
 * Writes fixtures/world/world.json, the mock's world for the default seed, so the mock loads it instead of
 * generating it on every start. `npm run gen:world` rewrites it; test/mock/world.test.ts fails when it is
 * stale (after a change to mock/world/generate.ts or to the reference data, mock/world/data/). The file is
 * pretty-printed so that a change to the world reads as a diff.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateWorld, serializeWorld } from '../mock/world/generate.ts';
import { defaultSeed } from '../mock/world/world.ts';

const target = fileURLToPath(new URL('../fixtures/world/world.json', import.meta.url));
const started = performance.now();
const text = serializeWorld(generateWorld(defaultSeed));
const elapsed = performance.now() - started;
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, text);
console.log(
  `wrote ${target} (seed ${defaultSeed}, ${Math.round(text.length / 1024)} KiB, generated in ${Math.round(elapsed)} ms)`,
);
