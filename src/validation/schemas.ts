import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Folder holding one JSON Schema 2020-12 file per resource and request body, plus common.schema.json. */
export const schemasDir = fileURLToPath(new URL('../../schemas/', import.meta.url));

const suffix = '.schema.json';
const sharedSchemas = new Set(['common']);

export interface SchemaFile {
  /** Resource name, the file name without `.schema.json` (for example `enrich`, `affordability-list`). */
  name: string;
  schema: { $id: string; title?: string } & Record<string, unknown>;
}

/** Every schema file, shared ones included, read once. */
export function readSchemaFiles(): SchemaFile[] {
  return readdirSync(schemasDir)
    .filter((file) => file.endsWith(suffix))
    .sort()
    .map((file) => ({
      name: file.slice(0, -suffix.length),
      schema: JSON.parse(readFileSync(schemasDir + file, 'utf8')) as SchemaFile['schema'],
    }));
}

/** Names a payload can be validated against: every schema but the shared building blocks. */
export function isResourceName(name: string): boolean {
  return !sharedSchemas.has(name);
}
