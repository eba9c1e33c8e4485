/**
 * A build's modules are checked a few at a time (their asynchronous
 * resolutions asked together) and answered in the modules' order: the
 * build's errors and warnings keep the order of its module list, and a
 * check that fails fails the build at its turn, never as an unhandled
 * rejection. Run ahead (esbuild's checks in a worker), the checks answered
 * at once take no place among those waited for, and the build's thread
 * still takes turns of its event loop while it works through them.
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
    for (const runAhead of [false, true]) await failsAtItsTurn(check, runAhead);
  });
});

/** Item 2's check fails while item 0 is still awaited: the iteration fails at item 2's turn, after 0 and 1. */
async function failsAtItsTurn(check: (item: number) => number | Promise<number>, runAhead: boolean): Promise<void> {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on("unhandledRejection", onUnhandled);
  try {
    const seen: number[] = [];
    await expect(
      (async () => {
        const slowFirst = (value: number) => (value === 0 ? tick(10).then(() => 0) : check(value));
        for await (const [item] of checkedInOrder([0, 1, 2, 3], slowFirst, 4, runAhead)) seen.push(item);
      })(),
    ).rejects.toThrow("resolver gone");
    expect(seen).toEqual([0, 1]);
    await tick(5);
    expect(unhandled).toEqual([]);
  } finally {
    process.off("unhandledRejection", onUnhandled);
  }
}

describe("run ahead", () => {
  /** One check that waits (item 0, answered after `answer` is called), then `count` answered at once. */
  function oneWaitingThenAtOnce(count: number) {
    let answer: (value: number) => void = () => undefined;
    const first = new Promise<number>((done) => (answer = done));
    const calls: number[] = [];
    const check = (item: number): number | Promise<number> => {
      calls.push(item);
      return item === 0 ? first : item;
    };
    return { items: [...Array(count + 1).keys()], check, calls, answer: () => answer(0) };
  }

  test.each([
    [true, 41],
    [false, 2],
  ])("run ahead %s: %i checks called before the first waited-for check answers", async (runAhead, called) => {
    const { items, check, calls, answer } = oneWaitingThenAtOnce(40);
    const answers = collect(checkedInOrder(items, check, 2, runAhead));
    await tick(5);
    expect(calls).toHaveLength(called);
    answer();
    expect(await answers).toEqual(items.map((item) => [item, item]));
  });

  test("answers keep the items' order, checks that wait mixed with checks answered at once", async () => {
    const items = [...Array(30).keys()];
    const check = (item: number) => (item % 3 === 0 ? tick((30 - item) % 7).then(() => item * 2) : item * 2);
    expect(await collect(checkedInOrder(items, check, 2, true))).toEqual(items.map((item) => [item, item * 2]));
  });

  test.each([1, 2, 4])("no more than %i checks that wait are under way at once", async (width) => {
    let running = 0;
    let most = 0;
    const check = (item: number): number | Promise<number> => {
      if (item % 2 === 1) return item;
      running++;
      most = Math.max(most, running);
      return tick(2).then(() => (running--, item));
    };
    const answers = await collect(checkedInOrder([...Array(16).keys()], check, width, true));
    expect(answers.map(([item]) => item)).toEqual([...Array(16).keys()]);
    expect(most).toBe(width);
  });

  test("working through checks answered at once, the thread still takes turns of its event loop", async () => {
    const { items, check, calls, answer } = oneWaitingThenAtOnce(200);
    let calledAtFirstTurn: number | undefined;
    setImmediate(() => (calledAtFirstTurn = calls.length));
    const answers = collect(checkedInOrder(items, check, 2, true));
    await tick(5);
    answer();
    await answers;
    expect(calledAtFirstTurn).toBeGreaterThan(1);
    expect(calledAtFirstTurn).toBeLessThan(201);
  });
});
