/**
 * JSON Schema for the mock's options, and the TypeScript type such a schema describes. The options are
 * declared twice: as documented interfaces (what a library user reads in an editor) and as a schema (what
 * is checked at load, where options arrive as data: the ambiguity register's JSON, a JavaScript caller).
 * `SameType` makes tsc fail when the two drift, in either direction, so the pair stays one fact.
 */

/**
 * An object of these members and no others (`additionalProperties: false`): a misspelt member is refused
 * at load instead of ignored, since an ignored option silently tests nothing.
 */
export function closed<
  const P extends Record<string, object>,
  const R extends readonly (keyof P & string)[] = readonly [],
>(properties: P, required?: R) {
  return { type: 'object', additionalProperties: false, properties, required: required ?? [] } as const;
}

/** One of these values and nothing else. */
export function oneOf<const V extends readonly [string | number, ...(string | number)[]]>(...values: V) {
  return { enum: values } as const;
}

/** The type of the values a schema accepts, for the keywords the option schemas use. */
export type SchemaType<S> = S extends { const: infer C }
  ? C
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { type: 'boolean' }
      ? boolean
      : S extends { type: 'number' | 'integer' }
        ? number
        : S extends { type: 'string' }
          ? string
          : S extends { type: 'array'; items: infer I }
            ? SchemaType<I>[]
            : S extends { type: 'object'; properties: infer P }
              ? ObjectType<P, S extends { required: readonly (infer R)[] } ? R : never>
              : S extends { type: 'object'; additionalProperties: infer V }
                ? Record<string, SchemaType<V>>
                : never;

/** Members named in `required` are required, the others optional: one flat type, not an intersection. */
type ObjectType<P, R> = Flat<
  { -readonly [K in keyof P as K extends R ? K : never]: SchemaType<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: SchemaType<P[K]>;
  }
>;

type Flat<T> = { [K in keyof T]: T[K] };

/** `true` when A and B are the same type (members, optionality and member types alike), else `false`. */
export type SameType<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
