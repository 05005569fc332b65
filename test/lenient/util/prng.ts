/**
 * Seeded PRNG (mulberry32). The whole world is drawn from one of these so a
 * seed always rebuilds exactly the same fixture data.
 */
export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  token(length: number, alphabet?: string): string;
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

export function makeRng(seed: number): Rng {
  let state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    token(length, alphabet = BASE36) {
      let out = '';
      for (let i = 0; i < length; i += 1) out += alphabet.charAt(int(0, alphabet.length - 1));
      return out;
    },
  };
}
