/**
 * The verdicts of a build's modules, a few checks at a time, answered in the
 * modules' order. A bundler that resolves asynchronously (Rolldown's
 * `this.resolve`, webpack's and Rspack's resolver) answers each check's
 * imports in a round trip; checked one after another, a build waited for
 * each module's rounds in turn. Checks side by side share the build's
 * resolution table, so their rounds are asked together.
 */

/** How many checks are under way at once: enough for their rounds to be asked together, few enough for their trees to stay cached. */
export const CHECKS_AT_ONCE = 8;

/** Checks answered at once, run ahead, between two turns of the event loop: the build's thread still hears its workers. */
const AHEAD_PER_TURN = 32;

/**
 * Each item with what `check` answers for it, in the items' order, with up
 * to `width` checks started ahead of the one answered. A check that fails
 * fails the iteration when its turn comes (never as an unhandled rejection
 * while an earlier one is awaited).
 *
 * `runAhead`: a check answered at once (a kept verdict, a wymcp-free module)
 * takes no place among the `width`, so the build's thread works through
 * such modules while the checks it waits for run in a worker, instead of one
 * each time a worker's outcome frees a place. Only for workers that never
 * ask this thread anything (esbuild's metafile answers them): one waiting for
 * the bundler's resolver through this thread would wait behind the run.
 *
 * @example
 * ```ts
 * for await (const [fileName, verdict] of checkedInOrder(files, (file) => checker.check(file, undefined, resolve))) report(verdict);
 * ```
 */
export async function* checkedInOrder<T, R>(
  items: Iterable<T>,
  check: (item: T) => R | Promise<R>,
  width: number = CHECKS_AT_ONCE,
  runAhead = false,
): AsyncGenerator<readonly [T, R]> {
  const started: { readonly item: T; readonly answer: R | Promise<R>; readonly waits: boolean }[] = [];
  let waiting = 0;
  let aheadThisTurn = 0;
  for (const item of items) {
    const answer = answerOf(check, item);
    const waits = !runAhead || answer instanceof Promise;
    started.push({ item, answer, waits });
    if (waits) waiting++;
    else if (++aheadThisTurn === AHEAD_PER_TURN) {
      aheadThisTurn = 0;
      await new Promise((turn) => setImmediate(turn));
    }
    while (waiting >= width) {
      const oldest = started.shift();
      if (oldest === undefined) break;
      if (oldest.waits) waiting--;
      yield [oldest.item, await oldest.answer];
    }
  }
  for (const { item, answer } of started) yield [item, await answer];
}

/** What `check` answers for `item`; a check that throws answers a rejection, awaited in turn. */
function answerOf<T, R>(check: (item: T) => R | Promise<R>, item: T): R | Promise<R> {
  let answer: R | Promise<R>;
  try {
    answer = check(item);
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the check's own failure, passed on as thrown
    answer = Promise.reject(error);
  }
  // Awaited in turn below; until then its failure must not count as unhandled.
  if (answer instanceof Promise) answer.catch(() => undefined);
  return answer;
}
