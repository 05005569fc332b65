/**
 * A line cut to at most `max` characters by dropping its middle. A finding reads "<where>: <what was
 * wrong>", the deciding words last ("expected status 200, got 503 …", a counter-example's seed and path),
 * so a long query or a long generated value loses its middle, never the end that says why. The cut falls
 * between words and path segments, never inside an id, so what is shown of an id is the whole of it.
 */
export function shortened(line: string, max: number): string {
  if (line.length <= max) return line;
  const headMax = Math.floor((max - 1) / 3);
  const tailMax = max - 1 - headMax;
  // A separator is anything an id is not made of: the cut keeps the separator beside the part it ends.
  const head = lastSeparatorAtOrBefore(line, headMax) ?? headMax;
  const tailStart = firstSeparatorAtOrAfter(line, line.length - tailMax) ?? line.length - tailMax;
  return `${line.slice(0, head)}…${line.slice(tailStart)}`;
}

const separator = /[^A-Za-z0-9_.~%-]/;

/** The end of the longest head of at most `max` characters that ends on a separator; none near the start. */
function lastSeparatorAtOrBefore(line: string, max: number): number | undefined {
  for (let i = max; i > max / 2; i--) if (separator.test(line[i - 1] ?? '')) return i;
  return undefined;
}

/** The start of the longest tail within `from` that begins on a separator; none near the end. */
function firstSeparatorAtOrAfter(line: string, from: number): number | undefined {
  const limit = from + (line.length - from) / 2;
  for (let i = from; i < limit; i++) if (separator.test(line[i] ?? '')) return i;
  return undefined;
}
