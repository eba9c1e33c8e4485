import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { actionNames, ActionSchemaError, actionSchemaOffences, checkMandatoryKeys, fetchSchema, fetchSchemas, validate } from "../src/index.js";
import { toolOf } from "./support/tools.js";

/**
 * Property-based: whatever JavaScript value an author hands us as an action
 * record or schema — cycles, symbols, throwing getters, hostile Proxies,
 * null-prototype objects, Maps, sparse and huge arrays — the validation
 * layer succeeds or throws ActionSchemaError, never anything else, and the
 * same input always gives the same offences.
 */

const anything = fc.anything({
  maxDepth: 4,
  maxKeys: 5,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
  key: fc.oneof(fc.string(), fc.constantFrom("properties", "items", "additionalProperties", "description", "required", "defaults", "__proto__", "constructor")),
});

/** Hostile rewrites applied to objects found in a generated value, chosen by `plan`. */
const REWRITES = [
  (object: Record<PropertyKey, unknown>, ancestors: object[]) => void (object["items"] = ancestors[0] ?? object),
  (object: Record<PropertyKey, unknown>, ancestors: object[]) => void (object["properties"] = { loop: ancestors.at(-1) ?? object }),
  (object: Record<PropertyKey, unknown>) => Object.defineProperty(object, "properties", { enumerable: true, configurable: true, get: () => { throw new Error("getter"); } }),
  (object: Record<PropertyKey, unknown>) => void (object[Symbol("tag")] = 1),
  (object: Record<PropertyKey, unknown>) => void (object["additionalProperties"] = new Proxy({}, hostileTraps())),
  (object: Record<PropertyKey, unknown>) => void (object["huge"] = new Array(200_000).fill({ x: 1 })),
] as const;

function hostileTraps(): ProxyHandler<object> {
  const boom = () => {
    throw new Error("trap");
  };
  return { get: boom, ownKeys: boom, getPrototypeOf: boom, has: boom, getOwnPropertyDescriptor: boom };
}

function corrupt(value: unknown, plan: readonly number[]): unknown {
  let step = 0;
  const seen = new Set<object>();
  const visit = (node: unknown, ancestors: object[]): void => {
    if (typeof node !== "object" || node === null || seen.has(node) || ArrayBuffer.isView(node)) return;
    seen.add(node);
    for (const child of Object.values(node)) visit(child, [...ancestors, node]);
    const choice = plan[step++ % Math.max(plan.length, 1)];
    if (choice !== undefined && choice < REWRITES.length && Object.isExtensible(node) && !Array.isArray(node)) {
      REWRITES[choice]!(node as Record<PropertyKey, unknown>, ancestors);
    }
  };
  visit(value, []);
  return value;
}

const hostile = fc.tuple(anything, fc.array(fc.nat({ max: REWRITES.length * 3 }), { maxLength: 12 })).map(([value, plan]) => corrupt(value, plan));
// Proxies are made inside the property: the framework cannot inspect them safely itself.
const PROXIES = {
  hostile: () => new Proxy({}, hostileTraps()),
  revoked: () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  },
};
const proxied = fc.constantFrom<keyof typeof PROXIES>("hostile", "revoked").map((kind) => ({ makeProxy: kind }));
const materialize = (value: unknown) =>
  typeof value === "object" && value !== null && "makeProxy" in value ? PROXIES[(value as { makeProxy: keyof typeof PROXIES }).makeProxy]() : value;

/** Runs `run`, returning the offences' text, or "ok"; any error other than ActionSchemaError fails. */
function outcome(run: () => unknown): string {
  try {
    run();
    return "ok";
  } catch (error) {
    if (!(error instanceof ActionSchemaError)) throw new Error(`not an ActionSchemaError: ${String(error)}`, { cause: error });
    return JSON.stringify(error.offences);
  }
}

const placements: readonly [string, (value: unknown) => unknown][] = [
  ["the action record", (value) => value],
  ["an action schema", (value) => ({ a: value })],
  ["properties", (value) => ({ a: { description: "d", properties: value } })],
  ["a property schema", (value) => ({ a: { description: "d", properties: { p: value } } })],
  ["defaults", (value) => ({ a: { description: "d", properties: { p: { properties: { q: {} } } }, defaults: value } })],
  ["required", (value) => ({ a: { description: "d", properties: { p: {} }, required: value, requiredOneOf: [value] } })],
];

describe.each(placements)("hostile values as %s", (_where, place) => {
  test("every entry point succeeds or throws ActionSchemaError, the same way every time", () => {
    fc.assert(
      fc.property(fc.oneof(hostile, proxied), (generated) => {
        const value = materialize(generated);
        const record = place(value);
        const tool = toolOf(record);
        for (const run of [
          () => validate(tool),
          () => actionNames(tool),
          () => fetchSchema(tool, "a"),
          () => fetchSchemas(tool),
          () => checkMandatoryKeys("t", "a", value),
        ]) {
          expect(outcome(run)).toBe(outcome(run));
        }
        expect(JSON.stringify(actionSchemaOffences(tool))).toBe(JSON.stringify(actionSchemaOffences(tool)));
      }),
      { numRuns: 150 },
    );
  });
});

test("a Proxy whose every trap throws, as the tool itself, is an ActionSchemaError", () => {
  const tool = new Proxy({}, hostileTraps());
  for (const run of [() => validate(tool), () => actionNames(tool), () => fetchSchema(tool, "a"), () => fetchSchemas(tool)]) {
    expect(outcome(run)).toContain("actions");
  }
});
