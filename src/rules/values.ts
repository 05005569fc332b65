/** How the rules read a parsed answer: an object's members, or nothing for anything else. */
export type Members = Record<string, unknown>;

export const asRecord = (value: unknown): Members | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Members) : undefined;
