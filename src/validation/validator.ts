import { createRequire } from 'node:module';
import type { ErrorObject } from 'ajv/dist/2020.js';

/** One schema violation, in the terms a person reads at a glance. */
export interface SchemaViolation {
  resource: string;
  /** JSON pointer of the offending value ('' is the payload itself). */
  pointer: string;
  expected: string;
  found: string;
  /** Where in the resource's schema the broken keyword sits (ajv's schemaPath, e.g. `#/then/…/type`). */
  schemaPath: string;
}

export type ValidationResult = { valid: true } | { valid: false; violations: SchemaViolation[] };

const maxFoundLength = 80;

/**
 * A value as it appears in a message: JSON, cut short when long so one huge body cannot flood a report.
 * Only its start is written: a message about a page of 500 transactions costs its first few, not all.
 */
export function preview(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = jsonStart(value, maxFoundLength + 1) ?? String(value);
  return text.length > maxFoundLength ? `${text.slice(0, maxFoundLength - 1)}…` : text;
}

/**
 * The first `length` characters (or more) of JSON.stringify(value), or all of it when shorter: arrays and
 * plain objects are written member by member until that much is written, anything else by JSON.stringify.
 * Undefined where JSON.stringify gives undefined.
 */
function jsonStart(value: unknown, length: number): string | undefined {
  const isArray = Array.isArray(value);
  if (!(isArray || isPlainObject(value)) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return JSON.stringify(value);
  const keys = isArray ? undefined : Object.keys(value as object);
  const count = keys ? keys.length : (value as unknown[]).length;
  let text = isArray ? '[' : '{';
  let written = 0;
  for (let i = 0; i < count && text.length < length; i++) {
    const key = keys?.[i];
    const json = jsonStart(
      key === undefined ? (value as unknown[])[i] : (value as Record<string, unknown>)[key],
      length - text.length,
    );
    // As JSON.stringify: an array writes null for what has no JSON (a hole too); an object leaves the key out.
    if (json === undefined && key !== undefined) continue;
    text += `${written++ > 0 ? ',' : ''}${key === undefined ? '' : `${JSON.stringify(key)}:`}${json ?? 'null'}`;
  }
  return text.length < length ? `${text}${isArray ? ']' : '}'}` : text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** The value a JSON pointer names in the data; undefined where the path leads nowhere. */
export function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** What a failed keyword wanted, in words ("one of [...]", "integer"), for a one-line message. */
export function expectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `one of ${preview(params.allowedValues)}`;
    case 'const':
      return `exactly ${preview(params.allowedValue)}`;
    case 'type':
      return String(params.type);
    case 'pattern':
      return `a string matching ${String(params.pattern)}`;
    case 'format':
      return `a ${String(params.format)} string`;
    case 'minLength':
      return `at least ${String(params.limit)} character(s)`;
    case 'minItems':
      return `at least ${String(params.limit)} item(s)`;
    case 'maxItems':
      return `at most ${String(params.limit)} item(s)`;
    case 'not':
      return 'not this value (the schema excludes it; its description says why)';
    case 'false schema':
      return 'no such property';
    default:
      return (error.message ?? error.keyword).replace(/^must (be )?/, '');
  }
}

function describe(resource: string, data: unknown, error: ErrorObject): SchemaViolation {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const pointer = `${error.instancePath}/${String(params.missingProperty)}`;
    return {
      resource,
      pointer,
      expected: 'a value (required)',
      found: '(absent)',
      schemaPath: error.schemaPath,
    };
  }
  return {
    resource,
    pointer: error.instancePath,
    expected: expectation(error),
    found: preview(valueAt(data, error.instancePath)),
    schemaPath: error.schemaPath,
  };
}

/** `if` failures only say "must match then schema"; the `then` branch's own errors say what is wrong. */
const noiseKeywords = new Set(['if']);

function fromCombinator(error: ErrorObject): boolean {
  return /\/(anyOf|oneOf)(\/|$)/.test(error.schemaPath);
}

/**
 * Turns ajv's errors into what a person reads. A nullable object (`anyOf: [object, null]`) that fails
 * inside reports the deep error, then "must be null" and "must match a schema in anyOf" at the object
 * itself; the deep error says it all, so combinator errors are dropped when another lies below them.
 * When every branch fails on its type, the branch types merge into one "object or null".
 */
function violationsOf(resource: string, data: unknown, errors: ErrorObject[]): SchemaViolation[] {
  const described = errors
    .filter((error) => !noiseKeywords.has(error.keyword))
    .map((error) => ({ error, violation: describe(resource, data, error) }));
  const deeper = (pointer: string) =>
    described.some(({ violation }) => violation.pointer.startsWith(`${pointer}/`));
  const kept = described.filter(
    ({ error, violation }) => !(fromCombinator(error) && deeper(violation.pointer)),
  );
  const result: SchemaViolation[] = [];
  for (const { error, violation } of kept) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      if (kept.some((other) => other.error !== error && other.violation.pointer === violation.pointer))
        continue;
    }
    const same = result.find((v) => v.pointer === violation.pointer && v.found === violation.found);
    if (same && error.keyword === 'type' && fromCombinator(error)) {
      if (!same.expected.split(' or ').includes(violation.expected))
        same.expected += ` or ${violation.expected}`;
      continue;
    }
    if (same?.expected === violation.expected) continue;
    result.push({ ...violation });
  }
  return result;
}

/** A validator of ajv's standalone code: true or false, its errors left on the function. */
type CompiledValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * The resource validators, compiled ahead of time from schemas/ (src/validation/standalone.ts). Loaded
 * with Node's own require: the generated module is CommonJS, and inside a vitest worker an import would
 * hand it to vite's transform, which takes it for ESM.
 */
export class ResourceValidator {
  private readonly validators = createRequire(import.meta.url)('./validators.generated.cjs') as Record<
    string,
    CompiledValidator
  >;

  get resources(): string[] {
    return Object.keys(this.validators).sort();
  }

  has(resource: string): boolean {
    return Object.hasOwn(this.validators, resource);
  }

  private validator(resource: string): CompiledValidator {
    const validate = this.has(resource) ? this.validators[resource] : undefined;
    if (!validate)
      throw new RangeError(`unknown resource "${resource}"; known: ${this.resources.join(', ')}`);
    return validate;
  }

  validate(resource: string, data: unknown): ValidationResult {
    const validate = this.validator(resource);
    if (validate(data)) return { valid: true };
    return { valid: false, violations: violationsOf(resource, data, validate.errors ?? []) };
  }
}

let shared: ResourceValidator | undefined;

/** The process-wide validator. */
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
