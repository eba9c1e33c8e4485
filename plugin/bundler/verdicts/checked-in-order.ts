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

/**
 * Each item with what `check` answers for it, in the items' order, with up
 * to `width` checks started ahead of the one answered. A check that fails
 * fails the iteration when its turn comes (never as an unhandled rejection
 * while an earlier one is awaited).
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
): AsyncGenerator<readonly [T, R]> {
  const started: (readonly [T, Promise<R>])[] = [];
  const start = (item: T) => {
    const answer = new Promise<R>((resolve) => resolve(check(item)));
    // Awaited in turn below; until then its failure must not count as unhandled.
    answer.catch(() => undefined);
    started.push([item, answer]);
  };
  for (const item of items) {
    start(item);
    if (started.length < width) continue;
    const oldest = started.shift();
    if (oldest !== undefined) yield [oldest[0], await oldest[1]];
  }
  for (const [item, answer] of started) yield [item, await answer];
}
