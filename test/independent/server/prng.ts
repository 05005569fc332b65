/**
 * mulberry32: a tiny deterministic PRNG. It is only used to build the seeded
 * fixture world, never for secrets (tokens come from node:crypto).
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    // Consecutive seeds give correlated first outputs in plain mulberry32, so the seed is
    // scrambled first (the murmur3 finaliser) to make seeds 1, 2, 3 ... look unrelated.
    let h = (seed >>> 0) ^ 0x9e3779b9;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    this.state = (h ^ (h >>> 16)) >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new Error('cannot pick from an empty list');
    return item;
  }

  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += String(this.int(0, 9));
    return out;
  }

  hex(length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += this.int(0, 15).toString(16);
    return out;
  }

  /** A version-4-shaped UUID, so seeded ids look like the runtime ones from randomUUID(). */
  uuid(): string {
    const h = this.hex(32);
    const variant = this.pick(['8', '9', 'a', 'b']);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}
