import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { OPEN, type Closure } from "../src/validation/closure.js";
import { fastProperties } from "../src/validation/fast-properties.js";
import { walkKeySet } from "../src/validation/key-set.js";
import { checkPropertySchemas } from "../src/validation/property-checks.js";
import { readCopy, readOnce } from "../src/util/read-once.js";
import { isFrozenPristine } from "../src/util/pristine.js";
import { KEYWORD_RULES } from "../src/validation/json-schema/meta-fast-yes.js";
import { SUPPORTED_KEYWORDS } from "../src/validation/json-schema/vocabulary.js";

/**
 * The fast yes of the `properties` validator answers pristine property maps
 * without the key-set walk and the meta-schema check: whenever it answers,
 * those two must find no offence and build the same closure (every Map in
 * the same order, the same patterns, OPEN where they put OPEN) and the same
 * compiled properties, in the same order. And it must answer the schemas
 * people write.
 */

const wrong = fc.constantFrom<unknown>("strng", "", 1, -1, 1.5, null, true, [], {}, ["a", "a"], [1], "(", "a\\Z");
const keyword = <T>(right: fc.Arbitrary<T>) => fc.oneof({ arbitrary: right, weight: 60 }, { arbitrary: wrong, weight: 1 });
const typeName = fc.oneof(
  { arbitrary: fc.constantFrom("array", "boolean", "integer", "null", "number", "object", "string"), weight: 30 },
  fc.constant("strng"),
);
// No `__proto__`: a map holding one is not pristine (the full walk reads it), and fast-check builds it without a prototype.
const names = fc.constantFrom("a", "b", "c", "constructor");

/** Keywords the fast yes leaves to the full check: references, annotations for other tools, keywords it does not know. */
const rare = fc.constantFrom<[string, unknown]>(
  ["$ref", "#"],
  ["$ref", "#/$defs/a"],
  ["$schema", "https://json-schema.org/draft/2020-12/schema"],
  ["$schema", "x"],
  ["x-note", "n"],
  ["dependentRequired", { a: ["b"] }],
  ["contentSchema", { type: "string" }],
  ["unknownKeyword", 1],
);

/** Schema objects of a few keywords each: those the fast yes knows, now and then one it leaves to the full check, and values of the wrong kind. */
const schema: fc.Memo<unknown> = fc.memo((depth) => {
  const sub =
    depth <= 1 ? fc.oneof(fc.boolean(), fc.constant({}), fc.constant({ type: "string" })) : fc.oneof(fc.boolean(), schema(depth - 1));
  const object = depth <= 1 ? fc.constant({ type: "string" }) : schema(depth - 1);
  const entry = <T>(key: string, value: fc.Arbitrary<T>) => keyword(value).map((chosen): [string, unknown] => [key, chosen]);
  const entries = fc.oneof(
    entry("type", fc.oneof(typeName, fc.uniqueArray(typeName, { minLength: 1, maxLength: 2 }))),
    entry("description", fc.string({ maxLength: 3 })),
    entry("enum", fc.array(fc.oneof(fc.string({ maxLength: 2 }), fc.integer()), { maxLength: 3 })),
    entry("minLength", fc.nat(3)),
    entry("minimum", fc.integer()),
    entry("pattern", fc.oneof({ arbitrary: fc.constantFrom("^a", "\\p{L}"), weight: 20 }, fc.constant("("))),
    entry("required", fc.oneof({ arbitrary: fc.constant(["a"]), weight: 4 }, fc.uniqueArray(names, { maxLength: 2 }))),
    entry("properties", fc.oneof(fc.record({ a: object }), fc.dictionary(names, object, { maxKeys: 3 }))),
    entry("items", fc.oneof({ arbitrary: sub, weight: 20 }, fc.array(sub, { maxLength: 2 }))),
    entry("additionalProperties", sub),
    entry(
      "patternProperties",
      fc.dictionary(fc.oneof({ arbitrary: fc.constant("^x"), weight: 20 }, fc.constant("(")), sub, { maxKeys: 2 }),
    ),
    entry("anyOf", fc.array(sub, { minLength: 1, maxLength: 2 })),
    entry("not", sub),
    entry("$defs", fc.dictionary(names, sub, { maxKeys: 2 })),
    { arbitrary: rare, weight: 1 },
  );
  return fc.array(entries, { maxLength: depth <= 1 ? 3 : 5 }).map((chosen) => Object.fromEntries(chosen) as unknown);
});
const propertyMap = fc.dictionary(names, fc.oneof({ arbitrary: schema(3), weight: 40 }, wrong), { minKeys: 1, maxKeys: 3 });

/** A closure as text: every Map's entries in order, OPEN by identity, patterns by source. */
function shape(closure: Closure | ReadonlyMap<string, Closure> | null, seen = new Set<object>()): unknown {
  if (closure === null) return null;
  if (closure instanceof Map) return [...closure].map(([name, inner]) => [name, shape(inner, seen)]);
  if (closure === OPEN) return "OPEN";
  const place = closure as Closure;
  return {
    declared: shape(place.declared, seen),
    extra: typeof place.extra === "object" ? shape(place.extra, seen) : place.extra,
    items: shape(place.items, seen),
    keys: Object.keys(place),
    patterns: place.patterns?.map((pattern) => pattern.source),
  };
}

/** Whether the fast yes answers, after checking that its answer is the full walk's and the meta-schema check's. */
function agrees(properties: object): boolean {
  const fast = fastProperties(properties, false);
  if (fast === undefined) return false;
  const walk = walkKeySet(properties, "a");
  expect(walk.offences).toEqual([]);
  expect(shape(fast.walk.closure)).toEqual(shape(walk.closure));
  expect(fast.walk.frozen).toBe(walk.frozen);
  const checks = checkPropertySchemas(properties, walk.closure.declared.keys(), new Map(), "a");
  expect(checks.offences).toEqual([]);
  expect([...fast.values.keys()]).toEqual([...checks.values.keys()]);
  return true;
}

describe("the fast yes of properties agrees with the key-set walk and the meta-schema check", () => {
  test("its yes is their yes, with the same closure and the same compiled properties", () => {
    let yes = 0;
    fc.assert(
      fc.property(propertyMap, (generated) => {
        // Through JSON: fast-check builds dictionaries without a prototype, which a copy does not count as pristine.
        const { copy: properties, pristine } = readCopy(JSON.parse(JSON.stringify(generated)) as object);
        expect(pristine.length).toBeGreaterThan(0);
        if (agrees(properties)) yes++;
      }),
      { numRuns: 2_000 },
    );
    expect(yes).toBeGreaterThan(100);
  });

  test("a copy frozen throughout is known as one: every object in it sealed, the walk's frozen verdict kept", () => {
    const properties = readOnce({ a: { type: "object", properties: { b: { type: "string", enum: ["x"] } } } }, { freeze: true });
    expect(isFrozenPristine(properties)).toBe(true);
    const objects = [properties, properties.a, properties.a.properties, properties.a.properties.b, properties.a.properties.b.enum];
    expect(objects.every((object) => Object.isFrozen(object))).toBe(true);
    expect(fastProperties(properties, true)?.walk.frozen).toBe(true);
    expect(walkKeySet(properties, "a", true).frozen).toBe(true);
    expect(isFrozenPristine(readOnce({ a: {} }))).toBe(false);
  });

  test.each([
    [{ name: { type: "string", minLength: 1 }, tags: { type: "array", items: { type: "string" } } }],
    [{ opts: { type: "object", properties: { due: { type: "string" } }, required: ["due"], additionalProperties: false } }],
    [
      {
        map: { type: "object", additionalProperties: { type: "number", minimum: 0 } },
        any: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
    ],
    [{ keyed: { type: "object", patternProperties: { "^x-": { type: "string" } } } }],
  ])("it answers %j", (properties) => {
    const { copy, pristine } = readCopy(properties);
    expect(pristine.length).toBeGreaterThan(0);
    expect(agrees(copy)).toBe(true);
  });

  test("a `__proto__` name leaves the map to the full walk: the copy is not pristine", () => {
    expect(readCopy(JSON.parse('{ "__proto__": { "type": "string" } }') as object).pristine).toEqual([]);
  });

  test("every keyword it knows is one the gate honours", () => {
    expect([...KEYWORD_RULES.keys()].filter((key) => !SUPPORTED_KEYWORDS.includes(key))).toEqual([]);
  });
});
