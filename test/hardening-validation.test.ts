import { describe, expect, test } from "vitest";
import * as layer from "../src/validation/obtaining.js";
import {
  ActionSchemaError,
  callbackSurfaceOffences,
  CallbackSurfaceError,
  checkMandatoryKeys,
  defaultOffences,
  fetchSchema,
  fetchSchemas,
  validate,
  type Offence,
} from "../src/index.js";
import { offencesOf, offencesOfSchema, toolOf, validationError, validSchema, thrownActionSchemaError } from "./support/tools.js";

/**
 * "Hardening, second round", items 7, 8, 10, 11, 12 and 13: each pinned
 * here by a test that failed before its fix (item 9 is the runtime side of
 * a build/runtime agreement: what the runtime reports for `__proto__:`).
 */

const hidden = <T extends object>(object: T, key: string, value: unknown): T =>
  Object.defineProperty(object, key, { value, enumerable: false, configurable: true, writable: true });
const codes = (offences: readonly Offence[]) => offences.map((o) => [o.location, o.key ?? o.index, o.code]);

const thrown = thrownActionSchemaError;

describe("item 7: a non-enumerable key is an offence wherever keys are read", () => {
  test("a non-enumerable action is an offence of the record, and is never served", () => {
    const record = hidden({ ok: validSchema() }, "secret", { description: "never validated", properties: { x: { type: "strng" } } });
    expect(codes(offencesOf(record))).toEqual([["actions", "secret", "non_enumerable_key"]]);
    const tool = toolOf(record);
    // Before: fetchSchema resolved the name through hasOwn and served the unvalidated schema.
    expect(thrown(() => fetchSchema(tool, "secret")).offences).toEqual([
      expect.objectContaining({ location: "actions", key: "secret", code: "non_enumerable_key" }),
    ]);
    expect(Object.keys(fetchSchemas(tool))).toEqual(["ok"]);
  });

  test("a non-enumerable unknown key of an action schema is reported", () => {
    expect(codes(offencesOfSchema(hidden(validSchema(), "note", "x")))).toEqual([['actions["a"]', "note", "non_enumerable_key"]]);
  });

  test("a non-enumerable vocabulary key is reported, at validation and at obtaining", () => {
    expect(codes(offencesOfSchema(hidden(validSchema(), "required", ["name"])))).toEqual([
      ['actions["a"]', "required", "non_enumerable_key"],
    ]);
    const schema = hidden({ description: "d" }, "properties", { x: { type: "string" } });
    expect(thrown(() => checkMandatoryKeys("t", "a", schema)).offences).toEqual([
      expect.objectContaining({ key: "properties", code: "non_enumerable_key" }),
    ]);
  });

  test("non-enumerable keys in a property map and in a property schema are reported", () => {
    expect(codes(offencesOfSchema(validSchema({ properties: hidden({ name: { type: "string" } }, "ghost", { type: "string" }) })))).toEqual(
      [['actions["a"].properties', "ghost", "non_enumerable_key"]],
    );
    // The meta-schema check copies with Object.keys: a non-enumerable keyword was never checked (type: 5 passed).
    expect(codes(offencesOfSchema(validSchema({ properties: { n: hidden({}, "type", 5) } })))).toEqual([
      ['actions["a"].properties["n"]', "type", "non_enumerable_key"],
    ]);
    expect(codes(offencesOfSchema(validSchema({ properties: { n: { anyOf: [hidden({}, "minimum", "x")] } } })))).toEqual([
      ['actions["a"].properties["n"]["anyOf"][0]', "minimum", "non_enumerable_key"],
    ]);
  });

  test("a non-enumerable key in a default or an example is reported", () => {
    const opts = hidden({ due: "x" }, "colour", "red");
    expect(codes(offencesOfSchema(validSchema({ defaults: { opts } })))).toEqual([
      ['actions["a"].defaults["opts"]', "colour", "undeclared_default"],
    ]);
    expect(codes(offencesOfSchema(validSchema({ examples: [hidden({ name: "x" }, "extra", 1)] })))).toEqual([
      ['actions["a"].examples[0]', "extra", "invalid_example"],
    ]);
  });
});

describe("item 8: a default carries only what a caller could send (JSON)", () => {
  class Opts {
    colour = "red";
  }
  test.each([
    [
      "itself",
      () => {
        const free: Record<string, unknown> = { a: 1 };
        free.self = free;
        return free;
      },
      'actions["a"].defaults["free"]',
      "self",
    ],
    [
      "an enclosing object, deeper",
      () => {
        const free: Record<string, unknown> = { list: [{}] };
        ((free.list as object[])[0] as Record<string, unknown>).back = free;
        return free;
      },
      'actions["a"].defaults["free"]["list"][0]',
      "back",
    ],
  ])("a cycle to %s in an open place is refused: no caller can send one", (_label, make, location, key) => {
    const offences = offencesOfSchema(validSchema({ properties: { free: { type: "object" } }, defaults: { free: make() } }));
    expect(offences).toEqual([
      expect.objectContaining({
        location,
        key,
        kind: "default",
        code: "invalid_default",
        problem: `"${key}" is a cycle (an object that contains it)`,
      }),
    ]);
  });

  test("an object held in two places is data, not a cycle", () => {
    const shared = { x: 1 };
    expect(
      offencesOfSchema(validSchema({ properties: { free: { type: "object" } }, defaults: { free: { a: shared, b: [shared] } } })),
    ).toEqual([]);
  });

  test.each([
    ["a class instance", { opts: new Opts() }, 'actions["a"].defaults', "opts", /an instance of Opts/],
    [
      "an object literal with __proto__: (a custom prototype)",
      { opts: { __proto__: { colour: "red" }, due: "x" } },
      'actions["a"].defaults',
      "opts",
      /an object with a custom prototype/,
    ],
    ["a Date deep in an array", { opts: { due: "x", tags: [new Date(0)] } }, 'actions["a"].defaults["opts"]["tags"]', 0, /a Date/],
    ["undefined", { name: undefined }, 'actions["a"].defaults', "name", /undefined/],
    ["NaN", { opts: { due: Number.NaN } }, 'actions["a"].defaults["opts"]', "due", /NaN/],
    [
      "a getter",
      { opts: Object.defineProperty({}, "due", { get: () => "x", enumerable: true }) },
      'actions["a"].defaults["opts"]',
      "due",
      /getter/,
    ],
  ])("%s is refused", (_label, defaults, location, keyOrIndex, problem) => {
    const schema = validSchema({
      properties: { name: { type: "string" }, opts: { type: "object", properties: { due: {}, tags: { type: "array" } } } },
      defaults,
    });
    const offences = offencesOfSchema(schema);
    expect(offences).toEqual([
      expect.objectContaining({
        location,
        ...(typeof keyOrIndex === "number" ? { index: keyOrIndex } : { key: keyOrIndex }),
        kind: "default",
        code: "invalid_default",
      }),
    ]);
    expect(offences[0]!.problem).toMatch(problem);
  });

  test("a key the gate refuses no longer reaches a handler through a non-plain default", () => {
    // Before: the closure walk skipped the instance, so `colour` (undeclared) was merged into every call.
    expect(offencesOfSchema(validSchema({ defaults: { opts: new Opts() } }))).not.toEqual([]);
    expect(defaultOffences({ opts: new Opts() }, validSchema().properties)).toEqual([
      expect.objectContaining({ key: "opts", kind: "default" }),
    ]);
  });

  test("JSON defaults still pass, null-prototype objects included", () => {
    const opts = Object.assign(Object.create(null) as object, { due: "x" });
    expect(offencesOfSchema(validSchema({ defaults: { name: "n", opts } }))).toEqual([]);
  });
});

describe("item 10: one read of the record feeds every registration check", () => {
  const obtain = (layer as Record<string, unknown>)["obtainForRegistration"] as
    ((tool: unknown) => { names?: readonly string[]; offences: readonly Offence[]; schemas?: Record<string, unknown> }) | undefined;

  test("obtainForRegistration calls actions() once and returns the names, the offences and the checked schemas", () => {
    expect(typeof obtain).toBe("function");
    const tool = toolOf({ list: validSchema(), create: validSchema() });
    const reading = obtain!(tool);
    expect(tool.calls).toBe(1);
    expect(reading.names).toEqual(["create", "list"]);
    expect(reading.offences).toEqual([]);
    expect(Object.keys(reading.schemas ?? {}).sort()).toEqual(["create", "list"]);
    // The callback-surface check takes its names from that same read.
    expect(callbackSurfaceOffences({ ...tool, handlers: { create: () => 1 } }, reading as never)).toEqual([
      expect.objectContaining({ field: 'handlers["list"]', code: "missing_handler" }),
    ]);
    expect(tool.calls).toBe(1);
  });

  test("a record that varies between reads is judged on the one read", () => {
    let call = 0;
    const tool = { ...toolOf(null), actions: () => (call++ === 0 ? { a: validSchema({ note: 1 }) } : { a: validSchema() }) };
    const reading = obtain!(tool);
    expect(call).toBe(1);
    expect(reading.offences).toEqual([expect.objectContaining({ key: "note", code: "unknown_key" })]);
    expect(reading.schemas).toBeUndefined();
  });
});

describe("item 11: one offence per line", () => {
  const FORGED = 'x\n  actions["forged"]: a forged line';
  const oneLinePerOffence = (error: { message: string; offences: readonly unknown[] }) =>
    expect(error.message.split(/\r\n|\r|\n|\u2028|\u2029/)).toHaveLength(1 + error.offences.length);

  test("a symbol description with a line break", () => {
    const error = validationError({
      a: validSchema({ [Symbol(FORGED)]: 1, properties: { p: { [Symbol(FORGED)]: {} }, q: { properties: { [Symbol("a\rb")]: {} } } } }),
      [Symbol(FORGED)]: validSchema(),
    });
    oneLinePerOffence(error);
    for (const offence of error.offences) expect(offence.problem).not.toMatch(/[\r\n]/);
  });

  test("a thrown message with a line break", () => {
    const schema = Object.defineProperty(validSchema(), "notes", {
      enumerable: true,
      get: () => {
        throw new Error(FORGED);
      },
    });
    const error = validationError({ a: schema });
    oneLinePerOffence(error);
    expect(error.offences[0]!.problem).toContain("\\n");
  });

  test("a constructor name with a line break", () => {
    const Named = { [FORGED]: class {} }[FORGED];
    const error = validationError({ a: validSchema({ properties: { p: new Named() }, notes: new Named() }) });
    oneLinePerOffence(error);
  });

  test("callback-surface problems", () => {
    const tool = { ...toolOf({ [FORGED]: validSchema() }), handlers: {}, title: new { [FORGED]: class {} }[FORGED]() };
    const offences = callbackSurfaceOffences(tool);
    expect(offences.length).toBeGreaterThan(0);
    for (const offence of offences) expect(`${offence.problem} ${offence.fix}`).not.toMatch(/[\r\n]/);
    const error = new CallbackSurfaceError(offences);
    expect(error.message.split("\n")).toHaveLength(1 + offences.length);
  });
});

describe("item 12: holes are wrong-typed entries", () => {
  test.each([
    ["required", validSchema({ required: [, "name"] }), 'actions["a"].required', 0, "entry 0 is a hole"],
    ["related", validSchema({ related: new Array(3) }), 'actions["a"].related', 0, "entries 0–2 are holes"],
    ["examples", validSchema({ examples: [{ name: "x" }, , { name: "y" }] }), 'actions["a"].examples', 1, "entry 1 is a hole"],
    [
      "requiredOneOf (a group)",
      validSchema({ requiredOneOf: [["name"], , ["opts"]] }),
      'actions["a"].requiredOneOf',
      1,
      "entry 1 is a hole",
    ],
    [
      "requiredOneOf (inside a group)",
      validSchema({ requiredOneOf: [["name", , "opts"]] }),
      'actions["a"].requiredOneOf[0]',
      1,
      "entry 1 is a hole",
    ],
  ])("a hole in %s", (_key, schema, location, index, problem) => {
    expect(offencesOfSchema(schema)).toEqual([expect.objectContaining({ location, index, code: "wrong_type", problem })]);
  });

  test("a huge sparse list is reported as one run, without visiting every index", () => {
    const started = performance.now();
    expect(offencesOfSchema(validSchema({ related: new Array(2 ** 32 - 1) }))).toEqual([
      expect.objectContaining({ problem: "entries 0–4294967294 are holes" }),
    ]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("item 13: symbol keys are offences wherever the walk or the meta-schema check reads", () => {
  const tag = Symbol("k");
  test.each([
    ["a property schema (a keyword key)", { p: { type: "string", [tag]: 1 } }, 'actions["a"].properties["p"]'],
    ["an items schema", { p: { type: "array", items: { type: "string", [tag]: 1 } } }, 'actions["a"].properties["p"]["items"]'],
    [
      "an additionalProperties schema",
      { p: { type: "object", additionalProperties: { [tag]: 1 } } },
      'actions["a"].properties["p"]["additionalProperties"]',
    ],
    [
      "an anyOf branch (read by the meta-schema check)",
      { p: { anyOf: [{ type: "string", [tag]: 1 }] } },
      'actions["a"].properties["p"]["anyOf"][0]',
    ],
    ["a $defs entry", { p: { $defs: { d: { [tag]: 1 } }, $ref: "#/$defs/d" } }, 'actions["a"].properties["p"]["$defs"]["d"]'],
  ])("in %s", (_label, properties, location) => {
    expect(codes(offencesOfSchema(validSchema({ properties })))).toEqual([[location, "Symbol(k)", "symbol_key"]]);
  });

  test("in an example", () => {
    expect(codes(offencesOfSchema(validSchema({ examples: [{ name: "x", [tag]: 1 }] })))).toEqual([
      ['actions["a"].examples[0]', "Symbol(k)", "invalid_example"],
    ]);
  });
});

describe("item 13 (and 9): a property schema's contents are JSON, as help publishes them", () => {
  test.each([
    // Before: accepted; the inherited `type: "string"` was silently dropped (p: 1 passed the gate).
    [
      "an anyOf branch written with __proto__:",
      { p: { anyOf: [{ __proto__: { type: "string" } }] } },
      'actions["a"].properties["p"]["anyOf"]',
      0,
      "entry 0 is an object with a custom prototype",
    ],
    // Before: help published const: "1970-01-01T00:00:00.000Z", which the gate refused.
    ["a Date as const", { p: { const: new Date(0) } }, 'actions["a"].properties["p"]', "const", '"const" is a Date'],
    [
      "undefined as an enum entry (published as null)",
      { p: { enum: [undefined, 1] } },
      'actions["a"].properties["p"]["enum"]',
      0,
      "entry 0 is undefined",
    ],
    ["NaN as a bound", { p: { type: "number", minimum: Number.NaN } }, 'actions["a"].properties["p"]', "minimum", '"minimum" is NaN'],
    ["a hole in an enum", { p: { enum: [1, , 3] } }, 'actions["a"].properties["p"]["enum"]', 1, "entry 1 is a hole"],
  ])("%s is an offence", (_label, properties, location, keyOrIndex, problem) => {
    expect(offencesOfSchema(validSchema({ properties }))).toEqual([
      expect.objectContaining({
        location,
        ...(typeof keyOrIndex === "number" ? { index: keyOrIndex } : { key: keyOrIndex }),
        code: "invalid_schema",
        problem,
      }),
    ]);
  });

  test("a keyword written as undefined is named as such (before: the meta-schema check's 'could not be checked')", () => {
    expect(codes(offencesOfSchema(validSchema({ properties: { p: { type: "string", description: undefined } } })))).toEqual([
      ['actions["a"].properties["p"]', "description", "invalid_schema"],
    ]);
    expect(offencesOfSchema(validSchema({ properties: { p: { type: "string", description: undefined } } }))[0]!.problem).toBe(
      '"description" is undefined',
    );
    expect(offencesOfSchema(validSchema({ properties: { p: { type: "array", items: undefined } } }))).toEqual([
      expect.objectContaining({ key: "items", code: "invalid_schema", problem: '"items" is undefined' }),
    ]);
  });
});

describe("item 9 (runtime side): what the runtime reports for an object literal with __proto__:", () => {
  test.each([
    ["the action record", () => offencesOf({ __proto__: { a: validSchema() } }), [["actions", undefined, "actions_not_object"]]],
    ["an action schema", () => offencesOf({ a: { __proto__: validSchema() } }), [['actions["a"]', undefined, "schema_not_object"]]],
    [
      "properties",
      () => offencesOfSchema({ description: "d", properties: { __proto__: { x: {} } } }),
      [['actions["a"]', "properties", "wrong_type"]],
    ],
    [
      "a property schema",
      () => offencesOfSchema(validSchema({ properties: { p: { __proto__: { type: "string" } } } })),
      [['actions["a"].properties', "p", "wrong_type"]],
    ],
    [
      "defaults",
      () => offencesOfSchema(validSchema({ defaults: { __proto__: { name: "x" } } })),
      [['actions["a"]', "defaults", "wrong_type"]],
    ],
    [
      "a default",
      () => offencesOfSchema(validSchema({ defaults: { opts: { __proto__: { due: "x" } } } })),
      [['actions["a"].defaults', "opts", "invalid_default"]],
    ],
  ])("in %s", (_label, run, expected) => {
    const offences = run();
    expect(codes(offences)).toEqual(expected);
    if (offences[0]!.code !== "actions_not_object") expect(offences[0]!.problem).toMatch(/an object with a custom prototype$/);
  });

  test('__proto__: null is a plain (null-prototype) object, and a computed ["__proto__"] key is an own key', () => {
    expect(offencesOfSchema(validSchema({ properties: { __proto__: null, name: { type: "string" } } }))).toEqual([]);
    expect(codes(offencesOfSchema(validSchema({ ["__proto__"]: 1 })))).toEqual([['actions["a"]', "__proto__", "unknown_key"]]);
  });

  test("validate throws for every case above", () => {
    expect(() => validate(toolOf({ a: validSchema({ defaults: { opts: { __proto__: { due: "x" } } } }) }))).toThrow(ActionSchemaError);
  });
});
