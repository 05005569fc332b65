/**
 * JSON text of reply bodies a handler hands out unchanged to many requests (the institution list), made
 * once. Keyed by the body object itself, so a fault that rewrites a reply builds a new body and is
 * serialised afresh: the cache can never send what the handler and the faults did not produce.
 */
const serialised = new WeakMap<object, Buffer>();

/** Marks a body as reused as is from now on; it must not be mutated afterwards. */
export function reusableBody<T extends object>(body: T): T {
  serialised.set(body, Buffer.from(JSON.stringify(body)));
  return body;
}

/** The body's JSON: the one made by `reusableBody`, or a fresh serialisation. */
export function serialisedBody(body: unknown): Buffer | string {
  return (typeof body === 'object' && body !== null && serialised.get(body)) || JSON.stringify(body);
}
