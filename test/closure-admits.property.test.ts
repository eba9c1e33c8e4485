import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { closureAdmits } from "../src/validation/closure-admits.js";
import { closureViolations } from "../src/validation/closure.js";
import { walkKeySet } from "../src/validation/key-set.js";

/**
 * The gate's fast answer (`closureAdmits`) may say "look closer" when in
 * doubt, but it must never admit data the full walk (`closureViolations`)
 * refuses. On plain JSON-like data it must agree with the full walk exactly,
 * or clean calls would pay for the full walk.
 */

const NAMES = ["a", "b", "c", "__proto__", "constructor"] as const;
const name = fc.constantFrom(...NAMES);

/** Property schemas over a small alphabet, so generated data hits declared names, extra schemas and items. */
const { schema } = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant({ type: "string" }),
    fc.record(
      {
        type: fc.constantFrom("object", "array"),
        properties: fc.dictionary(name, tie("schema"), { maxKeys: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
        items: tie("schema"),
      },
      { requiredKeys: ["type"] },
    ),
  ),
}));
const properties = fc.dictionary(name, schema, { minKeys: 1, maxKeys: 4 });

/** JSON data over the same alphabet, with `__proto__` as an own key as `JSON.parse` makes it. */
const data = fc.jsonValue({ maxDepth: 5 }).chain((base) =>
  fc
    .letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.constant(base),
        fc.dictionary(name, tie("value"), { maxKeys: 4 }),
        fc.array(tie("value"), { maxLength: 3 }),
      ),
    }))
    .value.map((value) => JSON.parse(JSON.stringify(value)) as unknown),
);

describe("the gate's fast answer agrees with the full walk", () => {
  test("on JSON data it says yes exactly when the full walk finds nothing", () => {
    fc.assert(
      fc.property(properties, data, (declared, value) => {
        const { closure } = walkKeySet(declared, "act");
        expect(closureAdmits(closure, value)).toBe(closureViolations(closure, value).length === 0);
      }),
      { numRuns: 2000 },
    );
  });

  const { closure } = walkKeySet({ a: { type: "object", properties: { b: { type: "string" } } } }, "act");

  test.each([
    [
      "a throwing getter",
      () =>
        Object.defineProperty({}, "a", {
          enumerable: true,
          get: () => {
            throw new Error("no");
          },
        }),
    ],
    [
      "a Proxy whose traps throw",
      () => ({
        a: new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error("no");
            },
          },
        ),
      }),
    ],
  ])("in doubt it says no, and the full walk decides: %s", (_, make) => {
    const value = make();
    expect(closureAdmits(closure, value)).toBe(false);
    expect(() => closureViolations(closure, value)).not.toThrow();
  });

  test("clean data deeper than the fast walk goes is left to the full walk, which admits it", () => {
    const { schema: deepSchema, value } = nested(200);
    const { closure: deep } = walkKeySet(deepSchema, "act");
    expect(closureAdmits(deep, value)).toBe(false);
    expect(closureViolations(deep, value)).toEqual([]);
    const { schema: shallowSchema, value: shallow } = nested(30);
    expect(closureAdmits(walkKeySet(shallowSchema, "act").closure, shallow)).toBe(true);
  });

  test("an enumerable key on Object.prototype sends every call to the full walk, which ignores inherited keys", () => {
    const value = { a: { b: "x" } };
    expect(closureAdmits(closure, value)).toBe(true);
    let admitted: boolean;
    let violations: unknown[];
    Object.defineProperty(Object.prototype, "zz", { value: 1, enumerable: true, configurable: true, writable: true });
    try {
      admitted = closureAdmits(closure, value);
      violations = closureViolations(closure, value);
    } finally {
      delete (Object.prototype as Record<string, unknown>)["zz"];
    }
    expect(admitted).toBe(false);
    expect(violations).toEqual([]);
    expect(closureAdmits(closure, value)).toBe(true);
  });

  test("class instances and arrays where objects are declared are not walked, as the full walk does not", () => {
    class Holder {
      zz = 1;
    }
    expect(closureAdmits(closure, { a: new Holder() })).toBe(true);
    expect(closureAdmits(closure, { a: [{ zz: 1 }] })).toBe(true);
    expect(closureViolations(closure, { a: new Holder() })).toEqual([]);
  });
});

/** A schema and clean data both `depth` levels of `{ a: … }` deep. */
function nested(depth: number): { schema: Record<string, unknown>; value: object } {
  let schema: Record<string, unknown> = { type: "string" };
  let value: unknown = "leaf";
  for (let level = 0; level < depth; level++) {
    schema = { type: "object", properties: { a: schema } };
    value = { a: value };
  }
  return { schema: schema["properties"] as Record<string, unknown>, value: value as object };
}
