/** Month arithmetic on `YYYY-MM` strings, all in UTC. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function monthOf(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

function toIndex(month: string): number {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

function fromIndex(index: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function addMonths(month: string, delta: number): string {
  return fromIndex(toIndex(month) + delta);
}

/** Negative when a is before b. */
export function compareMonths(a: string, b: string): number {
  return toIndex(a) - toIndex(b);
}

/** Every month from `from` to `to`, both included, ascending. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let i = toIndex(from); i <= toIndex(to); i += 1) out.push(fromIndex(i));
  return out;
}
