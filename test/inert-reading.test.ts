/**
 * An inert action record (`src/util/inert.ts`: the build-time evaluator's
 * values, with no accessor, no Proxy and no symbol or non-enumerable key)
 * is read in place instead of copied. What obtaining learns of it must be
 * what a copy would have told: the same pristine verdict, the same
 * offences in the same order.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { actionSchemaOffences } from "../src/index.js";
import { markInert } from "../src/util/inert.js";
import { isPristineData, readCopy } from "../src/util/read-once.js";

/** Whether `readCopy` finds the value pristine: the verdict `isPristineData` must give without copying. */
const copiedPristine = (value: object): boolean => readCopy(value).pristine.length > 0;

const withProtoKey = (): object => {
  const object: Record<string, unknown> = { type: "string" };
  Object.defineProperty(object, "__proto__", { value: {}, enumerable: true, writable: true, configurable: true });
  return object;
};
const cyclic = (): object => {
  const object: Record<string, unknown> = { type: "object" };
  object["properties"] = { self: object };
  return object;
};
const shared = { type: "string" };

describe("isPristineData gives readCopy's verdict on what an inert value can hold", () => {
  test.each<[string, () => object, boolean]>([
    ["plain JSON data", () => ({ type: "object", properties: { tags: { type: "array", items: { enum: ["a", 1, true, null] } } } }), true],
    ["an empty object", () => ({}), true],
    ["one object shared twice", () => ({ a: shared, b: shared, c: [shared, shared] }), true],
    ["a cycle", cyclic, true],
    ["Infinity", () => ({ maximum: Infinity }), false],
    ["NaN deep inside", () => ({ properties: { n: { minimum: NaN } } }), false],
    ["undefined", () => ({ default: undefined }), false],
    ["a hole", () => ({ enum: ["a", , "b"] }), false],
    ["an array with a named key", () => ({ enum: Object.assign(["a"], { extra: 1 }) }), false],
    ["an object without a prototype", () => ({ items: Object.create(null) as object }), false],
    ["another object as prototype", () => Object.setPrototypeOf({ type: "string" }, { type: "number" }) as object, false],
    ["a __proto__ key", withProtoKey, false],
    ["a function", () => ({ properties: { f: () => 1 } }), false],
    ["a class instance", () => ({ default: new Date(0) }), false],
    ["a bigint", () => ({ minimum: 1n }), false],
  ])("%s", (_, make, pristine) => {
    expect(isPristineData(make())).toBe(pristine);
    expect(copiedPristine(make())).toBe(pristine);
  });

  const leaf = fc.oneof(
    { arbitrary: fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null)), weight: 20 },
    fc.constantFrom(Infinity, -Infinity, NaN, undefined),
  );
  const value = fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { maxDepth: 4, depthIdentifier: "node" },
      leaf,
      fc.array(tie("node"), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom("a", "b", "type", "items"), tie("node"), { maxKeys: 3 }),
    ),
  })).node;

  test("agrees with readCopy on random plain values", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("description", "properties", "x"), value, { maxKeys: 3 }), (root) => {
        expect(isPristineData(root)).toBe(copiedPristine(root));
      }),
    );
  });
});

describe("an inert record is checked as a copy of it is", () => {
  const record = () => ({
    create: { description: "Create", properties: { name: { type: "string" }, size: { type: "integr" } }, required: ["nme"] },
    bounded: { description: "Bounded", properties: { n: { type: "number", maximum: Infinity } } },
    partly: { description: "Partly", properties: { at: { type: "string", format: "date" } }, defaults: { at: new Date(0) } },
    clean: { description: "Clean", properties: { id: { type: "string" } }, required: ["id"] },
  });
  const toolOf = (actions: object) => ({ name: "records", description: "Records", actions: () => actions, handlers: {} });

  test("the same offences, in the same order", () => {
    const inert = record();
    markInert(inert);
    const offences = actionSchemaOffences(toolOf(inert));
    expect(offences.map((offence) => offence.code)).toContain("invalid_schema");
    expect(offences).toEqual(actionSchemaOffences(toolOf(record())));
  });

  test("a schema read in place is left as it was", () => {
    const inert = record();
    markInert(inert);
    const before = JSON.stringify(inert);
    actionSchemaOffences(toolOf(inert));
    expect(JSON.stringify(inert)).toBe(before);
    expect(Object.isFrozen(inert.clean)).toBe(false);
  });
});
