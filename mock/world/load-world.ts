import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultSeed, type World } from './world.ts';

// Apart from world.ts: the generator imports the world's types, so world.ts loading the generator would
// close an import circle (test/architecture.test.ts).

const worldFile = fileURLToPath(new URL('../../fixtures/world/world.json', import.meta.url));

/**
 * The default seed's world comes from fixtures/ (kept in the repository); any other seed is generated.
 * The generator (and faker with its locales) loads only then: starting the default mock stays quick.
 */
export async function loadWorld(seed: number): Promise<World> {
  if (seed === defaultSeed) return JSON.parse(readFileSync(worldFile, 'utf8')) as World;
  const { generateWorld } = await import('./generate.ts');
  return generateWorld(seed);
}
