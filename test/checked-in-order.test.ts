/**
 * A build's modules are checked a few at a time (their asynchronous
 * resolutions asked together) and answered in the modules' order: the
 * build's errors and warnings keep the order of its module list, and a
 * check that fails fails the build at its turn, never as an unhandled
 * rejection.
 */
import { describe, expect, test } from "vitest";
import { checkedInOrder } from "../plugin/bundler/verdicts/checked-in-order.js";

const tick = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function collect<T, R>(iterable: AsyncIterable<readonly [T, R]>): Promise<(readonly [T, R])[]> {
  const answers: (readonly [T, R])[] = [];
  for await (const answer of iterable) answers.push(answer);
  return answers;
}

describe("checked in order", () => {
  test("answers come in the items' order, whatever order the checks finish in", async () => {
    const items = [5, 1, 4, 2, 3];
    const answers = await collect(checkedInOrder(items, async (item) => (await tick(item * 3), item * 10), 3));
    expect(answers).toEqual(items.map((item) => [item, item * 10]));
  });

  test.each([1, 2, 8])("no more than %i checks are under way at once, and they overlap up to that", async (width) => {
    let running = 0;
    let most = 0;
    const check = async (item: number) => {
      running++;
      most = Math.max(most, running);
      await tick(2);
      running--;
      return item;
    };
    const answers = await collect(checkedInOrder([...Array(12).keys()], check, width));
    expect(answers.map(([item]) => item)).toEqual([...Array(12).keys()]);
    expect(most).toBe(width);
  });

  test("synchronous answers (a kept verdict) pass through", async () => {
    expect(await collect(checkedInOrder(["a", "b"], (item) => item.toUpperCase()))).toEqual([
      ["a", "A"],
      ["b", "B"],
    ]);
  });

  test.each([
    ["rejects", async (item: number) => (item === 2 ? Promise.reject(new Error("resolver gone")) : item)],
    [
      "throws",
      (item: number) => {
        if (item === 2) throw new Error("resolver gone");
        return item;
      },
    ],
  ])("a check that %s fails the iteration at its turn, after the answers before it, with no unhandled rejection", async (_, check) => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const seen: number[] = [];
      await expect(
        (async () => {
          // Item 2 fails while item 0 is still awaited: its failure waits for its turn.
          for await (const [item] of checkedInOrder([0, 1, 2, 3], async (value) => (value === 0 ? (await tick(10), 0) : check(value)), 4))
            seen.push(item);
        })(),
      ).rejects.toThrow("resolver gone");
      expect(seen).toEqual([0, 1]);
      await tick(5);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
