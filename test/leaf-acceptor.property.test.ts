import { validate } from "@cfworker/json-schema";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compileLeaf, LEAF_KEYWORDS } from "../src/validation/json-schema/leaf-acceptor.js";

/**
 * The leaf fast yes answers simple assertions without the validator; a yes
 * from it must be the validator's yes, and on the values a call carries it
 * must agree exactly (a "look closer" on valid data would cost the full
 * validation of every clean call).
 */

const TYPES = ["string", "number", "integer", "boolean", "null", "array", "object"] as const;
const smallNumber = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ min: -5, max: 5, noNaN: true }));
const primitive = fc.oneof(fc.string({ maxLength: 4, unit: "binary" }), smallNumber, fc.boolean(), fc.constant(null));

const leafSchema = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...TYPES), fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 })),
    enum: fc.array(fc.oneof(primitive, fc.constant([1]), fc.constant({ a: 1 })), { minLength: 1, maxLength: 4 }),
    const: fc.oneof(primitive, fc.constant({ a: 1 })),
    required: fc.uniqueArray(fc.constantFrom("a", "b", "__proto__"), { maxLength: 2 }),
    minimum: smallNumber,
    maximum: smallNumber,
    exclusiveMinimum: smallNumber,
    exclusiveMaximum: smallNumber,
    minLength: fc.nat(4),
    maxLength: fc.nat(4),
    minItems: fc.nat(3),
    maxItems: fc.nat(3),
    uniqueItems: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** Values of every JSON type, strings with surrogate pairs and lone surrogates among them. */
const value = fc.oneof(
  primitive,
  fc.string({ maxLength: 6, unit: fc.constantFrom("a", "é", "😀", "\ud800", "\udc00") }),
  fc.array(primitive, { maxLength: 4 }),
  // Arrays whose items repeat, as values or as objects with their keys in another order.
  fc.array(fc.constantFrom(1, -0, 0, "1", true, null, [1], [1, 2], [2, 1], { a: 1, b: 2 }, { b: 2, a: 1 }, { a: [1] }), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom("a", "b", "c"), primitive, { maxKeys: 3 }),
  fc.constant([1]),
  fc.constant({ a: 1 }),
  fc.constant(JSON.parse('{"__proto__": 1}') as unknown),
);

describe("the leaf fast yes agrees with the validator", () => {
  test("its yes is always the validator's yes", () => {
    fc.assert(
      fc.property(leafSchema, value, (schema, candidate) => {
        const leaf = compileLeaf(schema);
        expect(leaf).toBeDefined();
        if (leaf!(candidate)) expect(validate(candidate, schema, "2020-12").valid).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  test("with primitive enum and const members it answers exactly the validator's verdict", () => {
    const primitiveOnly = leafSchema.filter(
      (schema) =>
        (schema.enum ?? []).every((member) => typeof member !== "object" || member === null) &&
        (typeof schema.const !== "object" || schema.const === null),
    );
    fc.assert(
      fc.property(primitiveOnly, value, (schema, candidate) => {
        expect(compileLeaf(schema)!(candidate)).toBe(validate(candidate, schema, "2020-12").valid);
      }),
      { numRuns: 5000 },
    );
  });

  test.each([
    ["pattern", { type: "string", pattern: "^a" }],
    ["multipleOf", { multipleOf: 2 }],
    ["anyOf", { anyOf: [{ type: "string" }] }],
    ["format", { format: "email" }],
  ])("a schema with %s is left to the validator", (_keyword, schema) => {
    expect(compileLeaf(schema)).toBeUndefined();
  });

  test("it handles no keyword outside its list", () => {
    expect([...LEAF_KEYWORDS].sort()).toEqual([
      "const",
      "enum",
      "exclusiveMaximum",
      "exclusiveMinimum",
      "maxItems",
      "maxLength",
      "maximum",
      "minItems",
      "minLength",
      "minimum",
      "required",
      "type",
      "uniqueItems",
    ]);
  });

  test("values JSON cannot carry are left to the validator", () => {
    const leaf = compileLeaf({ type: "number" })!;
    expect(leaf(undefined)).toBe(false);
    expect(leaf(10n)).toBe(false);
  });
});

describe("uniqueItems in one pass", () => {
  test("a long array of distinct items is answered without comparing every pair", () => {
    const leaf = compileLeaf({ type: "array", uniqueItems: true })!;
    const items = Array.from({ length: 50_000 }, (_, index) => (index % 2 === 0 ? index : { id: index, tags: [index] }));
    expect(leaf(items)).toBe(true);
    expect(leaf([...items, { tags: [5], id: 5 }])).toBe(false);
  });
});
