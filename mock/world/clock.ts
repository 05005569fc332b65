/** The world's "now": every timestamp is at or before it, and its month is the current month. */
export const worldNow = '2026-11-27T09:30:00Z';
export const worldCurrentMonth = '2026-11';
/** Months of transaction history up to and including the current month. */
export const historyMonths = 14;

export const now = Date.parse(worldNow);
export const day = 86_400_000;
const [nowYear, nowMonth] = worldCurrentMonth.split('-').map(Number) as [number, number];

/** Start of the month `offset` months before the current one (0 = current). */
export function monthStart(offset: number): number {
  return Date.UTC(nowYear, nowMonth - 1 - offset, 1);
}

/** ISO 8601 in UTC without milliseconds: 2026-11-27T09:30:00Z. */
export function iso(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}
