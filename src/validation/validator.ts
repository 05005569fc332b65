import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isResourceName, readSchemaFiles } from './schemas.ts';

/** One schema violation, in the terms a person reads at a glance. */
export interface SchemaViolation {
  resource: string;
  /** JSON pointer of the offending value ('' is the payload itself). */
  pointer: string;
  expected: string;
  found: string;
}

export type ValidationResult = { valid: true } | { valid: false; violations: SchemaViolation[] };

const maxFoundLength = 80;

/** A value as it appears in a message: JSON, cut short when long so one huge body cannot flood a report. */
export function preview(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > maxFoundLength ? `${text.slice(0, maxFoundLength - 1)}…` : text;
}

function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function describe(resource: string, data: unknown, error: ErrorObject): SchemaViolation {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const pointer = `${error.instancePath}/${String(params.missingProperty)}`;
    return { resource, pointer, expected: 'a value (required)', found: '(absent)' };
  }
  if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
    const key = String(params.additionalProperty ?? params.unevaluatedProperty);
    const pointer = `${error.instancePath}/${key}`;
    return { resource, pointer, expected: 'no such property', found: preview(valueAt(data, pointer)) };
  }
  let expected = error.message ?? error.keyword;
  if (error.keyword === 'enum') expected = `one of ${preview(params.allowedValues)}`;
  if (error.keyword === 'const') expected = `exactly ${preview(params.allowedValue)}`;
  if (error.keyword === 'pattern') expected = `a string matching ${String(params.pattern)}`;
  if (error.keyword === 'format') expected = `a ${String(params.format)} string`;
  return {
    resource,
    pointer: error.instancePath,
    expected: expected.replace(/^must (be )?/, ''),
    found: preview(valueAt(data, error.instancePath)),
  };
}

/**
 * Combinators report every branch that failed, then their own summary; a person only needs the summary
 * when no branch-level error says more, so branch errors under `if`/`then` failures are kept and the
 * generic "must match then schema" line is dropped.
 */
const noiseKeywords = new Set(['if']);

/** The suite's single ajv instance: every schema compiled once, at first use. */
export class ResourceValidator {
  private readonly validators = new Map<string, ValidateFunction>();

  constructor() {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, strictTypes: false });
    addFormats.default(ajv, ['uuid', 'date-time', 'date', 'uri', 'uri-reference', 'email']);
    const files = readSchemaFiles();
    for (const file of files) ajv.addSchema(file.schema);
    for (const file of files) {
      if (!isResourceName(file.name)) continue;
      const validate = ajv.getSchema(file.schema.$id);
      if (!validate) throw new Error(`schema ${file.name} did not compile`);
      this.validators.set(file.name, validate);
    }
  }

  get resources(): string[] {
    return [...this.validators.keys()];
  }

  has(resource: string): boolean {
    return this.validators.has(resource);
  }

  validate(resource: string, data: unknown): ValidationResult {
    const validate = this.validators.get(resource);
    if (!validate)
      throw new RangeError(`unknown resource "${resource}"; known: ${this.resources.join(', ')}`);
    if (validate(data)) return { valid: true };
    const seen = new Set<string>();
    const violations: SchemaViolation[] = [];
    for (const error of validate.errors ?? []) {
      if (noiseKeywords.has(error.keyword)) continue;
      const violation = describe(resource, data, error);
      const key = `${violation.pointer}\u0000${violation.expected}`;
      if (seen.has(key)) continue;
      seen.add(key);
      violations.push(violation);
    }
    return { valid: false, violations };
  }
}

let shared: ResourceValidator | undefined;

/** The process-wide validator; schemas are compiled on the first call only. */
export function resourceValidator(): ResourceValidator {
  shared ??= new ResourceValidator();
  return shared;
}

/** One line per violation: `enrich /links/logo-thumb: expected a string, found null`. */
export function formatViolations(violations: SchemaViolation[]): string {
  return violations
    .map((v) => `${v.resource} ${v.pointer || '(root)'}: expected ${v.expected}, found ${v.found}`)
    .join('\n');
}
