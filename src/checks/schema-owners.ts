import { catalogue } from '../requirements/catalogue.ts';
import type { RequirementId } from '../requirements/requirement-ids.generated.ts';
import { readSchemaFiles } from '../validation/schemas.ts';
import type { SchemaViolation } from '../validation/validator.ts';

/**
 * Which requirement a schema violation breaks (docs/design.md#a-failure-fails-only-what-its-evidence-breaks: a schema violation fails the schema
 * requirement). Schema-shaped requirements name the schema locations that encode them (catalogue
 * `schema`: `<file>#<pointer>`); walking each resource's schema, through its `$ref`s, gives the payload
 * locations those schema locations govern, so a violation at `/access_token` of a token response fails
 * TOKEN-03, whichever check saw it.
 */

type Schema = Record<string, unknown>;

/** A payload location (`*` for any array index or key) and the requirements whose schema governs it. */
interface Owned {
  segments: string[];
  owners: RequirementId[];
}

const files = new Map(readSchemaFiles().map((f) => [`${f.name}.schema.json`, f.schema as Schema]));

/** Requirements by the schema location they name. */
const ownersByLocation = new Map<string, RequirementId[]>();
for (const requirement of catalogue.requirements) {
  for (const location of requirement.schema ?? []) {
    const owners = ownersByLocation.get(location) ?? [];
    owners.push(requirement.id);
    ownersByLocation.set(location, owners);
  }
}

function resolve(file: string, pointer: string): Schema | undefined {
  let node: unknown = files.get(file);
  for (const part of pointer.split('/').slice(1)) {
    node = (node as Schema | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return typeof node === 'object' && node !== null ? (node as Schema) : undefined;
}

/** Walks a schema location and everything below it, recording owned payload locations. */
function walk(file: string, pointer: string, segments: string[], out: Owned[], seen: Set<string>): void {
  const location = `${file}#${pointer}`;
  const key = `${location}@${segments.join('/')}`;
  if (seen.has(key) || segments.length > 12) return;
  seen.add(key);
  const owners = ownersByLocation.get(location);
  if (owners) out.push({ segments, owners });
  const node = resolve(file, pointer);
  if (!node) return;
  if (typeof node.$ref === 'string') {
    const [target = '', fragment = ''] = node.$ref.split('#');
    walk(target === '' ? file : target, fragment, segments, out, seen);
  }
  for (const [name] of Object.entries((node.properties as Schema | undefined) ?? {}))
    walk(
      file,
      `${pointer}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      [...segments, name],
      out,
      seen,
    );
  if (typeof node.items === 'object' && node.items !== null)
    walk(file, `${pointer}/items`, [...segments, '*'], out, seen);
  if (typeof node.additionalProperties === 'object' && node.additionalProperties !== null)
    walk(file, `${pointer}/additionalProperties`, [...segments, '*'], out, seen);
  for (const combinator of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[combinator];
    if (Array.isArray(branches))
      branches.forEach((_, i) => walk(file, `${pointer}/${combinator}/${i}`, segments, out, seen));
  }
}

const ownedByResource = new Map<string, Owned[]>();

function ownedIn(resource: string): Owned[] {
  let owned = ownedByResource.get(resource);
  if (!owned) {
    owned = [];
    walk(`${resource}.schema.json`, '', [], owned, new Set());
    ownedByResource.set(resource, owned);
  }
  return owned;
}

/**
 * A location that is a member's schema (a property, the items, a definition) is found by walking the
 * payload; only the others (a keyword) are matched on schema paths, which ajv gives relative to the
 * schema a `$ref` leads into, so a member's path could match another file's location by chance.
 */
const memberLocation = /(?:^|\/)(?:properties\/[^/]+|items|additionalProperties|\$defs\/[^/]+)$/;

/**
 * A rule a schema encodes in a keyword beside a member's shape (an `if`/`then` across members, a bound
 * like `exclusiveMinimum`) is owned by the requirement naming that schema location, not by the member's
 * shape requirement: a positive expires_in is TOKEN-06, a number TOKEN-05. Matched on the violation's
 * schema path within the resource's own file.
 */
function keywordOwnersOf(resource: string, schemaPath: string): RequirementId[] | undefined {
  const prefix = `${resource}.schema.json`;
  const owners = [...ownersByLocation]
    .filter(([location]) => {
      const [file, pointer = ''] = location.split('#');
      return (
        file === prefix &&
        !memberLocation.test(pointer) &&
        (schemaPath === `#${pointer}` || schemaPath.startsWith(`#${pointer}/`))
      );
    })
    .sort(([a], [b]) => b.length - a.length);
  return owners[0]?.[1];
}

/** The requirements governing the deepest schema location above a payload location. */
function payloadOwnersOf(resource: string, pointer: string): RequirementId[] | undefined {
  const candidates = ownedIn(resource).filter((o) => matches(o.segments, pointer));
  if (candidates.length === 0) return undefined;
  const depth = Math.max(...candidates.map((c) => c.segments.length));
  return [...new Set(candidates.filter((c) => c.segments.length === depth).flatMap((c) => c.owners))];
}

function matches(segments: string[], pointer: string): boolean {
  const parts = pointer === '' ? [] : pointer.split('/').slice(1);
  return segments.length <= parts.length && segments.every((s, i) => s === '*' || s === parts[i]);
}

/** The id prefix of a requirement (`AFFORD` of `AFFORD-03`), which names its group. */
export const prefixOf = (id: RequirementId): string => id.split('-')[0] ?? '';

/**
 * The requirements a violation at `pointer` of a `resource` payload breaks: those governing the deepest
 * schema location above it. Where a location is governed by requirements of several operations (a job is
 * both the answer to a connection update and to GET /jobs), those the running check names, else those of
 * the group whose id prefix is `prefix` (the primary requirement's, by default), are preferred. Undefined
 * where no requirement governs it: the check's own requirement then holds it.
 */
export function schemaOwnersOf(
  resource: string,
  { pointer, schemaPath }: Pick<SchemaViolation, 'pointer' | 'schemaPath'>,
  named: readonly RequirementId[],
  prefix: string | undefined = named[0] && prefixOf(named[0]),
): RequirementId[] | undefined {
  const owners = keywordOwnersOf(resource, schemaPath) ?? payloadOwnersOf(resource, pointer);
  if (!owners) return undefined;
  const mine = owners.filter((id) => named.includes(id));
  if (mine.length > 0) return mine;
  const sameGroup = owners.filter((id) => prefixOf(id) === prefix);
  return sameGroup.length > 0 ? sameGroup : owners;
}

/**
 * The payload locations of a resource that schema-shaped requirements govern (`*` for any array index or
 * key), with those requirements: an observer of traffic (the proxy) counts a requirement held on a payload
 * where a location it governs is present and no violation concerns it, and never where the payload does not
 * reach that far.
 */
export function schemaLocationsOf(
  resource: string,
): readonly { segments: readonly string[]; owners: readonly RequirementId[] }[] {
  return ownedIn(resource);
}
