/**
 * One property schema per JSON Schema feature the gate supports, and random
 * JSON values to judge against them: the listing property tests of every
 * mode read the same table.
 */
import fc from "fast-check";

/** One property schema per JSON Schema feature the gate supports, each using references the listing re-roots. */
export const FEATURES: Record<string, Record<string, unknown>> = {
  string: { $defs: { s: { type: "string", minLength: 1, maxLength: 3, pattern: "^[a-c]*$" } }, $ref: "#/$defs/s" },
  number: { type: "number", minimum: -1, exclusiveMaximum: 5, multipleOf: 0.5 },
  integer: { type: ["integer", "null"], exclusiveMinimum: 0, maximum: 9 },
  enumConst: { anyOf: [{ enum: ["a", 1, null] }, { const: [1] }] },
  array: { type: "array", items: { $ref: "#/$defs/i" }, $defs: { i: { type: "integer" } }, minItems: 1, maxItems: 3, uniqueItems: true },
  tuple: { type: "array", prefixItems: [{ type: "string" }, { $ref: "#/prefixItems/0" }], items: false },
  contains: { type: "array", contains: { type: "integer", minimum: 5 }, minContains: 1, maxContains: 2 },
  object: {
    type: "object",
    properties: { a: { type: "string" }, b: { $ref: "#/properties/a" } },
    patternProperties: { "^x": { type: "integer" } },
    additionalProperties: { type: "boolean" },
    propertyNames: { maxLength: 3 },
    minProperties: 1,
    maxProperties: 3,
    dependentRequired: { a: ["b"] },
    dependentSchemas: { b: { required: ["a"] } },
  },
  closed: {
    type: "object",
    properties: { k: { type: "integer" }, n: { type: "object", properties: { m: { type: "string" } } } },
    required: ["k"],
  },
  logic: { allOf: [{ type: ["string", "integer"] }], oneOf: [{ type: "integer" }, { minLength: 2 }], not: { const: "no" } },
  conditional: { if: { type: "string" }, then: { maxLength: 2 }, else: { type: "boolean" } },
  unevaluated: { type: "object", allOf: [{ properties: { a: { type: "string" } } }], unevaluatedProperties: false },
  recursive: {
    $ref: "#node",
    $defs: {
      node: { $anchor: "node", type: "object", properties: { v: { type: "integer" }, kids: { type: "array", items: { $ref: "#node" } } } },
    },
  },
  self: { type: "array", items: { anyOf: [{ type: "integer" }, { $ref: "#" }] } },
};

export const values: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<unknown>(null, true, false, 0, 1, 5, 6, 2.5, -1, "", "a", "ab", "abc", "abcd", "no", "x"),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "b", "k", "n", "m", "v", "kids", "x1", "long", "extra"), tie("value"), { maxKeys: 3 }),
  ),
})).value;
