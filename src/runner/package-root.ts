import { fileURLToPath } from 'node:url';

/** The package's own folder: suites, schemas and fixtures are found from it, never from the working directory. */
export const packageRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
