import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { nearestNames } from '../nearest-names.ts';
import { UsageError } from '../usage-error.ts';
import { compileSchema } from '../validation/compile-schema.ts';
import { preview } from '../validation/validator.ts';
import schema from './profile.schema.json' with { type: 'json' };

/** A profile as written in a file: every field optional until flags and environment are merged in. */
export type ProfileFile = Partial<{
  /** Where an editor finds the profile's JSON Schema, to complete and check the file; the run ignores it. */
  $schema: string;
  baseUrl: string;
  apiKey: string;
  version: string;
  versionHeader: string;
  unsupportedVersion: string;
  /** The key may come from FDS_EXPIRY_API_KEY instead, so a profile need not hold that secret. */
  tokenExpiry: { apiKey?: string; maxWaitSeconds?: number };
  readOnly: boolean;
  maxRequestsPerSecond: number;
  retryTransient: number;
  fixtures: Record<string, unknown>;
}>;

/** Compiled on first use: a run against the embedded mock reads no profile and spares the 60 ms. */
let profileValidator: ValidateFunction<ProfileFile> | undefined;
const validateProfile = (): ValidateFunction<ProfileFile> =>
  (profileValidator ??= compileSchema<ProfileFile>(schema, { allErrors: false, strict: true }));

/** `fixtures.enrich.country` from a JSON pointer. */
function fieldName(pointer: string): string {
  return pointer.split('/').slice(1).join('.');
}

/** One line naming the field and what was expected (docs/design.md#exit-codes: 2, one line). */
function describe(error: ErrorObject, data: unknown): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const within = (name: string) => [fieldName(error.instancePath), name].filter(Boolean).join('.');
    const parent = error.instancePath ? schemaAt(error.instancePath) : schema;
    const known = Object.keys((parent as { properties?: object }).properties ?? {});
    const guesses = nearestNames(String(params.additionalProperty), known).map(within);
    return `unknown field "${within(String(params.additionalProperty))}"; ${
      guesses.length > 0 ? `did you mean ${guesses.join(' or ')}?` : `expected one of: ${known.join(', ')}`
    }`;
  }
  if (error.keyword === 'required') {
    return `field "${[fieldName(error.instancePath), String(params.missingProperty)].filter(Boolean).join('.')}" is required`;
  }
  const field = fieldName(error.instancePath) || '(root)';
  let value: unknown = data;
  for (const key of error.instancePath.split('/').slice(1)) value = (value as Record<string, unknown>)[key];
  const expected =
    error.keyword === 'type'
      ? `a ${String(params.type)}`
      : (error.message ?? error.keyword).replace(/^must (be )?/, '');
  // A secret's value is not quoted, even a mistaken one: the line goes to a CI log.
  const got = isSecretField(error.instancePath) ? 'a value not shown (a secret)' : preview(value);
  return `field "${field}" must be ${expected}, got ${got}`;
}

interface SchemaNode {
  writeOnly?: boolean;
  properties?: Record<string, SchemaNode>;
}

function isSecretField(pointer: string): boolean {
  return (schemaAt(pointer) as SchemaNode | undefined)?.writeOnly === true;
}

/**
 * The secrets a profile holds: the value of every field its schema marks `writeOnly` (the API keys, the
 * connection password), wherever it sits, so that a secret field added to the schema is masked in all the
 * suite writes (docs/design.md#secrets-never-leave-the-process) without a list to keep beside it.
 */
export function profileSecrets(profile: unknown, node: SchemaNode = schema as SchemaNode): string[] {
  if (profile === null || typeof profile !== 'object') return [];
  return Object.entries(node.properties ?? {}).flatMap(([name, field]) => {
    const value = (profile as Record<string, unknown>)[name];
    if (field.writeOnly) return typeof value === 'string' ? [value] : [];
    return profileSecrets(value, field);
  });
}

function schemaAt(pointer: string): unknown {
  let node: unknown = schema;
  for (const key of pointer.split('/').slice(1))
    node = (node as { properties: Record<string, unknown> }).properties[key];
  return node;
}

/** Reads and checks a profile file; every problem is a UsageError of one line naming the file and field. */
export function loadProfileFile(path: string): ProfileFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `profile ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`profile ${path}: not valid JSON (${(error as Error).message})`);
  }
  const validate = validateProfile();
  if (!validate(data)) {
    const first = validate.errors?.[0];
    throw new UsageError(`profile ${path}: ${first ? describe(first, data) : 'invalid'}`);
  }
  const same = sameAsFixture(data.fixtures ?? {});
  if (same) throw new UsageError(`profile ${path}: ${same}`);
  return data;
}

/**
 * The other user's fixtures must name another user and connection than the fixture user's: its own
 * connection served under its own path is no violation, and would fail CONN-43 on a conformant target.
 */
function sameAsFixture(fixtures: Record<string, unknown>): string | undefined {
  for (const [other, own] of [
    ['otherUserId', 'userId'],
    ['otherConnectionId', 'connectionId'],
  ] as const)
    if (fixtures[other] !== undefined && fixtures[other] === fixtures[own])
      return `fixtures.${other} is fixtures.${own}; give one of another user of the target`;
  return undefined;
}

/** The base URL must be an absolute http(s) URL; a path prefix is allowed. */
export function checkBaseUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${source} must be an http or https URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${source} must be an http or https URL, got "${value}"`);
  }
  if (url.search || url.hash)
    throw new UsageError(`${source} must not carry a query or fragment, got "${value}"`);
  return value.replace(/\/+$/, '');
}
