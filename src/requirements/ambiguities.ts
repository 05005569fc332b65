import { readdirSync, readFileSync } from 'node:fs';
import { groupPrefixes } from './catalogue.ts';
import type { ClientRequirementId, RequirementId } from './requirement-ids.generated.ts';

/**
 * The ambiguity register: every place where the spec is silent, ambiguous or contradicts itself, with the
 * readings a real server could ship. The suite accepts every reading listed (CONTRIBUTING.md, "The level
 * rule"); the mock shows the first reading without a `variant` by default and each other reading under
 * its variant, and the project's own tests run the whole suite against every variant, and against all of
 * them at once, expecting no finding (test/variants/conformant-variants.test.ts). Kept one file a group in
 * `ambiguities/`, read with fs for the reason given in catalogue.ts.
 */
export interface Reading {
  /** What a server does under this reading, in one or two sentences. */
  reading: string;
  /**
   * Mock options (a partial `MockOptions`, deep-merged over the defaults) under which the mock shows this
   * reading; absent on the one reading the mock shows by default. Data tsc never sees, so the mock checks
   * it against its options' schema (mock/options-schema.ts) when started with it, and
   * test/ambiguities.test.ts checks every reading's: a misspelt option would leave the default reading on.
   * Typed loosely here because the engine (src/) does not depend on the mock.
   */
  variant?: Record<string, unknown>;
}

export interface Ambiguity {
  /** `AMB-<group prefix>-NN`; `GEN` for what every endpoint shares (links, framing, rate limits). */
  id: string;
  topic: string;
  /** Heading path of the spec section where the ambiguity lives, as in the catalogue. */
  specRef: string;
  /** Verbatim spec text that leaves the room: the ambiguous sentence, or the nearest one to a silence. */
  quote: string;
  /** Ids of the requirements whose checks accept every reading. */
  requirements: RequirementId[];
  readings: Reading[];
}

/** Register files in catalogue group order, `general` (cross-cutting, prefix GEN) first. */
export const registerPrefixes: Readonly<Record<string, string>> = { general: 'GEN', ...groupPrefixes };

const folder = new URL('./ambiguities/', import.meta.url);
const present = new Set(readdirSync(folder));

export const ambiguities: readonly Ambiguity[] = Object.keys(registerPrefixes)
  .filter((group) => present.has(`${group}.json`))
  .flatMap((group) => JSON.parse(readFileSync(new URL(`${group}.json`, folder), 'utf8')) as Ambiguity[]);

/** A non-default reading, named for the test that runs the suite against the mock under its variant. */
export interface RegisterVariant {
  name: string;
  options: Record<string, unknown>;
  /** The register entry the reading belongs to. */
  entry: Ambiguity;
}

export function registerVariants(): RegisterVariant[] {
  return ambiguities.flatMap((entry) =>
    entry.readings.flatMap((reading) =>
      reading.variant ? [{ name: `${entry.id}: ${reading.reading}`, options: reading.variant, entry }] : [],
    ),
  );
}

/** Plain objects merge member by member; anything else (arrays, strings, numbers) the later one replaces. */
export function mergeOptions(
  base: Record<string, unknown>,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeOptions(current, value) : value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A request as a register entry of the client group writes it: the body as text. */
export interface ExampleRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A reading of what a client may send: no mock options (no mock shows a client), a request instead. */
export interface ClientReading {
  reading: string;
  /** A conformant request written under this reading, which the judge of client requests accepts. */
  example: ExampleRequest;
}

/** Where the spec lets a client write something two ways; the judge of client requests accepts every reading. */
export interface ClientAmbiguity extends Omit<Ambiguity, 'requirements' | 'readings'> {
  /** Ids of the client requirements whose rules accept every reading. */
  requirements: ClientRequirementId[];
  readings: ClientReading[];
}

/**
 * The register of the client group (`ambiguities/client.json`, `AMB-CLIENT-NN`), kept apart from
 * `ambiguities`: its readings are not shown by mock options, which the register's variant tests start the
 * mock under, but by an example request each, which test/clients/judge.test.ts holds the judge to accept.
 */
export const clientAmbiguities: readonly ClientAmbiguity[] = JSON.parse(
  readFileSync(new URL('client.json', folder), 'utf8'),
) as ClientAmbiguity[];
