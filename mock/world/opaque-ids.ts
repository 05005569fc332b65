import type { World } from './world.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The world with every UUID identifier replaced by a short decimal string ("1000001", …), the same UUID by
 * the same string wherever it occurs: "all identifiers are strings" (Resources and their fields) and
 * nothing more, so a service may number its resources. A string of digits is the reading most likely to
 * trip a client that expects a UUID or treats an id as a number.
 */
export function withOpaqueIds(world: World): World {
  const replaced = new Map<string, string>();
  const rewrite = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (!uuid.test(value)) return value;
      let id = replaced.get(value);
      if (id === undefined) replaced.set(value, (id = String(1_000_001 + replaced.size)));
      return id;
    }
    if (Array.isArray(value)) return value.map(rewrite);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, rewrite(member)]));
    }
    return value;
  };
  return rewrite(world) as World;
}
