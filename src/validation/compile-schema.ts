import { createRequire } from 'node:module';
import type { AnySchema, Options, ValidateFunction } from 'ajv/dist/2020.js';

/**
 * A JSON Schema (2020-12) compiled by ajv, which is loaded on the first call: ajv's modules are slow to
 * load, and a run against the embedded mock, which reads no profile, compiles nothing. The suites' own validators are compiled ahead of time
 * (validators.generated.cjs) and need no ajv at run time.
 */
export function compileSchema<T = unknown>(schema: AnySchema, options: Options): ValidateFunction<T> {
  const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  return new Ajv2020(options).compile<T>(schema);
}
