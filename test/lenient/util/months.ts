/** Calendar months handled as "YYYY-MM" strings and as a month index (year*12+month0). */
export function monthIndex(month: string): number {
  const year = Number(month.slice(0, 4));
  const mon = Number(month.slice(5, 7));
  return year * 12 + (mon - 1);
}

export function monthString(index: number): string {
  const year = Math.floor(index / 12);
  const mon = (index % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(mon).padStart(2, '0')}`;
}

export function monthOfDate(date: Date): string {
  return monthString(date.getUTCFullYear() * 12 + date.getUTCMonth());
}

/** Accepts "YYYY-MM" and, leniently, a one-digit month ("2024-5"); returns the canonical form or null. */
export function parseMonth(value: string): string | null {
  const match = /^\s*(\d{4})-(\d{1,2})\s*$/.exec(value);
  if (!match) return null;
  const mon = Number(match[2]);
  if (mon < 1 || mon > 12) return null;
  return `${match[1] ?? ''}-${String(mon).padStart(2, '0')}`;
}
