import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  actionNames,
  ActionSchemaError,
  actionSchemaOffences,
  checkMandatoryKeys,
  fetchSchema,
  fetchSchemas,
  validate,
} from "../src/index.js";
import { toolOf } from "./support/tools.js";

/**
 * Property-based: whatever JavaScript value an author hands us as an action
 * record or schema — cycles, symbols, throwing getters, hostile Proxies,
 * null-prototype objects, Maps, sparse and huge arrays, non-enumerable keys,
 * class instances and `__proto__`-literal objects, holes, names with line
 * breaks — the validation layer succeeds or throws ActionSchemaError, never
 * anything else, the same input always gives the same offences, and the
 * error's message is one line per offence.
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
  key: fc.oneof(
    fc.string(),
    fc.constantFrom("properties", "items", "additionalProperties", "description", "required", "defaults", "__proto__", "constructor"),
  ),
});

/** Hostile rewrites applied to objects found in a generated value, chosen by `plan`. */
const REWRITES = [
  (object: Record<PropertyKey, unknown>, ancestors: object[]) => void (object["items"] = ancestors[0] ?? object),
  (object: Record<PropertyKey, unknown>, ancestors: object[]) => void (object["properties"] = { loop: ancestors.at(-1) ?? object }),
  (object: Record<PropertyKey, unknown>) =>
    Object.defineProperty(object, "properties", {
      enumerable: true,
      configurable: true,
      get: () => {
        throw new Error("getter");
      },
    }),
  (object: Record<PropertyKey, unknown>) => void (object[Symbol("tag")] = 1),
  (object: Record<PropertyKey, unknown>) => void (object["additionalProperties"] = new Proxy({}, hostileTraps())),
  (object: Record<PropertyKey, unknown>) => void (object["huge"] = new Array(200_000).fill({ x: 1 })),
  (object: Record<PropertyKey, unknown>) =>
    void Object.defineProperty(object, "hidden", { value: { type: "string" }, enumerable: false, configurable: true }),
  (object: Record<PropertyKey, unknown>) => {
    // An existing key made non-enumerable (the first one, if any).
    const [first] = Object.keys(object);
    if (first !== undefined && Object.getOwnPropertyDescriptor(object, first)?.configurable === true)
      Object.defineProperty(object, first, { enumerable: false });
  },
  (object: Record<PropertyKey, unknown>) => void (object["defaults"] = { p: new Instance(), q: { __proto__: { colour: "red" } } }),
  (object: Record<PropertyKey, unknown>) => void (object["required"] = [, "p"]),
  (object: Record<PropertyKey, unknown>) => void (object["items"] = new Array(3)),
  (object: Record<PropertyKey, unknown>) => void (object["related"] = new Array(2 ** 32 - 1)),
  (object: Record<PropertyKey, unknown>) => void (object[Symbol("line\n  actions: forged")] = new (LineBreakClass())()),
] as const;

class Instance {
  colour = "red";
}

/** A class whose name holds a line break. */
function LineBreakClass(): new () => object {
  const name = "Forged\n  actions: forged";
  return { [name]: class {} }[name];
}

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
    let children: unknown[];
    try {
      children = Object.values(node);
    } catch {
      return; // A hostile Proxy an earlier rewrite placed: it is hostile enough as it is.
    }
    for (const child of children) visit(child, [...ancestors, node]);
    const choice = plan[step++ % Math.max(plan.length, 1)];
    if (choice !== undefined && choice < REWRITES.length && Object.isExtensible(node) && !Array.isArray(node)) {
      REWRITES[choice]!(node as Record<PropertyKey, unknown>, ancestors);
    }
  };
  visit(value, []);
  return value;
}

const hostile = fc
  .tuple(anything, fc.array(fc.nat({ max: REWRITES.length * 3 }), { maxLength: 12 }))
  .map(([value, plan]) => corrupt(value, plan));
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
  typeof value === "object" && value !== null && "makeProxy" in value
    ? PROXIES[(value as { makeProxy: keyof typeof PROXIES }).makeProxy]()
    : value;

/** Runs `run`, returning the offences' text, or "ok"; any error other than ActionSchemaError fails, and so does a message not one line per offence. */
function outcome(run: () => unknown): string {
  try {
    run();
    return "ok";
  } catch (error) {
    if (!(error instanceof ActionSchemaError)) throw new Error(`not an ActionSchemaError: ${String(error)}`, { cause: error });
    const shown = Math.min(error.offences.length, 10);
    expect(error.message.split(/\r\n|\r|\n|\u2028|\u2029/)).toHaveLength(1 + shown + (error.offences.length > shown ? 1 : 0));
    return JSON.stringify(error.offences);
  }
}

/** Fails with the property's own error and seed, printing no generated value. */
function reportWithoutPrinting(details: fc.RunDetails<[unknown]>): void {
  if (!details.failed) return;
  const error = details.errorInstance instanceof Error ? details.errorInstance : new Error(String(details.errorInstance));
  throw new Error(`property failed (seed ${details.seed}, path ${details.counterexamplePath ?? "?"}): ${error.message}`, { cause: error });
}

const placements: readonly [string, (value: unknown) => unknown][] = [
  ["the action record", (value) => value],
  ["an action schema", (value) => ({ a: value })],
  ["properties", (value) => ({ a: { description: "d", properties: value } })],
  ["a property schema", (value) => ({ a: { description: "d", properties: { p: value } } })],
  ["defaults", (value) => ({ a: { description: "d", properties: { p: { properties: { q: {} } } }, defaults: value } })],
  ["required", (value) => ({ a: { description: "d", properties: { p: {} }, required: value, requiredOneOf: [value] } })],
  [
    "examples and related",
    (value) => ({ a: { description: "d", properties: { p: {} }, examples: [value, { p: value }], related: value } }),
  ],
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
      // The report names the failure, not the counterexample: fast-check's printer would call the traps of the hostile Proxies
      // it holds, and throw "trap" in place of the failure.
      { numRuns: 150, reporter: reportWithoutPrinting },
    );
  });
});

test("a Proxy whose every trap throws, as the tool itself, is an ActionSchemaError", () => {
  const tool = new Proxy({}, hostileTraps());
  for (const run of [() => validate(tool), () => actionNames(tool), () => fetchSchema(tool, "a"), () => fetchSchemas(tool)]) {
    expect(outcome(run)).toContain("actions");
  }
});

/**
 * Whether a value is JSON data — what a caller could send — judged here
 * independently of the implementation: plain objects (prototype
 * Object.prototype or null) with enumerable string-keyed data properties
 * only, arrays without holes or extra keys, strings, finite numbers,
 * booleans, null. Shared (acyclic) structure is fine.
 */
function isJsonData(value: unknown, enclosing: object[] = []): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object") return false;
  if (enclosing.includes(value)) return true; // not generated below; cycles are not what this property is about
  const proto = Object.getPrototypeOf(value);
  const array = Array.isArray(value);
  if (array ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) return false;
  const keys = Reflect.ownKeys(value).filter((key) => !(array && key === "length"));
  if (array && keys.length !== (value as unknown[]).length) return false; // a hole or a named key
  return keys.every((key) => {
    if (typeof key !== "string") return false;
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    return descriptor.enumerable === true && "value" in descriptor && isJsonData(descriptor.value, [...enclosing, value]);
  });
}

/** Rewrites that make a value non-JSON in a way a default could carry to a handler. */
const UNSENDABLE = [
  (object: Record<PropertyKey, unknown>) => Object.defineProperty(object, "hidden", { value: 1, enumerable: false, configurable: true }),
  (object: Record<PropertyKey, unknown>) => void (object["instance"] = new Instance()),
  (object: Record<PropertyKey, unknown>) => void (object["literal"] = { __proto__: { colour: "red" } }),
  (object: Record<PropertyKey, unknown>) => void (object["holes"] = [1, , 3]),
  (object: Record<PropertyKey, unknown>) => Object.defineProperty(object, "getter", { get: () => 1, enumerable: true, configurable: true }),
  (object: Record<PropertyKey, unknown>) => void (object[Symbol("s")] = 1),
  (object: Record<PropertyKey, unknown>) => void (object["nan"] = Number.NaN),
] as const;

const unsendable = fc.tuple(anything, fc.array(fc.nat({ max: UNSENDABLE.length * 2 }), { maxLength: 4 })).map(([value, plan]) => {
  let step = 0;
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== "object" || node === null || seen.has(node) || ArrayBuffer.isView(node)) return;
    seen.add(node);
    for (const child of Object.values(node)) visit(child);
    const choice = plan[step++];
    if (choice !== undefined && choice < UNSENDABLE.length && Object.isExtensible(node) && !Array.isArray(node))
      UNSENDABLE[choice]!(node as Record<PropertyKey, unknown>);
  };
  visit(value);
  return value;
});

describe("defaults carry only what a caller could send", () => {
  test("a default in an open place passes exactly when it is JSON data", () => {
    fc.assert(
      fc.property(unsendable, (value) => {
        // `p: {}` admits any value, so only what a caller could not send can be refused.
        const offences = actionSchemaOffences(toolOf({ a: { description: "d", properties: { p: {} }, defaults: { p: value } } }));
        expect(offences.length === 0).toBe(isJsonData(value));
      }),
      { numRuns: 300 },
    );
  });
});

describe("non-enumerable keys are offences wherever keys are read", () => {
  /** A valid record and every object in it, in a fixed order. */
  const template = () => {
    const q = { type: "string" };
    const branch = { type: "object" };
    const p = { type: "object", properties: { q }, anyOf: [branch] };
    const items = { type: "string" };
    const r = { type: "array", items };
    const properties = { p, r };
    const defaultP = { q: "x" };
    const defaults = { p: defaultP };
    const exampleP = { q: "y" };
    const example = { p: exampleP };
    const schema = { description: "d", properties, defaults, examples: [example] };
    const record = { a: schema };
    return {
      record,
      objects: [record, schema, properties, p, p.properties, q, branch, r, items, defaults, defaultP, example, exampleP] as Record<
        string,
        unknown
      >[],
    };
  };

  test("hiding any key, or adding a hidden one, anywhere in a valid record is reported at that key", () => {
    expect(actionSchemaOffences(toolOf(template().record))).toEqual([]);
    fc.assert(
      fc.property(fc.nat({ max: 12 }), fc.option(fc.string({ minLength: 1 }), { nil: undefined }), (at, added) => {
        const { record, objects } = template();
        const object = objects[at]!;
        const key = added ?? Object.keys(object)[0]!;
        Object.defineProperty(object, key, {
          value: Object.hasOwn(object, key) ? object[key] : 1,
          enumerable: false,
          configurable: true,
          writable: true,
        });
        const offences = actionSchemaOffences(toolOf(record));
        expect(offences.some((found) => found.key === key && /not enumerable/.test(found.problem))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("holes are wrong-typed entries", () => {
  test("every run of holes in required, related or examples is one offence at its first index", () => {
    fc.assert(
      fc.property(fc.constantFrom("required", "related", "examples"), fc.sparseArray(fc.constant(0), { maxLength: 12 }), (key, shape) => {
        const entry = key === "examples" ? () => ({ p: "x" }) : key === "related" ? () => "list" : () => "p";
        const list: unknown[] = new Array(shape.length);
        // An entry where `shape` has one, a hole where it has a hole (a repeated "p" is a duplicate, not a hole).
        for (const index of Object.keys(shape).map(Number)) list[index] = entry();
        const schema = { description: "d", properties: { p: {} }, [key]: list };
        const runs: number[] = [];
        for (let index = 0; index < list.length; index++)
          if (!Object.hasOwn(list, index) && (index === 0 || Object.hasOwn(list, index - 1))) runs.push(index);
        const holes = actionSchemaOffences(toolOf({ a: schema })).filter((found) => /holes?$/.test(found.problem));
        expect(holes.map((found) => [found.location, found.index, found.code])).toEqual(
          runs.map((index) => [`actions["a"].${key}`, index, "wrong_type"]),
        );
      }),
      { numRuns: 300 },
    );
  });
});
