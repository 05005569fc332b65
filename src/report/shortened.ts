/**
 * A line cut to `max` characters by dropping its middle. A finding reads "<where>: <what was wrong>", the
 * deciding words last ("expected status 200, got 503 …", a counter-example's seed and path), so a long
 * query or a long generated value loses its middle, never the end that says why.
 */
export function shortened(line: string, max: number): string {
  if (line.length <= max) return line;
  const head = Math.floor((max - 1) / 3);
  return `${line.slice(0, head)}…${line.slice(line.length - (max - 1 - head))}`;
}
