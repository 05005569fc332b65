import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The package's own folder: suites, schemas and fixtures are found from it, never from the working directory. */
export const packageRoot = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

// package.json is ../ from src/, ../../ from the compiled dist/src/ of an installed package.
export const packageVersion = (
  createRequire(import.meta.url)(
    import.meta.url.endsWith('.ts') ? '../package.json' : '../../package.json',
  ) as {
    version: string;
  }
).version;
