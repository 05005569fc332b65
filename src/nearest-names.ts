/** Edit distance with a swap of two neighbours counted as one edit: `--max-rsp` is one from `--max-rps`. */
function editDistance(a: string, b: string): number {
  const width = b.length + 1;
  // d[i * width + j]: the distance between the first i characters of a and the first j of b.
  const d = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => d[i * width + j] ?? 0;
  for (let i = 0; i <= a.length; i++) d[i * width] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * width + j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The names a mistyped one was probably meant to be (a flag, a profile field): the nearest within two
 * edits, case aside, else those it begins.
 */
export function nearestNames(name: string, known: string[]): string[] {
  const typed = name.toLowerCase();
  const distances = known.map((candidate) => ({
    candidate,
    distance: editDistance(typed, candidate.toLowerCase()),
  }));
  const best = Math.min(...distances.map((d) => d.distance));
  if (best <= 2) return distances.filter((d) => d.distance === best).map((d) => d.candidate);
  return typed.length >= 3 ? known.filter((candidate) => candidate.toLowerCase().startsWith(typed)) : [];
}
