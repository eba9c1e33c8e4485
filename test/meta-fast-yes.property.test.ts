import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { surelyMetaValid } from "../src/validation/json-schema/meta-fast-yes.js";
import { compiledMetaSchema, schemaFaults } from "../src/validation/json-schema/meta-schema.js";

/**
 * The meta-schema check's fast yes answers common subschema copies without
 * the validator: its yes must always be the validator's yes against the
 * 2020-12 meta-schema, and it must say yes to the schemas people write.
 */

const number = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 12 },
  fc.integer({ min: -3, max: 3 }),
  fc.double({ min: -3, max: 3 }),
  fc.constantFrom(Infinity, -Infinity, Number.NaN, 1e21),
);
const wrong = fc.oneof(fc.constantFrom("1", "strng", "", null, [], {}, [1], true, false, "a\\Z", "(", "[", "\\p{L}", "^[a-z]+$"), number);
/** Each keyword with a value of the right kind or of a wrong one. */
const keyword = <T>(right: fc.Arbitrary<T>) => fc.oneof({ arbitrary: right, weight: 12 }, { arbitrary: wrong, weight: 1 });
const typeName = fc.oneof(
  { arbitrary: fc.constantFrom("array", "boolean", "integer", "null", "number", "object", "string"), weight: 12 },
  { arbitrary: fc.constantFrom("strng", "Integer", "int"), weight: 1 },
);
const subschema = fc.oneof({ arbitrary: fc.boolean(), weight: 12 }, fc.constant({}), fc.constant({ type: "string" }));

const copy = fc.record(
  {
    type: keyword(fc.oneof(typeName, fc.array(typeName, { maxLength: 3 }))),
    enum: keyword(fc.array(fc.oneof(fc.string({ maxLength: 2 }), number), { maxLength: 3 })),
    const: wrong,
    multipleOf: keyword(number),
    minimum: keyword(number),
    exclusiveMaximum: keyword(number),
    minLength: keyword(number),
    maxItems: keyword(number),
    pattern: keyword(
      fc.oneof(
        { arbitrary: fc.constantFrom("^a", "\\p{L}+", "x{2}", "\\Za"), weight: 6 },
        fc.constantFrom("a\\Z", "(", "[a-", "\\p{Nope}"),
      ),
    ),
    required: keyword(
      fc.oneof(
        { arbitrary: fc.uniqueArray(fc.constantFrom("a", "b", "__proto__"), { maxLength: 3 }), weight: 6 },
        fc.array(fc.constantFrom("a", 1), { maxLength: 3 }),
      ),
    ),
    format: keyword(fc.constantFrom("date", "email")),
    description: keyword(fc.string({ maxLength: 3 })),
    uniqueItems: keyword(fc.boolean()),
    examples: keyword(fc.array(fc.integer(), { maxLength: 2 })),
    items: keyword(subschema),
    additionalProperties: keyword(subschema),
    anyOf: keyword(fc.array(subschema, { maxLength: 2, minLength: 1 })),
    properties: keyword(fc.dictionary(fc.constantFrom("a", "b", "__proto__"), subschema, { maxKeys: 2 })),
    patternProperties: keyword(
      fc.dictionary(fc.oneof({ arbitrary: fc.constantFrom("^a", "b+"), weight: 6 }, fc.constantFrom("(", "a\\Z")), subschema, {
        maxKeys: 2,
      }),
    ),
  },
  { requiredKeys: [] },
);
/** Now and then a reference or a keyword the fast yes does not know. */
const candidateCopy = fc.oneof(
  { arbitrary: copy, weight: 8 },
  fc
    .tuple(
      copy,
      fc.constantFrom<[string, unknown]>(["$ref", "#"], ["$ref", "#/$defs/x"], ["unknownKeyword", 1], ["dependentRequired", { a: ["b"] }]),
    )
    .map(([base, [key, value]]) => ({ ...base, [key]: value })),
);

describe("the meta-schema check's fast yes agrees with the validator", () => {
  test("its yes is always the validator's yes", () => {
    const meta = compiledMetaSchema();
    let yes = 0;
    fc.assert(
      fc.property(candidateCopy, (candidate) => {
        if (!surelyMetaValid(candidate)) return;
        yes++;
        expect(meta.accepts(candidate)).toBe(true);
      }),
      { numRuns: 10_000 },
    );
    // The property is only worth something if the fast yes answers many of the cases (about 4 % of them).
    expect(yes).toBeGreaterThan(200);
  });

  test.each([
    [{ type: "string", description: "Name", minLength: 1, maxLength: 200 }],
    [{ type: ["string", "null"], enum: ["a", null], default: "a" }],
    [{ type: "integer", minimum: 0, maximum: 5, multipleOf: 1 }],
    [{ type: "array", items: true, minItems: 1, uniqueItems: true }],
    [{ type: "object", properties: { id: true, __proto__: true }, required: ["id"], additionalProperties: false }],
    [{ type: "string", format: "email", pattern: "^[^@]+@[^@]+$", examples: ["a@b.c"] }],
    [{ anyOf: [true, true], not: true, $comment: "why" }],
    [true],
    [{}],
  ])("it says yes, without the validator, to %j", (schema) => {
    expect(surelyMetaValid(schema)).toBe(true);
  });

  test.each([
    [{ type: "strng" }, "type"],
    [{ minimum: "1" }, "minimum"],
    [{ pattern: "(" }, "pattern"],
    [{ minLength: -1 }, "minLength"],
    [{ required: ["a", "a"] }, "required"],
  ])("it leaves %j to the validator, which still names the fault at %s", (schema, key) => {
    expect(surelyMetaValid(schema)).toBe(false);
    expect(schemaFaults(schema).map((fault) => fault.key)).toContain(key);
  });
});
