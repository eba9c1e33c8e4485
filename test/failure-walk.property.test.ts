import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { entry, nestedValues, primitive, smallNumber, TYPES } from "./support/json-arbitraries.js";
import { compileSchema } from "../src/validation/json-schema/validator.js";

/**
 * A refused value's failures are found by walking the schema's structure
 * (skipping what the fast yes accepts, counting past the limit without the
 * validator). Whatever the schema, the value and the limit, they must be the
 * failures one validator call over the whole value finds: the same ones
 * named, in the same order, and the same count of the rest.
 */

const schema: fc.Memo<unknown> = fc.memo((depth) => {
  const inner = depth <= 1 ? fc.oneof(fc.constant<unknown>({ type: "string" }), fc.boolean()) : schema(depth - 1);
  return fc.oneof(
    { arbitrary: fc.boolean(), weight: 1 },
    {
      arbitrary: fc
        .array(
          fc.oneof(
            entry("type", fc.oneof(fc.constantFrom(...TYPES), fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 2 }))),
            entry("enum", fc.array(fc.oneof(primitive, fc.constant([1]), fc.constant({ a: 1 })), { minLength: 1, maxLength: 3 })),
            entry("const", fc.oneof(primitive, fc.constant({ a: "x" }))),
            entry("minimum", smallNumber),
            entry("exclusiveMaximum", smallNumber),
            entry("minLength", fc.nat(3)),
            entry("maxLength", fc.nat(3)),
            entry("minItems", fc.nat(2)),
            entry("maxItems", fc.nat(2)),
            entry("required", fc.uniqueArray(fc.constantFrom("a", "b", "c"), { maxLength: 2 })),
            entry("minProperties", fc.nat(2)),
            entry("pattern", fc.constantFrom("^a", "b$")),
            entry("multipleOf", fc.constantFrom(1, 2)),
            entry("uniqueItems", fc.boolean()),
            entry("contains", inner),
            entry("description", fc.string({ maxLength: 2 })),
            entry("properties", fc.dictionary(fc.constantFrom("a", "b", "c", "0"), inner, { maxKeys: 3 })),
            entry("items", inner),
            entry("prefixItems", fc.array(inner, { minLength: 1, maxLength: 2 })),
            entry("additionalProperties", inner),
            entry("patternProperties", fc.dictionary(fc.constantFrom("^a", "^z"), inner, { maxKeys: 1 })),
            entry("anyOf", fc.array(inner, { minLength: 1, maxLength: 2 })),
            entry("allOf", fc.array(inner, { minLength: 1, maxLength: 2 })),
            entry("not", inner),
            entry("if", inner),
            entry("then", inner),
            entry("dependentRequired", fc.constant({ a: ["b"] })),
            entry("propertyNames", fc.constant({ maxLength: 1 })),
            entry("unevaluatedProperties", fc.boolean()),
          ),
          { maxLength: 5 },
        )
        .map((entries) => Object.fromEntries(entries)),
      weight: 6,
    },
  );
});

const value = nestedValues({ items: 5, keys: ["a", "b", "c", "0", "zz"], maxKeys: 4 });

/** The failures of `data` found both ways, the first `limit` named. */
/** The schema compiled both ways, once: the walk keeps what it learns of the schema from one value to the next. */
function bothWays(property: unknown, references = false) {
  const walking = compileSchema(property, { references });
  const whole = compileSchema(property, { references, walked: false });
  return (data: unknown, limit: number) => ({ walked: walking.failures(data, limit), whole: whole.failures(data, limit) });
}

describe("the failures of a refused value, found by the walk, are the whole-value validator call's", () => {
  test("random schemas, values and limits: the same named failures, in order, and the same count", () => {
    fc.assert(
      fc.property(
        schema(3),
        fc.array(value(4), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 6 }),
        (generated, candidates, cap) => {
          const compare = bothWays(JSON.parse(JSON.stringify(generated)) as unknown);
          const limit = cap === 6 ? Number.POSITIVE_INFINITY : cap;
          for (const candidate of candidates) {
            const data = JSON.parse(JSON.stringify(candidate)) as unknown;
            const { walked, whole } = compare(data, limit);
            expect(walked).toEqual(whole);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  // Named cases: each a shape the walk follows or hands off, at a small limit so that counting past it is exercised.
  const CASES: [string, unknown, unknown][] = [
    ["wrong list items, counted past the limit", { type: "array", items: { type: "number", minimum: 0 } }, ["a", -1, 2, "b", -5, 3.5, "c"]],
    [
      "wrong map values",
      { type: "object", additionalProperties: { type: "integer", maximum: 3 } },
      { a: "x", b: 9, c: 1, d: 2.5, e: null },
    ],
    [
      "missing keys counted once per place",
      { type: "array", items: { type: "object", required: ["a", "b"] } },
      [{}, { a: 1 }, {}, {}, { b: 1 }],
    ],
    [
      "a declared key beside undeclared ones",
      { properties: { a: { type: "string" } }, additionalProperties: false },
      { z: 1, a: 2, y: 3, b: 4 },
    ],
    ["strings too short and too long by code points", { items: { minLength: 2, maxLength: 3 } }, ["a", "😀", "😀😀", "abcd", "", "ab"]],
    ["enum and const over objects", { items: { enum: [{ a: 1 }, 2], const: 2 } }, [{ a: 1 }, { a: 2 }, 2, 3, [1]]],
    ["uniqueItems after the items", { type: "array", items: { type: "integer" }, uniqueItems: true }, ["a", 1, 1, "b", 2, 2]],
    ["a reference followed whole", { $defs: { n: { type: "integer" } }, items: { $ref: "#/$defs/n" } }, [1, "a", 2.5, "b", 3]],
    [
      "a tree through a reference",
      { $defs: { node: { properties: { kids: { items: { $ref: "#/$defs/node" } }, v: { type: "integer" } } } }, $ref: "#/$defs/node" },
      { v: "x", kids: [{ v: 1 }, { v: "y", kids: [{ v: 2.5 }] }] },
    ],
    ["nested lists", { items: { items: { type: "boolean" } } }, [[true, 1], "x", [2, 3, false], [null]]],
    ["false items", { items: false }, [1, 2, 3]],
    [
      "an own __proto__ key, as JSON.parse makes it",
      { additionalProperties: { type: "number" } },
      JSON.parse('{"__proto__":"x","a":1,"b":"y"}'),
    ],
  ];

  test.each(CASES)("%s", (_label, property, data) => {
    const compare = bothWays(property, JSON.stringify(property).includes("$ref"));
    for (const limit of [0, 1, 2, 3, Number.POSITIVE_INFINITY]) {
      const { walked, whole } = compare(data, limit);
      expect(walked).toEqual(whole);
      expect(walked.named.length + walked.unnamed).toBeGreaterThan(0);
    }
  });

  test("130,000 wrong items: the first named at their places, every other one counted", () => {
    const compiled = compileSchema({ type: "array", items: { type: "number" } });
    const data = Array.from({ length: 130_000 }, (_, index) => String(index));
    const { named, unnamed } = compiled.failures(data, 50);
    expect(named.map((failure) => failure.path)).toEqual(Array.from({ length: 50 }, (_, index) => [index]));
    expect(named[0]).toMatchObject({ keyword: "type", rule: "number", value: "0" });
    expect(unnamed).toBe(129_950);
  });
});
