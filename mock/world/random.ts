import type { Faker } from '@faker-js/faker';
import { day, now } from './clock.ts';

/**
 * Every random choice goes through the seeded faker, never Math.random or the clock. The world is the
 * sequence of draws: a step that draws in another order, or one more time, gives another world.
 */
export class Random {
  constructor(readonly faker: Faker) {}

  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  pick<T>(items: readonly T[]): T {
    return this.faker.helpers.arrayElement(items);
  }

  some<T>(items: readonly T[], count: number): T[] {
    return this.faker.helpers.arrayElements(items, count);
  }

  chance(probability: number): boolean {
    return this.faker.datatype.boolean({ probability });
  }

  weighted<T>(items: readonly { weight: number; value: T }[]): T {
    return this.faker.helpers.weightedArrayElement(items);
  }

  uuid(): string {
    return this.faker.string.uuid();
  }

  digits(length: number): string {
    return this.faker.string.numeric({ length, allowLeadingZeros: true });
  }

  /** A whole-second instant in [from, to]. */
  instant(from: number, to: number): number {
    return from + this.int(0, Math.max(0, Math.floor((to - from) / 1000))) * 1000;
  }

  /** A whole-second instant on the day starting at dayStart, not after now; null when the day is to come. */
  onDay(dayStart: number): number | null {
    if (dayStart > now) return null;
    return this.instant(dayStart, Math.min(dayStart + day - 1000, now));
  }
}
