/**
 * The mock's options checked at load against a JSON Schema closed at every level. Options often arrive
 * as data tsc never sees (a reading of the ambiguity register in src/requirements/ambiguities/*.json, a
 * JavaScript caller of `startMock`), and a misspelt option would be ignored: the mock would show its
 * default and the run meant to try a variant would silently test nothing. Here it is refused instead,
 * in one line naming its path.
 */

import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { expectation, preview, valueAt } from '../src/validation/validator.ts';
import type { MockOptions } from './options.ts';
import { closed, type SameType, type SchemaType } from './schema.ts';
import { variantsSchema } from './variants/schema.ts';

/** The options that are data, so can be written in JSON: every one but the callbacks. */
type MockSettings = Omit<MockOptions, 'onRequest' | 'onResponse'>;

const text = { type: 'string' } as const;
const texts = { type: 'array', items: text } as const;
const count = { type: 'integer', minimum: 0 } as const;

export const mockOptionsSchema = closed({
  host: text,
  port: { type: 'integer', minimum: 0, maximum: 65_535 },
  seed: count,
  // A map, not a closed object: its member names are API keys, data of the caller's choosing.
  apiKeys: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } },
  versionHeader: text,
  supportedVersions: texts,
  unsupportedVersions: texts,
  basePath: text,
  faults: texts,
  faultSwitching: { type: 'boolean' },
  judgeClients: { type: 'boolean' },
  specOnly: { type: 'boolean' },
  maxBodyBytes: count,
  jobStepMs: count,
  variants: variantsSchema,
  failEvery: count,
});

/** Fails tsc when the schema and `MockOptions` differ, a member or a member's type apart. */
const _mockOptionsSchemaMatchesTypes: SameType<
  SchemaType<typeof mockOptionsSchema>,
  Partial<MockSettings>
> = true;

/**
 * Compiled ahead of time (mock/options-validator-code.ts), so that no start pays for compiling it. Every
 * error, so a misspelt member can be named before what its misspelling leaves missing.
 */
let validator: ValidateFunction | undefined;
const validate = (): ValidateFunction =>
  (validator ??= createRequire(import.meta.url)('./options-validator.generated.cjs') as ValidateFunction);

/**
 * Refuses options the mock does not have, or values it cannot take, with a TypeError of one line naming
 * the option's path (`variants.errors.correlationIdCas is not a mock option`), then `source` when given.
 */
export function assertMockOptions(
  options: unknown,
  source?: string,
): asserts options is Partial<MockOptions> {
  const settings = settingsOf(options);
  // No option given: the defaults, nothing to check.
  if (
    typeof settings === 'object' &&
    settings !== null &&
    !Array.isArray(settings) &&
    Object.keys(settings).length === 0
  )
    return;
  if (validate()(settings)) return;
  const errors = validate().errors ?? [];
  const first = errors.find((error) => error.keyword === 'additionalProperties') ?? errors[0];
  const problem = first ? describe(first, options) : 'the options are not valid';
  throw new TypeError(source === undefined ? problem : `${problem} (${source})`);
}

/** The options without their callbacks: code, not data, which a JSON Schema cannot describe. */
function settingsOf(options: unknown): unknown {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return options;
  const callbacks = new Set(['onRequest', 'onResponse']);
  return Object.fromEntries(
    Object.entries(options).filter(([name, value]) => !(callbacks.has(name) && typeof value === 'function')),
  );
}

function describe(error: ErrorObject, options: unknown): string {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.split('/').slice(1);
  if (error.keyword === 'additionalProperties')
    return `${[...path, String(params.additionalProperty)].join('.')} is not a mock option`;
  if (error.keyword === 'required')
    return `${[...path, String(params.missingProperty)].join('.')} is required`;
  const found = preview(valueAt(options, error.instancePath));
  return `${path.join('.') || 'the options'} must be ${expectation(error)}, got ${found}`;
}
