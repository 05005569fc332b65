import type { MockOwnResource, Success } from '../operations/table.ts';
import { isResourceName, readSchemaFiles } from '../validation/schemas.ts';

export type JsonSchema = Record<string, unknown>;

/** Where a component's schema lives in the document; every `$ref` of the document points below it. */
export const componentPointer = (name: string) => `#/components/schemas/${name}`;

/**
 * The schemas of schemas/ as OpenAPI components, each resource under its `title` and each of its `$defs`
 * beside it as `<title>.<name>` (common.schema.json, the shared building blocks, gives only those). The
 * files refer to each other by file name (`common.schema.json#/$defs/link`) and to themselves by fragment
 * (`#/$defs/class`), resolved against a `$id` that is no address on the network; an OpenAPI tool that met a
 * component with its own `$id` would resolve those against it and fetch nothing. So `$id` and `$schema` go
 * (the document's dialect is JSON Schema 2020-12 already) and every `$ref` becomes a pointer into the
 * document itself. The `$defs` are hoisted rather than left inside their component because
 * openapi-typescript 7.13 types a component's `$defs` as a required member of the resource
 * (openapi-ts/openapi-typescript#2664), and a pointer to a component is what every tool reads.
 */
export function schemaComponents(): Record<string, JsonSchema> {
  const files = readSchemaFiles();
  const titleOf = new Map<string, string>();
  for (const { name, schema } of files) {
    const title = schema.title;
    if (!title) throw new Error(`schemas/${name}.schema.json has no title to name its component by`);
    if ([...titleOf.values()].includes(title))
      throw new Error(`two schema files have the title "${title}"; components need unique names`);
    titleOf.set(`${name}.schema.json`, title);
  }
  const components: Record<string, JsonSchema> = {};
  for (const { name, schema } of files) {
    const title = titleOf.get(`${name}.schema.json`) as string;
    const rewrite = (ref: string) => localRef(ref, title, titleOf);
    const { $id: _id, $schema: _dialect, $defs = {}, ...rest } = schema;
    if (isResourceName(name)) components[title] = rewriteRefs(rest, rewrite) as JsonSchema;
    for (const [definition, subschema] of Object.entries($defs as Record<string, JsonSchema>))
      components[`${title}.${definition}`] = rewriteRefs(subschema, rewrite) as JsonSchema;
  }
  return components;
}

/** A reference of a schema file as a pointer into the document: `file#/$defs/name`, `file` or `#/$defs/name`. */
function localRef(ref: string, own: string, titleOf: Map<string, string>): string {
  const [file = '', fragment = ''] = ref.split('#');
  const title = file === '' ? own : titleOf.get(file);
  if (title === undefined) throw new Error(`$ref "${ref}" of component ${own} names no file of schemas/`);
  if (fragment === '') return componentPointer(title);
  const definition = /^\/\$defs\/([^/]+)$/.exec(fragment)?.[1];
  if (definition === undefined)
    throw new Error(`$ref "${ref}" of component ${own} points into no $defs entry`);
  return componentPointer(`${title}.${definition}`);
}

function rewriteRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      key === '$ref' && typeof member === 'string' ? rewrite(member) : rewriteRefs(member, rewrite),
    ]),
  );
}

/**
 * Shapes of the mock's own endpoints that no file of schemas/ describes, since the spec does not show
 * them: the account list of `GET /users/{userId}/accounts` and of a connection's accounts, built like the
 * spec's other lists; the body creating a connection, the real service's.
 * Not in schemas/, which holds the spec's shapes the suite judges servers by.
 */
export const mockOwnComponents: Record<string, JsonSchema> = {
  AccountList: {
    title: 'AccountList',
    description:
      'The mock\'s own, not the spec\'s ("Endpoints for ... listing accounts ... are referenced by links but their shapes are: not shown"): a list like the connection list, `type` `list`, `data` the accounts, `links.self`.',
    type: 'object',
    required: ['type', 'data', 'links'],
    properties: {
      type: { $ref: componentPointer('Common.listType') },
      data: { type: 'array', items: { $ref: componentPointer('Account') } },
      links: { $ref: componentPointer('Common.selfLinks') },
    },
  },
  CreateConnectionRequest: {
    title: 'CreateConnectionRequest',
    description:
      "An extension of the mock's, the real service's shape: the person's credentials at the institution (`loginId`, `password`, and where the institution asks for them `securityCode` and `secondaryLoginId`) and the institution.",
    type: 'object',
    required: ['loginId', 'password', 'institution'],
    properties: {
      loginId: { type: 'string', minLength: 1 },
      password: { type: 'string', minLength: 1 },
      securityCode: { type: 'string' },
      secondaryLoginId: { type: 'string' },
      institution: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string', minLength: 1 } },
      },
    },
  },
};

let titles: Map<string, string | undefined> | undefined;

/** Each schema file's title by the file's name, read once. */
function schemaTitles(): Map<string, string | undefined> {
  titles ??= new Map(readSchemaFiles().map(({ name, schema }) => [name, schema.title]));
  return titles;
}

/** The mock's own bodies (src/operations/table.ts, `MockOwnResource`) by the component above that describes each. */
const mockOwnResourceComponents: Record<MockOwnResource, string> = { 'account-list': 'AccountList' };

/** The schema of a success's body, as a pointer to its component; none for a success without a body. */
export function successSchema({ resource }: Success): JsonSchema | undefined {
  if (resource === undefined) return undefined;
  const component =
    resource in mockOwnResourceComponents
      ? mockOwnResourceComponents[resource as MockOwnResource]
      : schemaTitles().get(resource);
  if (component === undefined) throw new Error(`no component for the success body ${resource}`);
  return { $ref: componentPointer(component) };
}
