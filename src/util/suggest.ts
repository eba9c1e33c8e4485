/**
 * "Did you mean": the closest known word to a misspelling, or `undefined`
 * when none is close enough to be a useful guess.
 *
 * Close means equal once case, `_` and `-` are ignored (`required_one_of` →
 * `requiredOneOf`), or within an edit distance of a third of the word
 * (at least one, at most three edits).
 */
export function closest(word: string, known: readonly string[]): string | undefined {
  const normal = normalize(word);
  const normals = known.map(normalize);
  const sameLetters = normals.indexOf(normal);
  if (sameLetters !== -1) return known[sameLetters];
  const budget = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (let index = 0; index < known.length; index++) {
    const distance = editDistance(normal, normals[index]!, bestDistance);
    if (distance < bestDistance) {
      best = known[index];
      bestDistance = distance;
    }
  }
  return best;
}

function normalize(word: string): string {
  const lower = word.toLowerCase();
  return lower.includes("_") || lower.includes("-") ? lower.replace(/[_-]/g, "") : lower;
}

/** The longest word compared; longer ones are never "close" (and would cost quadratic time). */
const MAX_COMPARED = 64;

// Three rows of the distance matrix, reused by every comparison: refusing data names a guess per unknown key.
const rows = [new Uint8Array(MAX_COMPARED + 1), new Uint8Array(MAX_COMPARED + 1), new Uint8Array(MAX_COMPARED + 1)] as const;

/** Optimal-string-alignment distance, giving up once it exceeds `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a.length > MAX_COMPARED || b.length > MAX_COMPARED) return limit + 1;
  let [previousPrevious, previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, previousPrevious[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    [previousPrevious, previous, current] = [previous, current, previousPrevious];
  }
  return previous[b.length]!;
}

/** ` (did you mean "create"?)` when a known word is close, else nothing: for messages. */
export function didYouMean(word: string, known: readonly string[]): string {
  const guess = closest(word, known);
  return guess === undefined ? "" : ` (did you mean ${JSON.stringify(guess)}?)`;
}
