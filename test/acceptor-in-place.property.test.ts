import { validate } from "@cfworker/json-schema";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { entry, nestedValues, primitive, smallNumber, TYPES } from "./support/json-arbitraries.js";
import { compileSchema } from "../src/validation/json-schema/validator.js";

/**
 * A property schema from a pristine copy is compiled in place: its fast yes
 * reads the schema where it is and shapes only what it hands the validator,
 * when it first does. It must answer every value as the compiled shaped copy
 * does (and as the validator does), and name the same failures.
 */

/** Schemas of a few keywords each: the walked applicators, leaf assertions, and keywords the fast yes hands the validator. */
const schema: fc.Memo<Record<string, unknown>> = fc.memo((depth) => {
  const inner = depth <= 1 ? fc.constant<Record<string, unknown>>({ type: "string" }) : schema(depth - 1);
  return fc
    .array(
      fc.oneof(
        entry("type", fc.oneof(fc.constantFrom(...TYPES), fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 2 }))),
        entry("enum", fc.array(primitive, { minLength: 1, maxLength: 3 })),
        entry("minimum", smallNumber),
        entry("maxLength", fc.nat(3)),
        entry("required", fc.uniqueArray(fc.constantFrom("a", "b"), { maxLength: 2 })),
        entry("pattern", fc.constantFrom("^a", "b$")),
        entry("format", fc.constantFrom("email", "date")),
        entry("multipleOf", fc.constantFrom(1, 2)),
        entry("uniqueItems", fc.boolean()),
        entry("readOnly", fc.boolean()),
        entry("description", fc.string({ maxLength: 2 })),
        entry("properties", fc.dictionary(fc.constantFrom("a", "b", "c"), inner, { maxKeys: 2 })),
        entry("items", inner),
        entry("additionalProperties", fc.oneof(fc.boolean(), inner)),
        entry("anyOf", fc.array(inner, { minLength: 1, maxLength: 2 })),
        entry("patternProperties", fc.dictionary(fc.constantFrom("^a", "^z"), inner, { maxKeys: 1 })),
      ),
      { maxLength: 4 },
    )
    .map((entries) => Object.fromEntries(entries));
});

const value = nestedValues({ items: 3, keys: ["a", "b", "c", "zz"], maxKeys: 3 });

describe("a pristine property schema compiled in place answers as its shaped copy does", () => {
  test("the same verdict, the validator's, and the same failures", () => {
    fc.assert(
      fc.property(schema(3), fc.array(value(3), { minLength: 1, maxLength: 4 }), (generated, candidates) => {
        // A pristine copy is plain JSON data with Object.prototype (fast-check builds some maps without one).
        const property = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
        const inPlace = compileSchema(property, { references: false, pristine: true });
        const shaped = compileSchema(property, { references: false });
        for (const candidate of candidates) {
          const data = JSON.parse(JSON.stringify(candidate)) as unknown;
          expect(inPlace.accepts(data)).toBe(shaped.accepts(data));
          expect(inPlace.accepts(data)).toBe(validate(data, property, "2020-12").valid);
          expect(inPlace.failures(data)).toEqual(shaped.failures(data));
        }
      }),
      { numRuns: 1500 },
    );
  });

  test("the schema is read where it is, and left as it was", () => {
    const property = { type: "object", properties: { a: { type: "string", format: "email" } }, additionalProperties: false };
    const before = JSON.stringify(property);
    const compiled = compileSchema(property, { references: false, pristine: true });
    expect(compiled.accepts({ a: "x@y.z" })).toBe(true);
    expect(compiled.accepts({ a: "nope" })).toBe(false);
    expect(compiled.accepts({ b: 1 })).toBe(false);
    expect(JSON.stringify(property)).toBe(before);
  });
});

describe("a schema that references its $defs (recursively too) answers as the validator does", () => {
  const REF = { $ref: "#/$defs/n" };
  const withRefs: fc.Memo<Record<string, unknown>> = fc.memo((depth) => {
    const inner = depth <= 1 ? fc.constantFrom<Record<string, unknown>>(REF, { type: "string" }) : withRefs(depth - 1);
    return fc.oneof(
      fc.constant(REF),
      schema(2),
      fc
        .record(
          { properties: fc.dictionary(fc.constantFrom("a", "b"), inner, { maxKeys: 2 }), maxProperties: fc.nat(2) },
          { requiredKeys: ["properties"] },
        )
        .map((parts) => ({ type: "object", ...parts })),
      fc.record({ items: inner }).map((parts) => ({ type: "array", ...parts })),
      // A reference beside other assertions: both apply.
      fc.record({ minProperties: fc.nat(2) }).map((parts) => ({ ...REF, ...parts })),
    );
  });

  test("the same verdict as the validator's, and failures only for data it refuses", () => {
    fc.assert(
      fc.property(withRefs(3), withRefs(3), fc.array(value(4), { minLength: 1, maxLength: 4 }), (root, node, candidates) => {
        const property = JSON.parse(JSON.stringify({ ...root, $defs: { n: node } })) as Record<string, unknown>;
        const compiled = compileSchema(property);
        for (const candidate of candidates) {
          const data = JSON.parse(JSON.stringify(candidate)) as unknown;
          // A reference that reaches itself without a step into the data ("n" is { $ref: n }) never ends: refused, not served.
          let expected: boolean;
          try {
            expected = validate(data, JSON.parse(JSON.stringify(property)) as Record<string, unknown>, "2020-12").valid;
          } catch {
            expected = false;
          }
          expect(compiled.accepts(data)).toBe(expected);
          expect(compiled.failures(data).named.length === 0).toBe(expected);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
