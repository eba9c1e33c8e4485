/**
 * The size bound on author data: shared parts counted at every place, a
 * cycle counted once, and a hostile Proxy anywhere in the value read without
 * calling its traps beyond what reading its keys does — a throwing trap ends
 * that part's count, never the check.
 */
import { expect, test } from "vitest";
import { exceedsSize } from "../src/util/value-size.js";

const hostile = () =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error("trap");
      },
      ownKeys: () => {
        throw new Error("trap");
      },
      getPrototypeOf: () => {
        throw new Error("trap");
      },
    },
  );

test.each([
  ["a small object", { a: [1, 2, "three"] }, 100, false],
  ["a string counted by its characters", "x".repeat(200), 100, true],
  [
    "an array shared forty levels deep",
    (() => {
      let w: unknown = "x";
      for (let level = 0; level < 40; level++) w = [w, w];
      return w;
    })(),
    2 ** 16,
    true,
  ],
  [
    "a cycle, counted once",
    (() => {
      const o: Record<string, unknown> = { a: 1 };
      o.self = o;
      return o;
    })(),
    100,
    false,
  ],
  ["a hostile Proxy, at the top", hostile(), 100, false],
  ["a hostile Proxy inside", { a: [hostile(), { b: hostile() }] }, 100, false],
])("%s", (_, value, limit, exceeds) => {
  expect(exceedsSize(value, limit)).toBe(exceeds);
});
