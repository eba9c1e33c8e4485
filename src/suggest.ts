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
  const sameLetters = known.find((candidate) => normalize(candidate) === normal);
  if (sameLetters !== undefined) return sameLetters;
  const budget = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (const candidate of known) {
    const distance = editDistance(normal, normalize(candidate), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function normalize(word: string): string {
  return word.toLowerCase().replace(/[_-]/g, "");
}

/** Optimal-string-alignment distance, giving up once it exceeds `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a.length > 64 || b.length > 64) return limit + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, previousPrevious[j - 2]! + 1);
      }
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** ` (did you mean "create"?)` when a known word is close, else nothing: for messages. */
export function didYouMean(word: string, known: readonly string[]): string {
  const guess = closest(word, known);
  return guess === undefined ? "" : ` (did you mean ${JSON.stringify(guess)}?)`;
}
