import type { Rng } from '../util/prng.ts';

/**
 * Our own identifier formats (the spec only says identifiers are strings).
 * A path id that does not fit its pattern is answered 400, a well-formed but
 * unknown one 404.
 */
export const ID_PATTERNS = {
  user: /^usr_[0-9a-z]{10}$/,
  connection: /^\d{8}$/,
  account: /^acc_[0-9a-z]{8}$/,
  job: /^job_[0-9a-z]{12}$/,
  affordability: /^aff_[0-9a-z]{8}$/,
  expenses: /^exp_[0-9a-z]{8}$/,
  institution: /^ins-[a-z]{2}-\d{3}$/,
} as const;

export type IdKind = Exclude<keyof typeof ID_PATTERNS, 'institution'>;

export class IdFactory {
  private readonly used = new Set<string>();
  constructor(private readonly rng: Rng) {}

  next(kind: IdKind): string {
    for (;;) {
      const id = this.draw(kind);
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }

  private draw(kind: IdKind): string {
    switch (kind) {
      case 'user':
        return `usr_${this.rng.token(10)}`;
      case 'connection':
        return this.rng.token(8, '0123456789');
      case 'account':
        return `acc_${this.rng.token(8)}`;
      case 'job':
        return `job_${this.rng.token(12)}`;
      case 'affordability':
        return `aff_${this.rng.token(8)}`;
      case 'expenses':
        return `exp_${this.rng.token(8)}`;
    }
  }
}
