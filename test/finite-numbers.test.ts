/**
 * A property value holding a non-finite number anywhere (`JSON.parse("1e400")`
 * is `Infinity`) is refused, however it is nested, however large, cyclic or
 * hostile the data around it: the allocation-free check and the cycle-safe
 * walk it hands large data to must agree.
 */
import { describe, expect, test } from "vitest";
import { compileSchema } from "../src/validation/json-schema/validator.js";

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { k: value } : [value];
  return value;
}

function wide(size: number, last: unknown): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (let i = 0; i < size; i++) value[`k${i}`] = { n: i };
  value.last = last;
  return value;
}

/** An object shared twice at each of `levels` levels: 2^levels paths to its leaf. */
function shared(levels: number, leaf: unknown): unknown {
  let value: unknown = { n: leaf };
  for (let i = 0; i < levels; i++) value = { a: value, b: value };
  return value;
}

function cyclic(leaf: unknown): Record<string, unknown> {
  const value: Record<string, unknown> = { a: 1 };
  value.self = value;
  value.b = { back: value, n: leaf };
  return value;
}

/** [case, value, whether every number in it is finite]. */
const CASES: readonly (readonly [string, () => unknown, boolean])[] = [
  ["a finite number", () => 1.5, true],
  ["Infinity", () => Infinity, false],
  ["NaN in an array", () => [1, Number.NaN], false],
  ["finite, nested 10 deep", () => nested(10, 1), true],
  ["-Infinity nested 10 deep", () => nested(10, -Infinity), false],
  ["finite, nested 100 deep (past the fast check's depth)", () => nested(100, 1), true],
  ["Infinity nested 100 deep", () => nested(100, Infinity), false],
  ["finite, 5,000 places", () => wide(5_000, 1), true],
  ["Infinity after 5,000 places", () => wide(5_000, Infinity), false],
  ["finite, one object shared down 2^25 paths (past the fast check's budget)", () => shared(25, 1), true],
  ["NaN in an object shared down 2^25 paths", () => shared(25, Number.NaN), false],
  ["finite and cyclic", () => cyclic(2), true],
  ["NaN in cyclic data", () => cyclic(Number.NaN), false],
  [
    "a throwing getter beside NaN",
    () => ({
      get boom() {
        throw new Error("no");
      },
      n: Number.NaN,
    }),
    false,
  ],
  ["an inherited Infinity is not the data's", () => Object.create({ n: Infinity }) as object, true],
];

describe("no non-finite number passes the value check, wherever it is", () => {
  const anything = compileSchema({});
  test.each(CASES)("%s", (_, value, finite) => {
    expect(anything.accepts(value())).toBe(finite);
    if (!finite) expect(anything.failures(value()).named[0]).toMatchObject({ keyword: "type", rule: "number" });
  });
});
